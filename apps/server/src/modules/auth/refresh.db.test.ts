import type { LoginResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FOREIGN_ORIGIN_MESSAGE } from '../../http/same-origin.ts'
import { createInitialisedApp, refreshCookieOf, ROOT, type TestApp } from '../../test-support/test-app.ts'

describe('refresh tokens', () => {
  let t: TestApp

  beforeAll(async () => {
    ;({ t } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  const refreshWithCookie = (token: string) =>
    t.inject({ method: 'POST', url: '/auth/refresh', cookies: { refresh_token: token } })
  const refreshWithHeader = (token: string) =>
    t.inject({ method: 'POST', url: '/auth/refresh', headers: { 'x-refresh-token': token } })
  const meStatus = async (token: string) => (await t.call('GET', '/api/me', token)).statusCode

  it('login sets an httpOnly refresh_token cookie and keeps the token out of the body', async () => {
    const res = await t.inject({ method: 'POST', url: '/login', payload: ROOT })
    expect(res.statusCode).toBe(200)
    const cookie = res.cookies.find((c) => c.name === 'refresh_token')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeFalsy()
    expect(cookie?.maxAge).toBe(t.config.refreshTokenExpirySec)
    const body = res.json<LoginResponse>()
    expect(body.user.accessToken).toBeTruthy()
    expect(body.user.refreshToken).toBeNull()
    expect(res.body).not.toContain(cookie?.value)
  })

  it('x-return-tokens: true on /login puts the refresh token in the body and sets no cookie', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/login',
      payload: ROOT,
      headers: { 'x-return-tokens': 'true' },
    })
    expect(res.statusCode).toBe(200)
    expect(refreshCookieOf(res)).toBeNull()
    const token = res.json<LoginResponse>().user.refreshToken
    expect(token).toBeTruthy()
    expect((await refreshWithHeader(token ?? '')).statusCode).toBe(200)
  })

  it('cookie flow: /auth/refresh rotates the cookie and answers like login', async () => {
    const login = await t.login(ROOT.username, ROOT.password)
    const res = await refreshWithCookie(login.refreshToken)
    expect(res.statusCode).toBe(200)
    const next = refreshCookieOf(res)
    expect(next).toBeTruthy()
    expect(next).not.toBe(login.refreshToken)
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true)
    const body = res.json<LoginResponse>()
    expect(body.user.username).toBe('root')
    expect(body.user.refreshToken).toBeNull()
    expect(body.serverSettings.id).toBe('server-settings')
    expect(await meStatus(body.user.accessToken ?? '')).toBe(200)
    // The rotated-in token refreshes in turn.
    expect((await refreshWithCookie(next ?? '')).statusCode).toBe(200)
  })

  it('header flow: x-refresh-token gets a new refresh token in the body and no cookie', async () => {
    const login = await t.login(ROOT.username, ROOT.password, { 'x-return-tokens': 'true' })
    const res = await refreshWithHeader(login.refreshToken)
    expect(res.statusCode).toBe(200)
    expect(res.cookies).toEqual([])
    const body = res.json<LoginResponse>()
    expect(body.user.refreshToken).toBeTruthy()
    expect(body.user.refreshToken).not.toBe(login.refreshToken)
    expect(await meStatus(body.user.accessToken ?? '')).toBe(200)
    expect((await refreshWithHeader(body.user.refreshToken ?? '')).statusCode).toBe(200)
  })

  it('no token: 401 {"error":"No refresh token provided"}; a body token is not read', async () => {
    const res = await t.inject({ method: 'POST', url: '/auth/refresh' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json()).toEqual({ error: 'No refresh token provided' })
    const login = await t.login(ROOT.username, ROOT.password, { 'x-return-tokens': 'true' })
    const viaBody = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: login.refreshToken },
    })
    expect(viaBody.statusCode).toBe(401)
  })

  it('garbage or oversized tokens: 401 JSON, and a bad cookie is cleared', async () => {
    for (const token of ['garbage', 'x'.repeat(600)]) {
      const res = await refreshWithCookie(token)
      expect(res.statusCode).toBe(401)
      expect(res.json<{ error: string }>().error).toBeTruthy()
    }
    const res = await refreshWithCookie('garbage')
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('')
  })

  it('a rotated token still works inside the grace window (two tabs refreshing together), in one lineage', async () => {
    const login = await t.login(ROOT.username, ROOT.password)
    const tab1 = await refreshWithCookie(login.refreshToken)
    t.clock.advance(t.config.refreshTokenGraceSec * 1000 - 1000)
    const tab2 = await refreshWithCookie(login.refreshToken)
    expect(tab1.statusCode).toBe(200)
    expect(tab2.statusCode).toBe(200)
    // Not a fork: the second refresh answers the same successor as the first.
    expect(refreshCookieOf(tab2)).toBe(refreshCookieOf(tab1))
    expect(await meStatus(tab2.json<LoginResponse>().user.accessToken ?? '')).toBe(200)
    expect((await refreshWithCookie(refreshCookieOf(tab1) ?? '')).statusCode).toBe(200)
  })

  it('within the grace window an old token answers the newest token of its lineage; the lineage then stays single', async () => {
    const login = await t.login(ROOT.username, ROOT.password, { 'x-return-tokens': 'true' })
    const first = (await refreshWithHeader(login.refreshToken)).json<LoginResponse>().user.refreshToken ?? ''
    const second = (await refreshWithHeader(first)).json<LoginResponse>().user.refreshToken ?? ''
    expect(new Set([login.refreshToken, first, second]).size).toBe(3)
    // Concurrent replays of the original (a retrying app): every one answers the current token.
    const replays = await Promise.all([1, 2, 3].map(() => refreshWithHeader(login.refreshToken)))
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(replays.map((r) => r.json<LoginResponse>().user.refreshToken)).toEqual([second, second, second])
    // After the window, any superseded token of the lineage is a replay and ends the session.
    t.clock.advance(t.config.refreshTokenGraceSec * 1000 + 1000)
    expect((await refreshWithHeader(second)).statusCode).toBe(200)
    t.clock.advance(t.config.refreshTokenGraceSec * 1000 + 1000)
    expect((await refreshWithHeader(first)).statusCode).toBe(401)
  })

  it('concurrent first refreshes of one token answer one successor', async () => {
    const login = await t.login(ROOT.username, ROOT.password, { 'x-return-tokens': 'true' })
    const answers = await Promise.all([1, 2, 3, 4].map(() => refreshWithHeader(login.refreshToken)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
    expect(new Set(answers.map((r) => r.json<LoginResponse>().user.refreshToken)).size).toBe(1)
  })

  it('reuse after the grace window revokes the whole session, and only that session', async () => {
    const other = await t.login(ROOT.username, ROOT.password)
    const login = await t.login(ROOT.username, ROOT.password, { 'x-return-tokens': 'true' })
    const rotated = await refreshWithHeader(login.refreshToken)
    const newest = rotated.json<LoginResponse>().user
    expect(await meStatus(newest.accessToken ?? '')).toBe(200)

    t.clock.advance(t.config.refreshTokenGraceSec * 1000 + 1000)
    const replay = await refreshWithHeader(login.refreshToken)
    expect(replay.statusCode).toBe(401)
    expect(replay.json<{ error: string }>().error).toMatch(/reuse/i)

    expect((await refreshWithHeader(newest.refreshToken ?? '')).statusCode).toBe(401)
    expect(await meStatus(newest.accessToken ?? '')).toBe(401)
    expect(await meStatus(login.accessToken)).toBe(401)
    // Another login session of the same user is untouched.
    expect(await meStatus(other.accessToken)).toBe(200)
    expect((await refreshWithCookie(other.refreshToken)).statusCode).toBe(200)
  })

  it('an expired refresh token is refused', async () => {
    const login = await t.login(ROOT.username, ROOT.password)
    t.clock.advance(t.config.refreshTokenExpirySec * 1000 + 1000)
    const res = await refreshWithCookie(login.refreshToken)
    expect(res.statusCode).toBe(401)
    expect(await meStatus(login.accessToken)).toBe(401)
  })

  it('logout ends the session: its refresh token and access token stop working', async () => {
    const login = await t.login(ROOT.username, ROOT.password)
    const res = await t.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${login.accessToken}` },
      cookies: { refresh_token: login.refreshToken },
    })
    expect(res.statusCode).toBe(200)
    expect(await meStatus(login.accessToken)).toBe(401)
    expect((await refreshWithCookie(login.refreshToken)).statusCode).toBe(401)
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
  })
})

describe('logout', () => {
  let t: TestApp

  beforeAll(async () => {
    ;({ t } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  const me = async (token: string) => (await t.call('GET', '/api/me', token)).statusCode

  it('by refresh cookie alone ends that session and clears the cookie', async () => {
    const s = await t.login(ROOT.username, ROOT.password)
    const other = await t.login(ROOT.username, ROOT.password)
    const res = await t.inject({ method: 'POST', url: '/logout', cookies: { refresh_token: s.refreshToken } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ redirect_url: null })
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('')
    expect(await me(s.accessToken)).toBe(401)
    expect(await me(other.accessToken)).toBe(200)
  })

  it('with allDevices=1 ends every session of the user', async () => {
    const a = await t.login(ROOT.username, ROOT.password)
    const b = await t.login(ROOT.username, ROOT.password)
    const res = await t.call('POST', '/logout?allDevices=1', a.accessToken)
    expect(res.statusCode).toBe(200)
    expect(await me(a.accessToken)).toBe(401)
    expect(await me(b.accessToken)).toBe(401)
  })

  it('without any credential is harmless', async () => {
    expect((await t.inject({ method: 'POST', url: '/logout' })).statusCode).toBe(200)
    expect(
      (await t.inject({ method: 'POST', url: '/logout', cookies: { refresh_token: 'garbage' } })).statusCode,
    ).toBe(200)
  })
})

describe('cookie refresh and logout from another site', () => {
  let t: TestApp
  let rootToken: string

  beforeAll(async () => {
    const app = await createInitialisedApp()
    t = app.t
    rootToken = app.root.accessToken
  })
  afterAll(() => t.close())

  const host = 'shelf.example:13378'
  const refresh = (cookie: string, headers: Record<string, string>) =>
    t.inject({
      method: 'POST',
      url: '/auth/refresh',
      cookies: { refresh_token: cookie },
      headers: { host, ...headers },
    })
  const cookieLogin = () => t.login(ROOT.username, ROOT.password)

  it('refuses a foreign Origin or Referer with 403 and a message, and leaves the cookie and session alone', async () => {
    const s = await cookieLogin()
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://shelf.example.evil.example:13378' },
      { origin: 'null' },
      { referer: 'https://evil.example/page?x=1' },
    ]
    for (const headers of foreign) {
      const res = await refresh(s.refreshToken, headers)
      expect(res.statusCode).toBe(403)
      expect(res.body).toBe(FOREIGN_ORIGIN_MESSAGE)
      expect(res.cookies).toEqual([])
    }
    const logout = await t.inject({
      method: 'POST',
      url: '/logout',
      cookies: { refresh_token: s.refreshToken },
      headers: { host, origin: 'https://evil.example' },
    })
    expect(logout.statusCode).toBe(403)
    expect((await t.call('GET', '/api/me', s.accessToken)).statusCode).toBe(200)
    // The same cookie from the server's own pages still works (scheme not compared: TLS proxies).
    expect((await refresh(s.refreshToken, { origin: 'https://shelf.example:13378' })).statusCode).toBe(200)
  })

  it('accepts its own origin, a same-site Referer, no Origin at all (non-browser), and a header token from anywhere', async () => {
    expect((await refresh((await cookieLogin()).refreshToken, { origin: `http://${host}` })).statusCode).toBe(
      200,
    )
    expect(
      (await refresh((await cookieLogin()).refreshToken, { referer: `http://${host}/library/x` })).statusCode,
    ).toBe(200)
    expect((await refresh((await cookieLogin()).refreshToken, {})).statusCode).toBe(200)
    const app = await t.login(ROOT.username, ROOT.password, { 'x-return-tokens': 'true' })
    const viaHeader = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { host, origin: 'https://evil.example', 'x-refresh-token': app.refreshToken },
    })
    expect(viaHeader.statusCode).toBe(200)
    const s = await cookieLogin()
    const logout = await t.inject({
      method: 'POST',
      url: '/logout',
      cookies: { refresh_token: s.refreshToken },
      headers: { host, origin: `http://${host}` },
    })
    expect(logout.statusCode).toBe(200)
    expect((await t.call('GET', '/api/me', s.accessToken)).statusCode).toBe(401)
  })

  it('accepts an origin listed in the allowedOrigins server setting (exactly, scheme included)', async () => {
    const patched = await t.call('PATCH', '/api/settings', rootToken, {
      allowedOrigins: ['https://app.example.org'],
    })
    expect(patched.statusCode).toBe(200)
    expect(
      (await refresh((await cookieLogin()).refreshToken, { origin: 'https://app.example.org' })).statusCode,
    ).toBe(200)
    expect(
      (await refresh((await cookieLogin()).refreshToken, { origin: 'http://app.example.org' })).statusCode,
    ).toBe(403)
    expect(
      (await t.call('PATCH', '/api/settings', rootToken, { allowedOrigins: ['javascript:alert(1)'] }))
        .statusCode,
    ).toBe(400)
  })
})
