// What the app loads on demand: the admin page.
export { LogsPage } from './components/LogsPage.tsx'
