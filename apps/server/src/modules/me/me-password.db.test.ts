import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createInitialisedApp,
  createInitialisedAppWithSettings,
  type LoggedIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { EMPTY_PASSWORD_MESSAGE, GUEST_PASSWORD_MESSAGE } from '../users/users.service.ts'

describe('PATCH /api/me/password', () => {
  let t: TestApp
  let root: LoggedIn

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    await t.createUser(root.accessToken, { username: 'alice', password: 'first-pw' })
  })
  afterAll(() => t.close())

  const change = (token: string, password: string, newPassword: string) =>
    t.call('PATCH', '/api/me/password', token, { password, newPassword })
  const me = async (token: string) => (await t.call('GET', '/api/me', token)).statusCode

  it('needs a login', async () => {
    expect(
      (await t.call('PATCH', '/api/me/password', null, { password: 'a', newPassword: 'b' })).statusCode,
    ).toBe(401)
  })

  it('a wrong current password is a 400 and changes nothing', async () => {
    const s = await t.login('alice', 'first-pw')
    const res = await change(s.accessToken, 'not-it', 'second-pw')
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe('Invalid password')
    expect(await me(s.accessToken)).toBe(200)
    await t.login('alice', 'first-pw')
  })

  it('the new password cannot match the old one', async () => {
    const s = await t.login('alice', 'first-pw')
    const res = await change(s.accessToken, 'first-pw', 'first-pw')
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe('New password cannot match old password')
  })

  it('a non-root user cannot set an empty password', async () => {
    const s = await t.login('alice', 'first-pw')
    const res = await change(s.accessToken, 'first-pw', '')
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe(EMPTY_PASSWORD_MESSAGE)
    await t.login('alice', 'first-pw')
  })

  it('success ends the other sessions and keeps the current one', async () => {
    const current = await t.login('alice', 'first-pw', { 'x-return-tokens': 'true' })
    const other = await t.login('alice', 'first-pw', { 'x-return-tokens': 'true' })
    const res = await change(current.accessToken, 'first-pw', 'second-pw')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })

    expect(await me(current.accessToken)).toBe(200)
    const refreshCurrent = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'x-refresh-token': current.refreshToken },
    })
    expect(refreshCurrent.statusCode).toBe(200)
    expect(await me(other.accessToken)).toBe(401)
    const refreshOther = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'x-refresh-token': other.refreshToken },
    })
    expect(refreshOther.statusCode).toBe(401)

    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/login',
          payload: { username: 'alice', password: 'first-pw' },
        })
      ).statusCode,
    ).toBe(401)
    await t.login('alice', 'second-pw')
  })

  it('a guest (a shared account) cannot change its password: 403 with a message, old password still works', async () => {
    await t.createUser(root.accessToken, { username: 'visitor', password: 'guest-pw', type: 'guest' })
    const s = await t.login('visitor', 'guest-pw')
    const res = await change(s.accessToken, 'guest-pw', 'taken-over')
    expect(res.statusCode).toBe(403)
    expect(res.body).toBe(GUEST_PASSWORD_MESSAGE)
    expect(await me(s.accessToken)).toBe(200)
    await t.login('visitor', 'guest-pw')
    // Refused before the body is read: a malformed one changes nothing.
    const malformed = await t.call('PATCH', '/api/me/password', s.accessToken, { password: 42 })
    expect(malformed.statusCode).toBe(403)
    expect(malformed.body).toBe(GUEST_PASSWORD_MESSAGE)
  })

  it('root may set an empty password and log in with it', async () => {
    const res = await change(root.accessToken, 'root-password', '')
    expect(res.statusCode).toBe(200)
    expect(await me((await t.login('root', '')).accessToken)).toBe(200)
  })
})

describe('PATCH /api/me/password and the login rate limit', () => {
  it('wrong current passwords count toward it, even when sent concurrently; malformed requests do not', async () => {
    const { t, root } = await createInitialisedAppWithSettings({ rateLimitLoginRequests: 3 })
    try {
      const change = (body: unknown) => t.call('PATCH', '/api/me/password', root.accessToken, body)
      for (let i = 0; i < 4; i++) expect((await change({ password: 42 })).statusCode).toBe(400)
      const codes = (
        await Promise.all(Array.from({ length: 5 }, () => change({ password: 'guess', newPassword: 'x' })))
      ).map((r) => r.statusCode)
      expect(codes.sort()).toEqual([400, 400, 400, 429, 429])
      expect((await change({ password: 'root-password', newPassword: 'y' })).statusCode).toBe(429)
      // Limited whatever the body holds, as Audiobookshelf's limiter runs before the body is read.
      expect((await change({ password: 42 })).statusCode).toBe(429)
    } finally {
      await t.close()
    }
  })
})
