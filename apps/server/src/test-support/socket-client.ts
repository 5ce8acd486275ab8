import { io, type Socket } from 'socket.io-client'

/**
 * A real socket.io client (websocket transport, no reconnection) that records every event it
 * receives, so a test can wait for one or assert that one never came.
 */
export interface TestSocket {
  socket: Socket
  /** Every event received so far, in order. */
  events: { event: string; payload: unknown }[]
  /** Resolves with the payload of the first matching event (already received or still to come). */
  waitFor<T = unknown>(event: string, match?: (payload: T) => boolean, timeoutMs?: number): Promise<T>
  /** Resolves once `check` holds over what has been received (e.g. every item of several chunks is in). */
  waitUntil(check: () => boolean, what: string, timeoutMs?: number): Promise<void>
  /** Resolves once the server has dropped the connection. */
  disconnected(timeoutMs?: number): Promise<string>
  /** Emits `auth` and resolves with 'init' or 'auth_failed'. */
  auth(token: unknown): Promise<{ event: 'init' | 'auth_failed'; payload: unknown }>
  received(event: string): unknown[]
  close(): void
}

/**
 * How long a wait for an event may take before the test fails: a ceiling, never a pace (a wait returns as soon as
 * the event is there), generous because a busy machine can be slow to deliver what is certain to come.
 */
const EVENT_WAIT_MS = 15_000

export async function connectSocket(baseUrl: string, path = '/socket.io'): Promise<TestSocket> {
  const socket = io(baseUrl, {
    path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: EVENT_WAIT_MS,
  })
  const events: { event: string; payload: unknown }[] = []
  const waiters = new Set<() => void>()
  socket.onAny((event: string, payload: unknown) => {
    events.push({ event, payload })
    for (const w of [...waiters]) w()
  })
  let disconnectReason: string | null = null
  socket.on('disconnect', (reason) => {
    disconnectReason = reason
    for (const w of [...waiters]) w()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', (err) => reject(err))
  })

  const until = <T>(check: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const first = check()
      if (first !== undefined) return resolve(first)
      const timer = setTimeout(() => {
        waiters.delete(poll)
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(events.map((e) => e.event))}`))
      }, timeoutMs)
      const poll = () => {
        const v = check()
        if (v === undefined) return
        clearTimeout(timer)
        waiters.delete(poll)
        resolve(v)
      }
      waiters.add(poll)
    })

  const t: TestSocket = {
    socket,
    events,
    waitFor<T>(event: string, match: (payload: T) => boolean = () => true, timeoutMs = EVENT_WAIT_MS) {
      return until<T>(
        () => {
          const hit = events.find((e) => e.event === event && match(e.payload as T))
          return hit ? (hit.payload as T) : undefined
        },
        event,
        timeoutMs,
      )
    },
    async waitUntil(check, what, timeoutMs = EVENT_WAIT_MS) {
      await until(() => (check() ? true : undefined), what, timeoutMs)
    },
    disconnected(timeoutMs = EVENT_WAIT_MS) {
      return until(() => disconnectReason ?? undefined, 'disconnect', timeoutMs)
    },
    async auth(token) {
      const before = events.length
      socket.emit('auth', token)
      return until(
        () => {
          const hit = events.slice(before).find((e) => e.event === 'init' || e.event === 'auth_failed')
          return hit ? { event: hit.event as 'init' | 'auth_failed', payload: hit.payload } : undefined
        },
        'init or auth_failed',
        EVENT_WAIT_MS,
      )
    },
    received: (event) => events.filter((e) => e.event === event).map((e) => e.payload),
    close: () => void socket.disconnect(),
  }
  return t
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
