export { ServerSettingsPage } from './components/ServerSettingsPage.tsx'
export { useUpdateServerSettings } from './api.ts'
