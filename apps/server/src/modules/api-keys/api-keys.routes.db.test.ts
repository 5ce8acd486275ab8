import type { ApiKey, User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'

type CreatedKey = ApiKey & { apiKey: string }

describe('API keys', () => {
  let t: TestApp
  let root: LoggedIn
  let admin: LoggedIn
  let adminUser: User
  let plainUser: User

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    adminUser = await t.createUser(root.accessToken, { username: 'admin1', password: 'pw', type: 'admin' })
    plainUser = await t.createUser(root.accessToken, { username: 'user1', password: 'pw' })
    admin = await t.login('admin1', 'pw')
  })
  afterAll(() => t.close())

  const createKey = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/api-keys', token, body)
    return { res, key: res.statusCode === 200 ? res.json<{ apiKey: CreatedKey }>().apiKey : null }
  }
  const mustCreate = async (token: string, body: Record<string, unknown>) => {
    const { res, key } = await createKey(token, body)
    if (!key) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`)
    return key
  }
  const status = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) => (await t.call(method, url, token, payload)).statusCode

  it('returns the key once; the list never shows it', async () => {
    const key = await mustCreate(root.accessToken, { name: 'reader app', userId: plainUser.id })
    expect(key.apiKey.split('.')).toHaveLength(3)
    expect(key).toMatchObject({
      name: 'reader app',
      userId: plainUser.id,
      isActive: true,
      expiresAt: null,
      createdByUserId: root.user.id,
    })
    const list = await t.call('GET', '/api/api-keys', root.accessToken)
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(key.apiKey)
    const listed = list.json<{ apiKeys: Record<string, unknown>[] }>().apiKeys
    expect(listed.map((k) => k.id)).toContain(key.id)
    expect(listed.every((k) => !('apiKey' in k))).toBe(true)
  })

  it('authenticates as its user (header; ?token= only on media URLs), and is not a refresh token', async () => {
    const key = await mustCreate(root.accessToken, { name: 'as user1', userId: plainUser.id })
    const me = await t.call('GET', '/api/me', key.apiKey)
    expect(me.statusCode).toBe(200)
    expect(me.json<User>().id).toBe(plainUser.id)
    expect((await t.inject({ method: 'GET', url: `/api/me?token=${key.apiKey}` })).statusCode).toBe(401)
    expect(
      (await t.inject({ method: 'GET', url: `/api/items/nope/file/1?token=${key.apiKey}` })).statusCode,
    ).toBe(404)
    expect(await status('GET', '/api/users', key.apiKey)).toBe(403)
    const refresh = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'x-refresh-token': key.apiKey },
    })
    expect(refresh.statusCode).toBe(401)
  })

  it("follows its user's rights live: downgrade loses admin routes, disable gives 401", async () => {
    const target = await t.createUser(root.accessToken, { username: 'admin2', password: 'pw', type: 'admin' })
    const key = await mustCreate(root.accessToken, { name: 'admin2 key', userId: target.id })
    expect(await status('GET', '/api/users', key.apiKey)).toBe(200)

    await t.call('PATCH', `/api/users/${target.id}`, root.accessToken, { type: 'user' })
    expect(await status('GET', '/api/users', key.apiKey)).toBe(403)
    expect(await status('GET', '/api/me', key.apiKey)).toBe(200)

    await t.call('PATCH', `/api/users/${target.id}`, root.accessToken, { isActive: false })
    expect(await status('GET', '/api/me', key.apiKey)).toBe(401)

    await t.call('DELETE', `/api/users/${target.id}`, root.accessToken)
    expect(await status('GET', '/api/me', key.apiKey)).toBe(401)
  })

  it('a request made with an API key cannot create, change or delete keys', async () => {
    const rootKey = await mustCreate(root.accessToken, { name: 'root key', userId: root.user.id })
    const victim = await mustCreate(root.accessToken, { name: 'victim', userId: plainUser.id })
    expect(await status('GET', '/api/users', rootKey.apiKey)).toBe(200) // a full-rights key ...
    expect((await createKey(rootKey.apiKey, { name: 'more', userId: root.user.id })).res.statusCode).toBe(403)
    expect(await status('PATCH', `/api/api-keys/${victim.id}`, rootKey.apiKey, { isActive: false })).toBe(403)
    expect(
      await status('PATCH', `/api/api-keys/${rootKey.id}`, rootKey.apiKey, { userId: root.user.id }),
    ).toBe(403)
    expect(await status('DELETE', `/api/api-keys/${victim.id}`, rootKey.apiKey)).toBe(403)
    expect(await status('GET', '/api/me', victim.apiKey)).toBe(200)
  })

  it('a disabled key is refused, and works again when re-enabled', async () => {
    const key = await mustCreate(root.accessToken, { name: 'toggle', userId: plainUser.id })
    expect(await status('PATCH', `/api/api-keys/${key.id}`, root.accessToken, { isActive: false })).toBe(200)
    expect(await status('GET', '/api/me', key.apiKey)).toBe(401)
    expect(await status('PATCH', `/api/api-keys/${key.id}`, root.accessToken, { isActive: true })).toBe(200)
    expect(await status('GET', '/api/me', key.apiKey)).toBe(200)
    const inactive = await mustCreate(root.accessToken, {
      name: 'born off',
      userId: plainUser.id,
      isActive: false,
    })
    expect(await status('GET', '/api/me', inactive.apiKey)).toBe(401)
  })

  it('a deleted key is refused', async () => {
    const key = await mustCreate(root.accessToken, { name: 'gone', userId: plainUser.id })
    expect(await status('DELETE', `/api/api-keys/${key.id}`, root.accessToken)).toBe(200)
    expect(await status('GET', '/api/me', key.apiKey)).toBe(401)
    expect(await status('DELETE', `/api/api-keys/${key.id}`, root.accessToken)).toBe(404)
  })

  it('an admin issues keys for itself and lower accounts only, and cannot touch root keys', async () => {
    expect((await createKey(admin.accessToken, { name: 'x', userId: root.user.id })).res.statusCode).toBe(403)
    const otherAdmin = await t.createUser(root.accessToken, {
      username: 'admin3',
      password: 'pw',
      type: 'admin',
    })
    expect((await createKey(admin.accessToken, { name: 'x', userId: otherAdmin.id })).res.statusCode).toBe(
      403,
    )
    expect((await createKey(admin.accessToken, { name: 'x', userId: adminUser.id })).res.statusCode).toBe(200)
    const forUser = await mustCreate(admin.accessToken, { name: 'x', userId: plainUser.id })
    expect(
      await status('PATCH', `/api/api-keys/${forUser.id}`, admin.accessToken, { userId: root.user.id }),
    ).toBe(403)

    const rootKey = await mustCreate(root.accessToken, { name: 'root only', userId: root.user.id })
    expect(await status('PATCH', `/api/api-keys/${rootKey.id}`, admin.accessToken, { isActive: false })).toBe(
      403,
    )
    expect(await status('DELETE', `/api/api-keys/${rootKey.id}`, admin.accessToken)).toBe(403)
    expect(await status('GET', '/api/me', rootKey.apiKey)).toBe(200)
  })

  it('is admin only, with readable validation', async () => {
    const user = await t.login('user1', 'pw')
    expect(await status('GET', '/api/api-keys', user.accessToken)).toBe(403)
    expect((await createKey(user.accessToken, { name: 'x', userId: plainUser.id })).res.statusCode).toBe(403)
    const noUser = await createKey(root.accessToken, { name: 'x' })
    expect(noUser.res.statusCode).toBe(400)
    expect(noUser.res.body).toBe('Must select a user')
    const unknownUser = await createKey(root.accessToken, { name: 'x', userId: 'nobody' })
    expect(unknownUser.res.statusCode).toBe(400)
    expect((await createKey(root.accessToken, { userId: plainUser.id })).res.body).toBe('Name is required')
  })

  it('an expiring key stops working when it expires (fake clock; runs last: it moves time far ahead)', async () => {
    const key = await mustCreate(root.accessToken, { name: 'short', userId: plainUser.id, expiresIn: 60 })
    expect(key.expiresAt).toBe(t.clock() + 60_000)
    const forever = await mustCreate(root.accessToken, {
      name: 'forever',
      userId: plainUser.id,
      expiresIn: 0,
    })
    expect(forever.expiresAt).toBeNull()
    t.clock.advance(59_000)
    expect(await status('GET', '/api/me', key.apiKey)).toBe(200)
    t.clock.advance(2_000)
    expect(await status('GET', '/api/me', key.apiKey)).toBe(401)
    t.clock.advance(10 * 365 * 24 * 3600 * 1000)
    expect(await status('GET', '/api/me', forever.apiKey)).toBe(200)
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
  })
})
