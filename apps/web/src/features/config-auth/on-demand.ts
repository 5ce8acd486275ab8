// What the app loads on demand: the Authentication settings page.
export { AuthSettingsPage } from './components/AuthSettingsPage.tsx'
