// What the app loads on demand: the admin's session pages, in their own chunk (never in the first load).
export { ListeningSessionsPage } from './components/ListeningSessionsPage.tsx'
export { OpenSessionsPage } from './components/OpenSessionsPage.tsx'
export { UserSessionsPage } from './components/UserSessionsPage.tsx'
