import { useEffect } from 'react'
import type { SocketClient } from '../lib/socket/index.ts'
import { useSessionStore } from '../lib/session-store.ts'

/** The socket lives exactly as long as a signed-in session. */
export function SocketLifecycle({ client }: { client: SocketClient }) {
  const userId = useSessionStore((s) => s.user?.id ?? null)
  useEffect(() => {
    if (!userId) return
    client.connect()
    return () => client.disconnect()
  }, [client, userId])
  return null
}
