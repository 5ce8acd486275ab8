import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'

describe('disabling, deleting or re-passwording a user ends their sessions at once', () => {
  let t: TestApp
  let root: LoggedIn

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  const me = async (token: string) => (await t.call('GET', '/api/me', token)).statusCode
  const refresh = async (token: string) =>
    (await t.inject({ method: 'POST', url: '/auth/refresh', headers: { 'x-refresh-token': token } }))
      .statusCode
  const twoSessions = async (username: string, password: string) => [
    await t.login(username, password),
    await t.login(username, password, { 'x-return-tokens': 'true' }),
  ]

  it('disabling: access and refresh tokens stop working, login is refused, re-enabling does not revive them', async () => {
    const u = await t.createUser(root.accessToken, { username: 'dis', password: 'pw' })
    const sessions = await twoSessions('dis', 'pw')
    for (const s of sessions) expect(await me(s.accessToken)).toBe(200)

    expect(
      (await t.call('PATCH', `/api/users/${u.id}`, root.accessToken, { isActive: false })).statusCode,
    ).toBe(200)
    for (const s of sessions) expect(await me(s.accessToken)).toBe(401)
    const denied = await t.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'dis', password: 'pw' },
    })
    expect(denied.statusCode).toBe(401)
    expect(denied.body).toBe('Your account is disabled')

    // The sessions were ended, not merely paused: re-enabling the account does not bring them back.
    expect(
      (await t.call('PATCH', `/api/users/${u.id}`, root.accessToken, { isActive: true })).statusCode,
    ).toBe(200)
    for (const s of sessions) {
      expect(await me(s.accessToken)).toBe(401)
      expect(await refresh(s.refreshToken)).toBe(401)
    }
    expect(await me((await t.login('dis', 'pw')).accessToken)).toBe(200)
  })

  it('deleting: tokens stop working and the account cannot log in', async () => {
    const u = await t.createUser(root.accessToken, { username: 'del', password: 'pw' })
    const sessions = await twoSessions('del', 'pw')
    expect((await t.call('DELETE', `/api/users/${u.id}`, root.accessToken)).statusCode).toBe(200)
    for (const s of sessions) {
      expect(await me(s.accessToken)).toBe(401)
      expect(await refresh(s.refreshToken)).toBe(401)
    }
    expect(
      (await t.inject({ method: 'POST', url: '/login', payload: { username: 'del', password: 'pw' } }))
        .statusCode,
    ).toBe(401)
    expect((await t.call('GET', `/api/users/${u.id}`, root.accessToken)).statusCode).toBe(404)
  })

  it('a password set by an admin ends every session of that user', async () => {
    const u = await t.createUser(root.accessToken, { username: 'pwd', password: 'old-pw' })
    const sessions = await twoSessions('pwd', 'old-pw')
    expect(
      (await t.call('PATCH', `/api/users/${u.id}`, root.accessToken, { password: 'new-pw' })).statusCode,
    ).toBe(200)
    for (const s of sessions) {
      expect(await me(s.accessToken)).toBe(401)
      expect(await refresh(s.refreshToken)).toBe(401)
    }
    expect(
      (await t.inject({ method: 'POST', url: '/login', payload: { username: 'pwd', password: 'old-pw' } }))
        .statusCode,
    ).toBe(401)
    expect(await me((await t.login('pwd', 'new-pw')).accessToken)).toBe(200)
  })

  it('other changes (permissions, email) keep the sessions', async () => {
    const u = await t.createUser(root.accessToken, { username: 'keep', password: 'pw' })
    const s = await t.login('keep', 'pw')
    await t.call('PATCH', `/api/users/${u.id}`, root.accessToken, {
      email: 'k@example.test',
      permissions: { download: false },
    })
    expect(await me(s.accessToken)).toBe(200)
  })
})
