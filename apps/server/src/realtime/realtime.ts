import { isAdminOrUp } from '@shelfcast/contracts'
import type { IncomingMessage, Server as HttpServer } from 'node:http'
import { Server as SocketServer, type Socket } from 'socket.io'
import {
  serverEvents,
  type ClientToServerEvents,
  type InitPayload,
  type OnlineUser,
  type PlaybackSession,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { assertContract, checkContracts } from '../config/contract-checks.ts'
import { toUserSummary, type UserRecord } from '../modules/users/users.model.ts'

/** Resolves a bearer token to its user and login session (null for API keys), or null. */
export type SocketAuthenticator = (
  token: string,
) => Promise<{ user: UserRecord; sessionId: string | null } | null>
type ClientSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>
interface SocketData {
  userId?: string
  sessionId?: string | null
}

/** Limits on sockets that anyone on the network can open before logging in. */
export interface RealtimeOptions {
  /** A socket that has not authenticated by then is dropped (also one that never joins a namespace). */
  authTimeoutMs?: number
  /** Sockets open at once per client address, authenticated or not. */
  maxSocketsPerAddress?: number
  /** Read the client address from X-Forwarded-For (only behind a configured proxy, like the rate limiter). */
  trustProxy?: boolean
}
export const SOCKET_AUTH_TIMEOUT_MS = 20_000
export const MAX_SOCKETS_PER_ADDRESS = 50

/** The client address of a socket's HTTP request, as `request.ip` decides it for the REST routes. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for']
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
  if (trustProxy && first) return first
  return req.socket.remoteAddress ?? 'unknown'
}

const userRoom = (id: string) => `user:${id}`
const sessionRoom = (id: string) => `session:${id}`
const ADMINS_ROOM = 'admins'
/** Audiobookshelf's log levels, TRACE 0 ... NOTE 6 (contracts logs.ts): one room of listening sockets per level. */
const LOG_LEVELS = 7
const logRoom = (level: number) => `log-listeners:${level}`
const ALL_LOG_ROOMS = Array.from({ length: LOG_LEVELS }, (_, level) => logRoom(level))
/** The events the server sends, and the payload each carries (packages/contracts/src/socket-events.ts). */
type ServerEvent = ServerEventName
type PayloadOf<E extends ServerEvent> = ServerEventPayload<E>

/** In tests, a payload outside its event's contract throws where it is sent (as answers do, see serve-route). */
function checked<E extends ServerEvent>(event: E, payload: PayloadOf<E>): PayloadOf<E> {
  if (checkContracts) assertContract(serverEvents[event], payload, `socket event ${event} sent`)
  return payload
}

/**
 * Socket.io for the whole server: one server per mount path (`/socket.io` and `{base}/socket.io`),
 * rooms per user and for admins, online-user tracking. Every event leaves through here, scoped to
 * the users allowed to see it.
 */
export class Realtime {
  private readonly servers: SocketServer[] = []
  private readonly online = new Map<string, { user: UserRecord; sockets: Set<string> }>()
  private readonly log: Logger
  private readonly listeners = new Map<string, Array<(user: UserRecord, payload: unknown) => void>>()
  private readonly options: Required<RealtimeOptions>
  /** Open engine connections per client address, across every mount path. */
  private readonly perAddress = new Map<string, number>()
  /** The user's open playback session, which online-user JSON carries like Audiobookshelf's (null: none). */
  private openSessionOf: (userId: string) => PlaybackSession | null = () => null
  constructor(log: Logger, options: RealtimeOptions = {}) {
    this.log = log
    this.options = {
      authTimeoutMs: options.authTimeoutMs ?? SOCKET_AUTH_TIMEOUT_MS,
      maxSocketsPerAddress: options.maxSocketsPerAddress ?? MAX_SOCKETS_PER_ADDRESS,
      trustProxy: options.trustProxy ?? false,
    }
  }

  /** Sockets open now from one client address (tests and diagnostics). */
  socketsFrom(address: string): number {
    return this.perAddress.get(address) ?? 0
  }

  attach(http: HttpServer, paths: string[], authenticate: SocketAuthenticator) {
    for (const path of paths) {
      const io = new SocketServer<
        ClientToServerEvents,
        ServerToClientEvents,
        Record<string, never>,
        SocketData
      >(http, {
        path,
        transports: ['websocket'],
        serveClient: false,
        maxHttpBufferSize: 1e6,
        pingInterval: 25000,
        pingTimeout: 20000,
        // An engine connection that never joins the namespace is closed as early as an unauthenticated socket.
        connectTimeout: this.options.authTimeoutMs,
        // Refused before the upgrade when the address is already at its cap.
        allowRequest: (req, callback) => {
          const full =
            this.socketsFrom(clientAddress(req, this.options.trustProxy)) >= this.options.maxSocketsPerAddress
          callback(full ? 'Too many connections' : null, !full)
        },
      })
      io.engine.on(
        'connection',
        (conn: { request: IncomingMessage; close(): void; once(e: 'close', f: () => void): void }) =>
          this.countConnection(conn),
      )
      io.on('connection', (socket) => this.onConnection(socket, authenticate))
      this.servers.push(io as unknown as SocketServer)
    }
  }

  /** Where online-user JSON (init's usersOnline, user_online, user_offline) finds a user's open session. */
  setOpenSessionSource(source: (userId: string) => PlaybackSession | null) {
    this.openSessionOf = source
  }

  /** Lets modules react to client events (e.g. cancel_scan) with the authenticated user. */
  onClientEvent(event: string, handler: (user: UserRecord, payload: unknown) => void) {
    const list = this.listeners.get(event) ?? []
    list.push(handler)
    this.listeners.set(event, list)
  }

  /**
   * Counts an engine connection against its address until it closes. Connections accepted at the
   * same moment can pass `allowRequest` together, so the cap is enforced again here, where they arrive one by one.
   */
  private countConnection(conn: {
    request: IncomingMessage
    close(): void
    once(e: 'close', f: () => void): void
  }) {
    const address = clientAddress(conn.request, this.options.trustProxy)
    const count = this.socketsFrom(address) + 1
    this.perAddress.set(address, count)
    conn.once('close', () => {
      const left = this.socketsFrom(address) - 1
      if (left > 0) this.perAddress.set(address, left)
      else this.perAddress.delete(address)
    })
    if (count > this.options.maxSocketsPerAddress) {
      this.log.info({ address }, 'socket refused: too many connections from one address')
      conn.close()
    }
  }

  private onConnection(socket: ClientSocket, authenticate: SocketAuthenticator) {
    // Until it authenticates a socket costs memory and a ping every 25 s for nothing: drop it in time.
    // Armed again when a logged-in socket's later `auth` fails, so it does not linger logged out either.
    let authTimer: NodeJS.Timeout | undefined
    const armAuthTimer = () => {
      clearTimeout(authTimer)
      authTimer = setTimeout(() => {
        if (!socket.data.userId) socket.disconnect(true)
      }, this.options.authTimeoutMs)
      authTimer.unref()
    }
    armAuthTimer()
    socket.on('auth', async (token: unknown) => {
      const auth =
        typeof token === 'string' && token.length < 8192 ? await authenticate(token).catch(() => null) : null
      if (!auth) {
        // Only a socket that was logged in gets a new deadline: failing again and again extends nothing.
        const wasAuthenticated = !!socket.data.userId
        this.leave(socket)
        socket.emit('auth_failed', checked('auth_failed', { message: 'Invalid token' }))
        if (wasAuthenticated) armAuthTimer()
        return
      }
      const { user, sessionId } = auth
      if (socket.data.userId) this.leave(socket)
      socket.data.userId = user.id
      socket.data.sessionId = sessionId
      void socket.join(userRoom(user.id))
      if (sessionId) void socket.join(sessionRoom(sessionId))
      if (isAdminOrUp(user.type)) void socket.join(ADMINS_ROOM)
      const wasOnline = this.online.has(user.id)
      const entry = this.online.get(user.id) ?? { user, sockets: new Set<string>() }
      entry.user = user
      entry.sockets.add(socket.id)
      this.online.set(user.id, entry)
      const payload: InitPayload = { userId: user.id, username: user.username }
      if (isAdminOrUp(user.type)) payload.usersOnline = this.usersOnline()
      socket.emit('init', checked('init', payload))
      if (!wasOnline) this.toAdmins('user_online', () => this.onlineUser(user))
    })
    socket.on('cancel_scan', (libraryId: unknown) => this.dispatch(socket, 'cancel_scan', libraryId))
    socket.on('set_log_listener', (level: unknown) => this.setLogListener(socket, level))
    socket.on('remove_log_listener', () => this.stopLogListener(socket))
    socket.on('disconnect', () => {
      clearTimeout(authTimer)
      this.leave(socket)
    })
  }

  /** An admin's socket (its Logs page open) gets `log` lines at `level` or above from now on, until it stops. */
  private setLogListener(socket: ClientSocket, level: unknown) {
    const entry = socket.data.userId ? this.online.get(socket.data.userId) : undefined
    if (!entry || !isAdminOrUp(entry.user.type)) return
    if (typeof level !== 'number' || !Number.isInteger(level) || level < 0 || level >= LOG_LEVELS) return
    this.stopLogListener(socket)
    void socket.join(logRoom(level))
  }

  private stopLogListener(socket: ClientSocket) {
    for (const room of ALL_LOG_ROOMS) void socket.leave(room)
  }

  /** A log line to the sockets listening at its level or below (socket.io sends it once per socket). */
  toLogListeners(level: number, payload: PayloadOf<'log'>) {
    const rooms = ALL_LOG_ROOMS.slice(0, Math.min(Math.max(level, 0), LOG_LEVELS - 1) + 1)
    let made: PayloadOf<'log'> | null = null
    for (const io of this.servers) {
      if (!rooms.some((room) => io.sockets.adapter.rooms.get(room)?.size)) continue
      made ??= checked('log', payload)
      io.to(rooms).emit('log', made)
    }
  }

  /** How many sockets listen for log lines now (tests and diagnostics). */
  listeningSockets(): number {
    const ids = new Set<string>()
    for (const io of this.servers)
      for (const room of ALL_LOG_ROOMS) for (const id of io.sockets.adapter.rooms.get(room) ?? []) ids.add(id)
    return ids.size
  }

  private dispatch(socket: ClientSocket, event: string, payload: unknown) {
    const entry = socket.data.userId ? this.online.get(socket.data.userId) : undefined
    if (!entry) return
    for (const handler of this.listeners.get(event) ?? []) {
      try {
        handler(entry.user, payload)
      } catch (err) {
        this.log.warn({ err, event }, 'socket handler failed')
      }
    }
  }

  private leave(socket: ClientSocket) {
    const userId = socket.data.userId
    if (!userId) return
    socket.data.userId = undefined
    void socket.leave(userRoom(userId))
    if (socket.data.sessionId) void socket.leave(sessionRoom(socket.data.sessionId))
    void socket.leave(ADMINS_ROOM)
    this.stopLogListener(socket)
    const entry = this.online.get(userId)
    if (!entry) return
    entry.sockets.delete(socket.id)
    if (entry.sockets.size === 0) {
      this.online.delete(userId)
      this.toAdmins('user_offline', () => this.onlineUser(entry.user))
    }
  }

  private onlineUser(u: UserRecord): OnlineUser {
    return { ...toUserSummary(u), online: true, session: this.openSessionOf(u.id) }
  }

  /** Whether any authenticated socket is open (cheap: events skip building payloads nobody would receive). */
  anyoneOnline(): boolean {
    return this.online.size > 0
  }

  /** Audiobookshelf's online users: each with its open session and how many sockets it has open. */
  usersOnline(): OnlineUser[] {
    return [...this.online.values()].map((e) => ({ ...this.onlineUser(e.user), connections: e.sockets.size }))
  }

  toUser<E extends ServerEvent>(userId: string, event: E, payload: PayloadOf<E>) {
    this.toRoom(userRoom(userId), event, () => payload)
  }

  /** The payload is made only when an admin is connected (a play's session JSON is not free). */
  toAdmins<E extends ServerEvent>(event: E, payload: PayloadOf<E> | (() => PayloadOf<E>)) {
    this.toRoom(
      ADMINS_ROOM,
      event,
      typeof payload === 'function' ? (payload as () => PayloadOf<E>) : () => payload,
    )
  }

  /** Emits to a room's sockets; an empty room costs nothing (socket.io would encode the packet anyway). */
  private toRoom<E extends ServerEvent>(room: string, event: E, payload: () => PayloadOf<E>) {
    let made: { value: PayloadOf<E> } | null = null
    for (const io of this.servers) {
      if (!io.sockets.adapter.rooms.get(room)?.size) continue
      made ??= { value: checked(event, payload()) }
      const args = [made.value] as Parameters<ServerToClientEvents[E]>
      io.to(room).emit(event, ...args)
    }
  }

  /** The accounts online now that the predicate allows (for payloads that differ per recipient). */
  onlineUsersWhere(predicate: (user: UserRecord) => boolean): UserRecord[] {
    return [...this.online.values()].map((e) => e.user).filter(predicate)
  }

  /** To every authenticated user the predicate allows (library access, tag access ...). */
  toUsersWhere<E extends ServerEvent>(
    predicate: (user: UserRecord) => boolean,
    event: E,
    payload: PayloadOf<E>,
  ) {
    for (const { user } of this.online.values()) if (predicate(user)) this.toUser(user.id, event, payload)
  }

  /**
   * Takes a changed account into effect for its open sockets: per-recipient filters read the new
   * permissions, and the admins room follows the account type (a downgraded admin leaves it).
   */
  refreshUser(user: UserRecord) {
    const entry = this.online.get(user.id)
    if (entry) entry.user = user
    for (const io of this.servers) {
      const sockets = io.in(userRoom(user.id))
      if (isAdminOrUp(user.type)) sockets.socketsJoin(ADMINS_ROOM)
      else sockets.socketsLeave([ADMINS_ROOM, ...ALL_LOG_ROOMS])
    }
  }

  /** Drops every socket of a user at once (disabled, deleted), or all but one login session's. */
  disconnectUser(userId: string, keepSessionId?: string) {
    for (const io of this.servers) {
      const target = io.in(userRoom(userId))
      ;(keepSessionId ? target.except(sessionRoom(keepSessionId)) : target).disconnectSockets(true)
    }
  }

  /** Disconnects the sockets signed in with one login session (that device was signed out). */
  disconnectLoginSession(sessionId: string) {
    for (const io of this.servers) io.in(sessionRoom(sessionId)).disconnectSockets(true)
  }

  async close() {
    await Promise.all(this.servers.map((io) => io.close()))
  }
}
