import type { LoginResponse, User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSocket } from '../../test-support/socket-client.ts'
import { createTestApp, refreshCookieOf, ROOT, type TestApp } from '../../test-support/test-app.ts'

describe("login, refresh and authorize answer the user as Audiobookshelf's do", () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
    await t.init()
  })
  afterAll(() => t.close())

  const login = async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/login',
      payload: ROOT,
      headers: { 'x-return-tokens': 'true' },
    })
    return { res, body: res.json<LoginResponse>() }
  }

  it('lastSeen stays null through logins and refreshes until a socket signs in', async () => {
    await login()
    const { res, body } = await login()
    expect(body.user.lastSeen).toBeNull()
    const cookieLogin = await t.inject({ method: 'POST', url: '/login', payload: ROOT })
    const refreshed = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      cookies: { refresh_token: refreshCookieOf(cookieLogin) ?? '' },
    })
    expect(refreshed.json<LoginResponse>().user.lastSeen).toBeNull()
    const authorize = await t.call('POST', '/api/authorize', body.user.accessToken)
    expect(authorize.json<LoginResponse>().user.lastSeen).toBeNull()
    expect(res.statusCode).toBe(200)

    const socket = await connectSocket(await t.listen())
    try {
      expect((await socket.auth(body.user.accessToken)).event).toBe('init')
      const me = (await t.call('GET', '/api/me', body.user.accessToken)).json<User>()
      expect(me.lastSeen).toEqual(expect.any(Number))
    } finally {
      socket.close()
    }
  })

  it('authorize names no access or refresh token (the caller keeps its own), only the old-style token', async () => {
    const { body } = await login()
    const authorize = (await t.call('POST', '/api/authorize', body.user.accessToken)).json<LoginResponse>()
    expect(authorize.user).not.toHaveProperty('accessToken')
    expect(authorize.user).not.toHaveProperty('refreshToken')
    expect(authorize.user.token).toBe(body.user.accessToken)
  })
})
