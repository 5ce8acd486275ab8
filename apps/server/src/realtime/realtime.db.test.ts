import fs from 'node:fs'
import path from 'node:path'
import type { InitPayload, OnlineUser, User } from '@shelfcast/contracts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { connectSocket, sleep, type TestSocket } from '../test-support/socket-client.ts'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../test-support/test-app.ts'

describe('socket.io: auth handshake, online users, disconnect on revocation', () => {
  let t: TestApp
  let root: LoggedIn
  let base: string
  const open: TestSocket[] = []

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    base = await t.listen()
  })
  afterEach(() => {
    for (const s of open.splice(0)) s.close()
  })
  afterAll(() => t.close())

  const connect = async (p = '/socket.io') => {
    const s = await connectSocket(base, p)
    open.push(s)
    return s
  }
  const authed = async (token: string, p?: string) => {
    const s = await connect(p)
    const r = await s.auth(token)
    if (r.event !== 'init') throw new Error('socket auth failed')
    return s
  }
  let n = 0
  const newUser = async (body: Record<string, unknown> = {}) => {
    const username = `user${++n}`
    const user = await t.createUser(root.accessToken, { username, password: 'pw', ...body })
    return { user, session: await t.login(username, 'pw') }
  }

  it('answers auth with init {userId, username} on /socket.io and /audiobookshelf/socket.io', async () => {
    const { user, session } = await newUser()
    for (const p of ['/socket.io', '/audiobookshelf/socket.io']) {
      const s = await connect(p)
      const r = await s.auth(session.accessToken)
      expect(r.event).toBe('init')
      expect(r.payload).toEqual({ userId: user.id, username: user.username })
    }
  })

  it('refuses, in tests, to send a payload outside its event contract', async () => {
    const { user, session } = await newUser()
    await authed(session.accessToken)
    const bad = { id: 'i1' } as unknown as { id: string; libraryId: string }
    expect(() => t.ctx.realtime.toUser(user.id, 'item_removed', bad)).toThrow(
      /socket event item_removed sent outside its contract: libraryId/,
    )
    expect(() => t.ctx.realtime.toUser(user.id, 'item_removed', { id: 'i1', libraryId: 'l1' })).not.toThrow()
  })

  it('gives admins the online users in init', async () => {
    const { user, session } = await newUser()
    await authed(session.accessToken)
    const s = await connect()
    const r = await s.auth(root.accessToken)
    const init = r.payload as InitPayload
    expect(init.userId).toBe(root.user.id)
    expect(init.usersOnline?.map((u) => u.id)).toEqual(expect.arrayContaining([user.id, root.user.id]))
    expect(JSON.stringify(init)).not.toMatch(/argon2|password/i)
  })

  it('answers a bad token with auth_failed', async () => {
    const s = await connect()
    for (const token of [
      'garbage',
      root.refreshToken,
      '',
      42,
      { token: root.accessToken },
      'x'.repeat(10_000),
    ]) {
      const r = await s.auth(token)
      expect(r.event).toBe('auth_failed')
      expect(r.payload).toEqual({ message: expect.any(String) })
    }
    expect(s.received('init')).toEqual([])
  })

  it('accepts an API key', async () => {
    const { user } = await newUser()
    const res = await t.call('POST', '/api/api-keys', root.accessToken, { name: 'sock', userId: user.id })
    const key = res.json<{ apiKey: { apiKey: string } }>().apiKey.apiKey
    const s = await connect()
    expect((await s.auth(key)).payload).toEqual({ userId: user.id, username: user.username })
  })

  it('tells admins when a user comes online and goes offline', async () => {
    const adminSocket = await authed(root.accessToken)
    const { user, session } = await newUser()
    const s = await authed(session.accessToken, '/audiobookshelf/socket.io')
    const online = await adminSocket.waitFor<OnlineUser>('user_online', (u) => u.id === user.id)
    expect(online).toMatchObject({ id: user.id, username: user.username, online: true })
    s.close()
    await adminSocket.waitFor<OnlineUser>('user_offline', (u) => u.id === user.id)
  })

  it('does not send admin events to normal users', async () => {
    const { session } = await newUser()
    const s = await authed(session.accessToken)
    await newUser()
    await sleep(100)
    expect(s.received('user_online')).toEqual([])
    expect(s.received('user_added')).toEqual([])
  })

  it('makes an admin payload only while an admin is connected, once for both socket paths', async () => {
    let made = 0
    const payload = () => `message ${++made}`
    t.ctx.realtime.toAdmins('admin_message', payload)
    expect(made).toBe(0)
    const a = await authed(root.accessToken)
    const b = await authed(root.accessToken, '/audiobookshelf/socket.io')
    t.ctx.realtime.toAdmins('admin_message', payload)
    expect(made).toBe(1)
    expect(await a.waitFor('admin_message')).toEqual('message 1')
    expect(await b.waitFor('admin_message')).toEqual('message 1')
  })

  it('disabling a user disconnects their sockets at once', async () => {
    const adminSocket = await authed(root.accessToken)
    const { user, session } = await newUser()
    const a = await authed(session.accessToken)
    const b = await authed(session.accessToken, '/audiobookshelf/socket.io')
    await t.call('PATCH', `/api/users/${user.id}`, root.accessToken, { isActive: false })
    expect(await a.disconnected()).toBe('io server disconnect')
    expect(await b.disconnected()).toBe('io server disconnect')
    await adminSocket.waitFor<OnlineUser>('user_offline', (u) => u.id === user.id)
    // And the token no longer opens a socket session.
    expect((await (await connect()).auth(session.accessToken)).event).toBe('auth_failed')
  })

  it('deleting a user disconnects their sockets', async () => {
    const { user, session } = await newUser()
    const s = await authed(session.accessToken)
    await t.call('DELETE', `/api/users/${user.id}`, root.accessToken)
    expect(await s.disconnected()).toBe('io server disconnect')
  })

  it("changing one's password drops the other sessions' sockets and keeps this one", async () => {
    const { session } = await newUser()
    const other = await t.login(session.user.username, 'pw')
    const mine = await authed(session.accessToken)
    const theirs = await authed(other.accessToken)
    const res = await t.call('PATCH', '/api/me/password', session.accessToken, {
      password: 'pw',
      newPassword: 'pw2',
    })
    expect(res.statusCode).toBe(200)
    expect(await theirs.disconnected()).toBe('io server disconnect')
    await sleep(100)
    expect(mine.socket.connected).toBe(true)
  })

  it('a downgraded admin stops receiving admin events', async () => {
    const { user, session } = await newUser({ type: 'admin' })
    const s = await authed(session.accessToken)
    expect((s.events.find((e) => e.event === 'init')?.payload as InitPayload).usersOnline).toBeDefined()
    await t.call('PATCH', `/api/users/${user.id}`, root.accessToken, { type: 'user' })
    await s.waitFor<User>('user_updated', (u) => u.id === user.id && u.type === 'user')
    const before = s.events.length
    const { user: later } = await newUser()
    const { session: laterSession } = { session: await t.login(later.username, 'pw') }
    await authed(laterSession.accessToken)
    await sleep(150)
    const leaked = s.events.slice(before).filter((e) => ['user_added', 'user_online'].includes(e.event))
    expect(leaked).toEqual([])
  })

  it('library events reach only users who may see the library, with access read live', async () => {
    const { user, session } = await newUser()
    const s = await authed(session.accessToken)
    await t.call('PATCH', `/api/users/${user.id}`, root.accessToken, {
      permissions: { accessAllLibraries: false },
    })
    await s.waitFor<User>('user_updated', (u) => u.permissions.accessAllLibraries === false)
    const adminSocket = await authed(root.accessToken)
    const folder = path.join(t.dir, 'media', 'lib')
    fs.mkdirSync(folder, { recursive: true })
    const created = await t.call('POST', '/api/libraries', root.accessToken, {
      name: 'Hidden',
      folders: [{ fullPath: folder }],
    })
    expect(created.statusCode).toBe(200)
    await adminSocket.waitFor('library_added')
    await sleep(100)
    expect(s.received('library_added')).toEqual([])
  })
})

describe('closing the app with sockets still connected', () => {
  it('closes promptly and drops the clients', async () => {
    const { t, root } = await createInitialisedApp()
    const base = await t.listen()
    const s = await connectSocket(base)
    await s.auth(root.accessToken)
    const started = Date.now()
    await t.close()
    // A close that waited for the clients would take the 25 s ping interval at least.
    expect(Date.now() - started).toBeLessThan(10_000)
    await s.disconnected()
  })
})
