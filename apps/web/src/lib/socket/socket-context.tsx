import { createContext, useContext, type ReactNode } from 'react'
import type { SocketClient } from './socket-client.ts'

const SocketClientContext = createContext<SocketClient | null>(null)

export function SocketClientProvider({
  client,
  children,
}: {
  client: SocketClient | null
  children: ReactNode
}) {
  return <SocketClientContext value={client}>{children}</SocketClientContext>
}

/** The app's socket, to emit client events (cancel_scan); null where none runs (tests). */
export function useSocketClient(): SocketClient | null {
  return useContext(SocketClientContext)
}
