export { useUsers } from './api.ts'
export { registerUserAdminSocketHandlers } from './socket-handlers.ts'
