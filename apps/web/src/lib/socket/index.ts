export { SocketClient } from './socket-client.ts'
export type {
  ShelfcastSocket,
  SocketClientOptions,
  SocketState,
  SocketToast,
  SocketToastKey,
} from './socket-client.ts'
export { bridgeSocketToQueryCache, socketEvents, SocketEventRegistry } from './socket-query-bridge.ts'
export type { ServerEventName, SocketEventContext, SocketEventHandler } from './socket-query-bridge.ts'
export { SocketClientProvider, useSocketClient } from './socket-context.tsx'
