export { registerCustomProviderSocketHandlers } from './socket-handlers.ts'
