/** The settings page, fetched when it opens (never in the first load nor with the pages that use the hooks). */
export { ServerSettingsPage } from './components/ServerSettingsPage.tsx'
