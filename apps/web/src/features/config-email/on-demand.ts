// What the app loads on demand: the admin page and the account page's own-devices section.
export { EmailSettingsPage } from './components/EmailSettingsPage.tsx'
export { OwnEreaderDevices } from './components/OwnEreaderDevices.tsx'
