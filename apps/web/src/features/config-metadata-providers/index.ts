export { CustomProvidersPage } from './components/CustomProvidersPage.tsx'
export { registerCustomProviderSocketHandlers } from './socket-handlers.ts'
