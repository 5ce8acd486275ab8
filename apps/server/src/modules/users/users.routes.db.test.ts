import type { User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'
import { EMPTY_PASSWORD_MESSAGE } from './users.service.ts'

describe('users CRUD: admin only, with the account-type rules', () => {
  let t: TestApp
  let root: LoggedIn
  let admin: LoggedIn
  let user: LoggedIn

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    await t.createUser(root.accessToken, { username: 'admin1', password: 'admin-pw', type: 'admin' })
    await t.createUser(root.accessToken, { username: 'user1', password: 'user-pw' })
    admin = await t.login('admin1', 'admin-pw')
    user = await t.login('user1', 'user-pw')
  })
  afterAll(() => t.close())

  const users = async (token: string) =>
    (await t.call('GET', '/api/users', token)).json<{ users: User[] }>().users
  const byName = async (name: string) => (await users(root.accessToken)).find((u) => u.username === name)

  it('a normal user gets 403 and no token gets 401 on every users route', async () => {
    const id = root.user.id
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/users/online'],
      ['POST', '/api/users'],
      ['GET', `/api/users/${id}`],
      ['PATCH', `/api/users/${id}`],
      ['DELETE', `/api/users/${id}`],
    ] as const) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { username: 'x', password: 'y' }
      expect((await t.call(method, url, user.accessToken, payload)).statusCode).toBe(403)
      expect((await t.call(method, url, null, payload)).statusCode).toBe(401)
    }
  })

  it('lists users without any secret', async () => {
    const res = await t.call('GET', '/api/users', admin.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/)
    expect(res.json<{ users: User[] }>().users.map((u) => u.username)).toEqual(['root', 'admin1', 'user1'])
  })

  it('every new account needs a password; only root may have an empty one', async () => {
    for (const type of ['user', 'guest', 'admin']) {
      for (const body of [
        { username: `np-${type}`, type },
        { username: `np-${type}`, type, password: '' },
      ]) {
        const res = await t.call('POST', '/api/users', root.accessToken, body)
        expect(res.statusCode).toBe(400)
        expect(res.body).toBe(EMPTY_PASSWORD_MESSAGE)
      }
    }
    const u = await byName('user1')
    const res = await t.call('PATCH', `/api/users/${u?.id}`, root.accessToken, { password: '' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe(EMPTY_PASSWORD_MESSAGE)
  })

  it('creates a guest with the guest defaults, and refuses a second root', async () => {
    const guest = await t.createUser(admin.accessToken, { username: 'guest1', password: 'pw', type: 'guest' })
    expect(guest.type).toBe('guest')
    expect(guest.permissions.download).toBe(false)
    expect(
      (await t.call('POST', '/api/users', root.accessToken, { username: 'r2', password: 'pw', type: 'root' }))
        .statusCode,
    ).toBe(400)
  })

  it('refuses a duplicate username, whatever its case', async () => {
    for (const username of ['user1', 'USER1', ' User1 ']) {
      const res = await t.call('POST', '/api/users', root.accessToken, { username, password: 'pw' })
      expect(res.statusCode).toBe(409)
    }
    const u = await byName('guest1')
    expect(
      (await t.call('PATCH', `/api/users/${u?.id}`, root.accessToken, { username: 'ADMIN1' })).statusCode,
    ).toBe(409)
  })

  it('only root creates, changes or deletes admins', async () => {
    const res = await t.call('POST', '/api/users', admin.accessToken, {
      username: 'admin2',
      password: 'pw',
      type: 'admin',
    })
    expect(res.statusCode).toBe(403)
    const admin2 = await t.createUser(root.accessToken, { username: 'admin2', password: 'pw', type: 'admin' })
    expect(admin2.type).toBe('admin')
    expect(
      (await t.call('PATCH', `/api/users/${admin2.id}`, admin.accessToken, { isActive: false })).statusCode,
    ).toBe(403)
    expect((await t.call('DELETE', `/api/users/${admin2.id}`, admin.accessToken)).statusCode).toBe(403)
    const u1 = await byName('user1')
    expect(
      (await t.call('PATCH', `/api/users/${u1?.id}`, admin.accessToken, { type: 'admin' })).statusCode,
    ).toBe(403)
    expect(
      (await t.call('PATCH', `/api/users/${admin2.id}`, root.accessToken, { type: 'user' })).statusCode,
    ).toBe(200)
    expect((await t.call('DELETE', `/api/users/${admin2.id}`, admin.accessToken)).statusCode).toBe(200)
  })

  it('root cannot be deleted, disabled or changed by anyone else', async () => {
    const id = root.user.id
    expect((await t.call('DELETE', `/api/users/${id}`, root.accessToken)).statusCode).toBe(403)
    expect((await t.call('DELETE', `/api/users/${id}`, admin.accessToken)).statusCode).toBe(403)
    expect(
      (await t.call('PATCH', `/api/users/${id}`, root.accessToken, { isActive: false })).statusCode,
    ).toBe(403)
    expect((await t.call('PATCH', `/api/users/${id}`, root.accessToken, { type: 'admin' })).statusCode).toBe(
      403,
    )
    for (const change of [
      { password: 'hijack' },
      { username: 'not-root' },
      { isActive: false },
      { permissions: { download: false } },
    ]) {
      expect((await t.call('PATCH', `/api/users/${id}`, admin.accessToken, change)).statusCode).toBe(403)
    }
    expect((await byName('root'))?.isActive).toBe(true)
    expect((await t.login('root', 'root-password')).user.type).toBe('root')
  })

  it('an admin cannot promote itself, disable or delete itself', async () => {
    const id = admin.user.id
    expect((await t.call('PATCH', `/api/users/${id}`, admin.accessToken, { type: 'root' })).statusCode).toBe(
      403,
    )
    expect(
      (await t.call('PATCH', `/api/users/${id}`, admin.accessToken, { isActive: false })).statusCode,
    ).toBe(403)
    expect((await t.call('DELETE', `/api/users/${id}`, admin.accessToken)).statusCode).toBe(403)
  })

  it('updates permissions and librariesAccessible, and the user sees them at once', async () => {
    const u1 = await byName('user1')
    const res = await t.call('PATCH', `/api/users/${u1?.id}`, admin.accessToken, {
      permissions: { download: false, accessAllLibraries: false },
      librariesAccessible: ['lib-a'],
      email: 'u1@example.test',
    })
    expect(res.statusCode).toBe(200)
    const me = (await t.call('GET', '/api/me', user.accessToken)).json<User>()
    expect(me.permissions.download).toBe(false)
    expect(me.permissions.accessAllLibraries).toBe(false)
    expect(me.permissions.update).toBe(false) // untouched keys keep their value
    expect(me.librariesAccessible).toEqual(['lib-a'])
    expect(me.email).toBe('u1@example.test')
    const one = await t.call('GET', `/api/users/${u1?.id}`, admin.accessToken)
    expect(one.json<User>().librariesAccessible).toEqual(['lib-a'])
  })

  it('unknown ids answer 404', async () => {
    expect((await t.call('GET', '/api/users/nope', admin.accessToken)).statusCode).toBe(404)
    expect((await t.call('PATCH', '/api/users/nope', admin.accessToken, { email: null })).statusCode).toBe(
      404,
    )
    expect((await t.call('DELETE', '/api/users/nope', admin.accessToken)).statusCode).toBe(404)
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
  })
})
