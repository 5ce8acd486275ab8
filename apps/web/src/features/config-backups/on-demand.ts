// What the app loads on demand: the admin page.
export { BackupsPage } from './components/BackupsPage.tsx'
