import { describe, expect, it, vi } from 'vitest'
import { SocketClient } from './socket-client.ts'

// socket.io-client is imported on demand by connect(); here it answers with a recording stand-in.
const opened = vi.hoisted(() => [] as { path: string; disconnected: boolean; on: () => void }[])
vi.mock('socket.io-client', () => ({
  io: (options: { path: string }) => {
    const socket = {
      path: options.path,
      disconnected: false,
      on: () => socket,
      onAny: () => socket,
      disconnect: () => {
        socket.disconnected = true
        return socket
      },
      removeAllListeners: () => socket,
    }
    opened.push(socket)
    return socket
  },
}))

const client = () =>
  new SocketClient({
    basePath: '/abs',
    getAccessToken: () => 'token',
    showConnectionToast: () => {},
    connectedToastMs: 5000,
  })

describe('socket client without an injected opener', () => {
  it('fetches socket.io-client on connect and opens one socket, however often connect is called', async () => {
    opened.length = 0
    const socket = client()
    socket.connect()
    socket.connect()
    expect(socket.current).toBeNull() // still fetching the chunk
    await vi.waitFor(() => expect(socket.current).not.toBeNull())
    expect(opened.map((s) => s.path)).toEqual(['/abs/socket.io'])
  })

  it('opens nothing when signed out while socket.io-client was being fetched', async () => {
    opened.length = 0
    const socket = client()
    socket.connect()
    socket.disconnect()
    await vi.waitFor(() => expect(opened).toHaveLength(1))
    expect(opened[0]!.disconnected).toBe(true)
    expect(socket.current).toBeNull()
  })
})
