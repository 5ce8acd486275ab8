/** The auth feature's pages fetched on demand (never in the first load). */
export { AccountPage } from './components/AccountPage.tsx'
