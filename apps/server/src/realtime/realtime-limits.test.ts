import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { io } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../logger.ts'
import type { UserRecord } from '../modules/users/users.model.ts'
import { connectSocket, sleep, type TestSocket } from '../test-support/socket-client.ts'
import { Realtime, type RealtimeOptions } from './realtime.ts'

const user = { id: 'u1', username: 'reader', type: 'user' } as UserRecord

/** A real socket.io server on loopback whose only valid token is 'good'. */
async function startServer(options: RealtimeOptions) {
  const server = http.createServer()
  const realtime = new Realtime(silentLogger(), options)
  realtime.attach(server, ['/socket.io'], async (token) =>
    token === 'good' ? { user, sessionId: null } : null,
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    realtime,
    close: async () => {
      await realtime.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Connects with an X-Forwarded-For header; resolves 'connected' or the refusal. */
function connectFrom(base: string, forwardedFor: string) {
  const socket = io(base, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { 'x-forwarded-for': forwardedFor },
  })
  const outcome = new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'))
    socket.once('connect_error', () => resolve('refused'))
  })
  return { socket, outcome }
}

describe('socket limits before login', () => {
  const cleanups: Array<() => unknown> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })
  const start = async (options: RealtimeOptions) => {
    const s = await startServer(options)
    cleanups.push(s.close)
    return s
  }
  const connect = async (base: string) => {
    const s = await connectSocket(base)
    cleanups.push(() => s.close())
    return s
  }

  it('drops a socket that has not authenticated in time, keeps one that has', async () => {
    const { base, realtime } = await start({ authTimeoutMs: 150 })
    const idle = await connect(base)
    const failed = await connect(base)
    expect((await failed.auth('bad')).event).toBe('auth_failed')
    const authed = await connect(base)
    expect((await authed.auth('good')).event).toBe('init')

    expect(await idle.disconnected(3000)).toBe('io server disconnect')
    expect(await failed.disconnected(3000)).toBe('io server disconnect')
    await sleep(300)
    expect(authed.socket.connected).toBe(true)
    // The dropped sockets no longer count against their address.
    await expect.poll(() => realtime.socketsFrom('127.0.0.1')).toBe(1)
  })

  it('gives no new deadline for failing again, and one to a socket whose login fails later', async () => {
    const { base } = await start({ authTimeoutMs: 300 })
    const retrying = await connect(base)
    const loggedOut = await connect(base)
    expect((await loggedOut.auth('good')).event).toBe('init')
    // Bad tokens sent more often than the deadline do not keep a socket alive.
    const retry = setInterval(() => retrying.socket.emit('auth', 'bad'), 100)
    try {
      expect(await retrying.disconnected(3000)).toBe('io server disconnect')
    } finally {
      clearInterval(retry)
    }

    await sleep(300)
    expect(loggedOut.socket.connected).toBe(true)
    expect((await loggedOut.auth('bad')).event).toBe('auth_failed')
    expect(await loggedOut.disconnected(3000)).toBe('io server disconnect')
  })

  it('caps the sockets open at once per address and frees a place when one closes', async () => {
    const { base } = await start({ maxSocketsPerAddress: 3 })
    const sockets: TestSocket[] = []
    for (let i = 0; i < 3; i++) sockets.push(await connect(base))
    await expect(connectSocket(base)).rejects.toThrow()

    sockets[0]!.close()
    await expect
      .poll(async () => {
        const again = await connectSocket(base).catch(() => null)
        again?.close()
        return again !== null
      })
      .toBe(true)
  })

  it('does not let many parallel connections slip past the cap', async () => {
    const { base, realtime } = await start({ maxSocketsPerAddress: 5 })
    const attempts = Array.from({ length: 30 }, () => connectFrom(base, '203.0.113.9'))
    cleanups.push(() => attempts.forEach((a) => a.socket.disconnect()))
    await Promise.all(attempts.map((a) => a.outcome))
    await expect.poll(() => attempts.filter((a) => a.socket.connected).length).toBeLessThanOrEqual(5)
    await expect.poll(() => realtime.socketsFrom('127.0.0.1')).toBeLessThanOrEqual(5)
  })

  it('trusts X-Forwarded-For only behind a configured proxy', async () => {
    const direct = await start({ maxSocketsPerAddress: 1 })
    const first = connectFrom(direct.base, '198.51.100.1')
    cleanups.push(() => first.socket.disconnect())
    expect(await first.outcome).toBe('connected')
    // A spoofed header does not make a second address.
    const spoofed = connectFrom(direct.base, '198.51.100.2')
    cleanups.push(() => spoofed.socket.disconnect())
    expect(await spoofed.outcome).toBe('refused')

    const proxied = await start({ maxSocketsPerAddress: 1, trustProxy: true })
    const a = connectFrom(proxied.base, '198.51.100.1')
    const b = connectFrom(proxied.base, '198.51.100.2, 127.0.0.1')
    const again = connectFrom(proxied.base, '198.51.100.1')
    cleanups.push(() => [a, b, again].forEach((x) => x.socket.disconnect()))
    expect(await a.outcome).toBe('connected')
    expect(await b.outcome).toBe('connected')
    expect(await again.outcome).toBe('refused')
    expect(proxied.realtime.socketsFrom('198.51.100.2')).toBe(1)
  })
})
