import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { SocketClient, type ShelfcastSocket, type SocketToast } from './socket-client.ts'
import { bridgeSocketToQueryCache, SocketEventRegistry } from './socket-query-bridge.ts'

/** Just enough of a socket.io client socket to drive the client from "the server" side. */
class FakeSocket {
  readonly emitted: unknown[][] = []
  private readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>()
  private readonly anyListeners: ((event: string, ...args: unknown[]) => void)[] = []

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListeners.push(listener)
    return this
  }
  emit(...args: unknown[]) {
    this.emitted.push(args)
    return this
  }
  disconnect() {
    this.fire('disconnect', 'io client disconnect')
    return this
  }
  removeAllListeners() {
    this.listeners.clear()
    return this
  }
  /** An event arriving from the server (or the transport). */
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
    if (!['connect', 'disconnect', 'connect_error'].includes(event)) {
      for (const listener of this.anyListeners) listener(event, ...args)
    }
  }
}

function setup(token: { value: string | null } = { value: 'token-1' }) {
  const socket = new FakeSocket()
  const toasts: SocketToast[] = []
  const open = vi.fn(() => socket as unknown as ShelfcastSocket)
  const client = new SocketClient({
    basePath: '/abs',
    getAccessToken: () => token.value,
    showConnectionToast: (t) => toasts.push(t),
    connectedToastMs: 5000,
    open,
  })
  client.connect()
  return { socket, toasts, client, open, token }
}

describe('socket client', () => {
  it('opens the socket under the base path and authenticates on connect', () => {
    const { socket, open } = setup()
    expect(open).toHaveBeenCalledWith('/abs/socket.io')
    socket.fire('connect')
    expect(socket.emitted).toEqual([['auth', 'token-1']])
  })

  it('stays silent on the first connection, then toasts success for 5 s on reconnection', () => {
    const { socket, toasts } = setup()
    socket.fire('connect')
    expect(toasts).toEqual([])
    socket.fire('disconnect', 'transport close')
    socket.fire('connect')
    expect(toasts).toEqual([
      { kind: 'error', messageKey: 'ToastSocketDisconnected', timeoutMs: null },
      { kind: 'success', messageKey: 'ToastSocketConnected', timeoutMs: 5000 },
    ])
  })

  it('shows a persistent error when connecting fails', () => {
    const { socket, toasts } = setup()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    socket.fire('connect_error', new Error('refused'))
    expect(toasts).toEqual([{ kind: 'error', messageKey: 'ToastSocketFailedToConnect', timeoutMs: null }])
  })

  it('does not report its own disconnect (logout) as a failure', () => {
    const { socket, client, toasts } = setup()
    socket.fire('connect')
    client.disconnect()
    expect(toasts).toEqual([])
  })

  it('tracks authentication from init and auth_failed', () => {
    const { socket, client } = setup()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    socket.fire('connect')
    expect(client.state.getState()).toMatchObject({ connected: true, authenticated: false })
    socket.fire('init', { userId: 'u1', username: 'root', usersOnline: [] })
    expect(client.state.getState().authenticated).toBe(true)
    socket.fire('auth_failed', { message: 'Invalid token' })
    expect(client.state.getState().authenticated).toBe(false)
  })

  it('re-authenticates with the new token after a refresh only when connected but unauthenticated', () => {
    const { socket, client, token } = setup()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    client.reauthenticate()
    expect(socket.emitted).toEqual([]) // not connected yet
    socket.fire('connect')
    socket.fire('auth_failed', { message: 'jwt expired' })
    token.value = 'token-2'
    client.reauthenticate()
    expect(socket.emitted.at(-1)).toEqual(['auth', 'token-2'])
    socket.fire('init', { userId: 'u1', username: 'root' })
    const before = socket.emitted.length
    client.reauthenticate()
    expect(socket.emitted).toHaveLength(before)
  })
})

describe('socket -> query cache bridge', () => {
  it('dispatches server events to the handlers features registered, with the query client', () => {
    const { socket, client } = setup()
    const registry = new SocketEventRegistry()
    const queryClient = new QueryClient()
    const seen: unknown[] = []
    registry.register('admin_message', (context, message) =>
      seen.push([context.queryClient === queryClient, message]),
    )
    const unbridge = bridgeSocketToQueryCache(client, queryClient, registry)
    socket.fire('admin_message', 'hello')
    unbridge()
    socket.fire('admin_message', 'ignored')
    expect(seen).toEqual([[true, 'hello']])
  })
})
