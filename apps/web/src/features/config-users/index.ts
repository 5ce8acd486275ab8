export { ConfigUsersPage } from './components/ConfigUsersPage.tsx'
export { useUsers } from './api.ts'
export { registerUserAdminSocketHandlers } from './socket-handlers.ts'
