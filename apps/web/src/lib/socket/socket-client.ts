import type { ClientToServerEvents, OnlineUser, ServerToClientEvents } from '@shelfcast/contracts'
import type { Socket } from 'socket.io-client'
import { createStore, type StoreApi } from 'zustand/vanilla'

export type ShelfcastSocket = Socket<ServerToClientEvents, ClientToServerEvents>

export interface SocketState {
  connected: boolean
  /** The server accepted our `auth` (answered `init`). */
  authenticated: boolean
  /** Sent to admins in `init`. */
  usersOnline: OnlineUser[]
}

export type SocketToastKey = 'ToastSocketConnected' | 'ToastSocketFailedToConnect' | 'ToastSocketDisconnected'

export interface SocketToast {
  kind: 'success' | 'error'
  messageKey: SocketToastKey
  /** null: stays until closed or replaced. */
  timeoutMs: number | null
}

export interface SocketClientOptions {
  basePath: string
  getAccessToken: () => string | null
  /** Shows (or replaces) the single socket-connection toast. */
  showConnectionToast: (toast: SocketToast) => void
  connectedToastMs: number
  /** Opens the socket; injected by tests. */
  open?: (path: string) => ShelfcastSocket
}

/** socket.io-client is fetched when the first connection opens (after sign-in), not with the first load. */
async function openWebsocket(path: string): Promise<ShelfcastSocket> {
  const { io } = await import('socket.io-client')
  return io({ path, transports: ['websocket'], reconnection: true, autoConnect: true })
}

/**
 * One socket.io connection per signed-in session: authenticates with the access token on every
 * (re)connect and reports connection changes with the toasts of spec §4.
 */
export class SocketClient {
  readonly state: StoreApi<SocketState> = createStore<SocketState>()(() => ({
    connected: false,
    authenticated: false,
    usersOnline: [],
  }))

  private socket: ShelfcastSocket | null = null
  /** A connection waits for socket.io-client's chunk. */
  private opening = false
  /** Moved by every disconnect, so a connection whose chunk arrives after a logout is not opened. */
  private generation = 0
  private hasConnectedBefore = false
  private readonly anyListeners = new Set<(event: string, ...args: unknown[]) => void>()
  private readonly options: SocketClientOptions

  constructor(options: SocketClientOptions) {
    this.options = options
  }

  get current(): ShelfcastSocket | null {
    return this.socket
  }

  connect(): void {
    if (this.socket || this.opening) return
    const path = `${this.options.basePath}/socket.io`
    if (this.options.open) {
      this.attach(this.options.open(path))
      return
    }
    this.opening = true
    const generation = this.generation
    openWebsocket(path).then(
      (socket) => {
        this.opening = false
        if (generation === this.generation && !this.socket) this.attach(socket)
        else socket.disconnect()
      },
      (error: unknown) => {
        this.opening = false
        console.error('[socket] could not load the socket client', error)
        if (generation !== this.generation) return
        this.options.showConnectionToast({
          kind: 'error',
          messageKey: 'ToastSocketFailedToConnect',
          timeoutMs: null,
        })
      },
    )
  }

  private attach(socket: ShelfcastSocket): void {
    this.socket = socket

    socket.on('connect', () => {
      this.state.setState({ connected: true, authenticated: false })
      this.sendAuth()
      // The very first connection is expected and silent; later ones are reconnections worth telling.
      if (this.hasConnectedBefore) {
        this.options.showConnectionToast({
          kind: 'success',
          messageKey: 'ToastSocketConnected',
          timeoutMs: this.options.connectedToastMs,
        })
      }
      this.hasConnectedBefore = true
    })
    socket.on('connect_error', (error) => {
      console.error('[socket] connect error', error)
      this.options.showConnectionToast({
        kind: 'error',
        messageKey: 'ToastSocketFailedToConnect',
        timeoutMs: null,
      })
    })
    socket.on('disconnect', (reason) => {
      this.state.setState({ connected: false, authenticated: false })
      // Our own disconnect (logout) is not a failure.
      if (reason === 'io client disconnect') return
      this.options.showConnectionToast({
        kind: 'error',
        messageKey: 'ToastSocketDisconnected',
        timeoutMs: null,
      })
    })
    socket.on('init', (payload) => {
      this.state.setState({ authenticated: true, usersOnline: payload.usersOnline ?? [] })
    })
    socket.on('auth_failed', (payload) => {
      console.error('[socket] auth failed', payload?.message)
      this.state.setState({ authenticated: false })
    })
    socket.onAny((event: string, ...args: unknown[]) => {
      for (const listener of this.anyListeners) listener(event, ...args)
    })
  }

  disconnect(): void {
    this.generation++
    this.opening = false
    const socket = this.socket
    if (!socket) return
    this.socket = null
    socket.disconnect()
    socket.removeAllListeners()
    this.hasConnectedBefore = false
    this.state.setState({ connected: false, authenticated: false, usersOnline: [] })
  }

  /** After a token refresh: a connected but unauthenticated socket tries again with the new token. */
  reauthenticate(): void {
    const { connected, authenticated } = this.state.getState()
    if (connected && !authenticated) this.sendAuth()
  }

  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void {
    this.socket?.emit(event, ...args)
  }

  /** Every server event, for the query-cache bridge. */
  onAnyEvent(listener: (event: string, ...args: unknown[]) => void): () => void {
    this.anyListeners.add(listener)
    return () => this.anyListeners.delete(listener)
  }

  private sendAuth(): void {
    const token = this.options.getAccessToken()
    if (token) this.socket?.emit('auth', token)
  }
}
