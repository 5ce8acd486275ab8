// What the app loads on demand: the admin page.
export { NotificationsPage } from './components/NotificationsPage.tsx'
