export { ConfigLibrariesPage } from './components/ConfigLibrariesPage.tsx'
export { registerLibraryAdminSocketHandlers } from './socket-handlers.ts'
