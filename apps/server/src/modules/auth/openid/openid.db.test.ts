import type { LightMyRequestResponse } from 'fastify'
import type { AuthSettings, LoginResponse, User } from '@shelfcast/contracts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestOidcProvider, type TestOidcProvider } from '../../../test-support/oidc-test-provider.ts'
import { createInitialisedApp, refreshCookieOf, type TestApp } from '../../../test-support/test-app.ts'

/** Our server as the browser reaches it (inject's Host header). */
const HOST = 'localhost:3333'
const ORIGIN = `http://${HOST}`

/** The provider's redirects, followed with its cookies, until it sends the browser back to us. */
async function throughProvider(location: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = location
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? ''
      const eq = pair.indexOf('=')
      const value = pair.slice(eq + 1)
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(pair.slice(0, eq))
      else jar.set(pair.slice(0, eq), value)
    }
    const next = res.headers.get('location')
    if (!next) throw new Error(`the provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    const target = new URL(next, url)
    if (target.origin === ORIGIN) return target
    url = target.href
  }
  throw new Error('too many redirects at the provider')
}

const cookieHeader = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((x) => x.name === name)
  return c ? `${name}=${c.value}` : ''
}

describe('OpenID sign-in against oidc-provider on 127.0.0.1', () => {
  let t: TestApp
  let rootToken: string
  let idp: TestOidcProvider

  const get = (url: string, cookie = '') =>
    t.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } })

  const configure = (patch: Record<string, unknown>) =>
    t.inject({
      method: 'PATCH',
      url: '/api/auth-settings',
      headers: { host: HOST, authorization: `Bearer ${rootToken}` },
      payload: patch,
    })

  /** Starts a web sign-in as `sub` and brings the provider's answer back to our callback. */
  async function signIn(sub: string, callback = '/login') {
    idp.signInAs = sub
    const start = await get(`/auth/openid?callback=${encodeURIComponent(callback)}`)
    expect(start.statusCode, start.body).toBe(302)
    const back = await throughProvider(start.headers.location as string)
    const stateCookie = cookieHeader(start, 'auth_state')
    const res = await get(back.pathname + back.search, stateCookie)
    return { start, back, stateCookie, res }
  }

  const redirectOf = (res: LightMyRequestResponse) => new URL(res.headers.location as string, ORIGIN)

  beforeAll(async () => {
    ;({ t } = await createInitialisedApp({ env: { SSRF_REQUEST_FILTER_WHITELIST: '127.0.0.1' } }))
    rootToken = (await t.login('root', 'root-password')).accessToken
    idp = await startTestOidcProvider({
      accounts: [
        {
          sub: 'ada-sub',
          preferred_username: 'ada',
          email: 'ada@example.org',
          email_verified: true,
          groups: ['Admin'],
        },
        { sub: 'nog-sub', preferred_username: 'nogroup', email: 'nog@example.org', groups: ['staff'] },
        {
          sub: 'bea-sub',
          preferred_username: 'bea-idp',
          email: 'Bea@Example.org',
          email_verified: true,
          groups: ['user', 'guest'],
        },
        {
          sub: 'gus-sub',
          preferred_username: 'gus',
          groups: ['guest'],
          shelfcast_permissions: { canDownload: true },
        },
      ],
      redirectUris: [`${ORIGIN}/auth/openid/callback`, `${ORIGIN}/auth/openid/mobile-redirect`],
      postLogoutRedirectUris: [`${ORIGIN}/login`],
    })
    const res = await configure({
      authActiveAuthMethods: ['local', 'openid'],
      authOpenIDIssuerURL: idp.issuer,
      authOpenIDClientID: idp.clientId,
      authOpenIDClientSecret: idp.clientSecret,
      authOpenIDAutoRegister: true,
      authOpenIDGroupClaim: 'groups',
      authOpenIDAdvancedPermsClaim: 'shelfcast_permissions',
      authOpenIDMatchExistingBy: 'email',
    })
    expect(res.statusCode, res.body).toBe(200)
  })
  afterAll(async () => {
    await t.close()
    await idp.close()
  })
  afterEach(() => {
    idp.tamper = null
  })

  it('never answers the client secret in clear', async () => {
    const res = await t.call('GET', '/api/auth-settings', rootToken)
    const settings = res.json<AuthSettings>()
    expect(settings.authOpenIDClientSecret).toBe('********')
    expect(res.body).not.toContain(idp.clientSecret)
    // Sending the mask back keeps the stored secret (the sign-ins below still work).
    expect((await configure({ authOpenIDClientSecret: '********' })).statusCode).toBe(200)
  })

  it('signs a new user of group Admin in as an admin (auto-register), with our own session', async () => {
    const { start, res } = await signIn('ada-sub', '/library?x=1')
    const authUrl = new URL(start.headers.location as string)
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authUrl.searchParams.get('nonce')).toBeTruthy()
    expect(start.cookies.find((c) => c.name === 'auth_state')?.httpOnly).toBe(true)

    expect(res.statusCode, res.body).toBe(302)
    const target = redirectOf(res)
    expect(target.pathname).toBe('/library')
    expect(target.searchParams.get('x')).toBe('1')
    const token = target.searchParams.get('setToken') ?? ''
    expect(refreshCookieOf(res)).toBeTruthy()
    expect(res.cookies.find((c) => c.name === 'openid_id_token')?.httpOnly).toBe(true)
    const me = await t.call('POST', '/api/authorize', token)
    expect(me.statusCode).toBe(200)
    const { user } = me.json<LoginResponse>()
    expect(user).toMatchObject({
      username: 'ada',
      type: 'admin',
      email: 'ada@example.org',
      hasOpenIDLink: true,
    })
    // The refresh cookie works like a password sign-in's.
    const refreshed = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { host: HOST, cookie: `refresh_token=${refreshCookieOf(res)}` },
    })
    expect(refreshed.statusCode).toBe(200)

    // Signing out answers the provider's end-session URL.
    const out = await t.inject({
      method: 'POST',
      url: '/logout',
      headers: { host: HOST, authorization: `Bearer ${token}`, cookie: cookieHeader(res, 'openid_id_token') },
    })
    const redirect = out.json<{ redirect_url: string | null }>().redirect_url ?? ''
    expect(redirect.startsWith(`${idp.issuer}/session/end`)).toBe(true)
    expect(new URL(redirect).searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/login`)
  })

  it('refuses a user in no mapped group, with the message and no session', async () => {
    const { res } = await signIn('nog-sub')
    expect(res.statusCode).toBe(302)
    const target = redirectOf(res)
    expect(target.pathname).toBe('/login')
    expect(target.searchParams.get('error')).toMatch(/no group allowed/)
    expect(target.searchParams.get('setToken')).toBeNull()
    expect(refreshCookieOf(res)).toBeNull()
    const users = (await t.call('GET', '/api/users', rootToken)).json<{ users: User[] }>().users
    expect(users.some((u) => u.username === 'nogroup')).toBe(false)
  })

  it('links an existing account by email (case-insensitive), and unlink removes only the link', async () => {
    const bea = await t.createUser(rootToken, {
      username: 'bea',
      password: 'bea-password',
      type: 'guest',
      email: 'bea@example.org',
    })
    const { res } = await signIn('bea-sub')
    expect(res.statusCode).toBe(302)
    const token = redirectOf(res).searchParams.get('setToken') ?? ''
    const { user } = (await t.call('POST', '/api/authorize', token)).json<LoginResponse>()
    // Same account, now typed by its highest group (user beats guest).
    expect(user).toMatchObject({ id: bea.id, username: 'bea', type: 'user', hasOpenIDLink: true })

    const unlinked = await t.call('PATCH', `/api/users/${bea.id}/openid-unlink`, rootToken)
    expect(unlinked.statusCode).toBe(200)
    expect(unlinked.json<{ user: User }>().user).toMatchObject({
      id: bea.id,
      username: 'bea',
      hasOpenIDLink: false,
    })
    expect((await t.login('bea', 'bea-password')).user.id).toBe(bea.id)
    expect((await t.call('PATCH', '/api/users/nobody/openid-unlink', rootToken)).statusCode).toBe(404)
    const asUser = await t.call('PATCH', `/api/users/${bea.id}/openid-unlink`, token)
    expect(asUser.statusCode).toBe(403)
  })

  it('gives a guest the permissions claim says, and false for what it leaves out', async () => {
    const { res } = await signIn('gus-sub')
    const token = redirectOf(res).searchParams.get('setToken') ?? ''
    const { user } = (await t.call('POST', '/api/authorize', token)).json<LoginResponse>()
    expect(user.type).toBe('guest')
    expect(user.permissions).toMatchObject({ download: true, update: false, delete: false, upload: false })
  })

  it('refuses a callback with another state, from another browser, or replayed', async () => {
    idp.signInAs = 'ada-sub'
    const start = await get('/auth/openid?callback=/login')
    const back = await throughProvider(start.headers.location as string)
    const stateCookie = cookieHeader(start, 'auth_state')

    const otherBrowser = await get(back.pathname + back.search, 'auth_state=someone-elses')
    expect(redirectOf(otherBrowser).searchParams.get('error')).toMatch(/another browser/)
    expect(refreshCookieOf(otherBrowser)).toBeNull()

    const wrongState = new URL(back)
    wrongState.searchParams.set('state', 'forged')
    const forged = await get(wrongState.pathname + wrongState.search, 'auth_state=forged')
    expect(redirectOf(forged).searchParams.get('error')).toMatch(/expired or was already used/)

    // The other-browser attempt used the flow up: the real browser's callback, like any replay, fails.
    const replay = await get(back.pathname + back.search, stateCookie)
    expect(redirectOf(replay).searchParams.get('error')).toMatch(/expired or was already used/)
    expect(refreshCookieOf(replay)).toBeNull()
  })

  it('refuses a code redeemed twice at the provider', async () => {
    const { back, stateCookie, res } = await signIn('ada-sub')
    expect(redirectOf(res).searchParams.get('setToken')).toBeTruthy()
    const before = idp.tokenRequests
    const again = await get(back.pathname + back.search, stateCookie)
    expect(redirectOf(again).searchParams.get('error')).toBeTruthy()
    expect(refreshCookieOf(again)).toBeNull()
    expect(idp.tokenRequests).toBe(before)
  })

  const reasons = {
    'wrong-audience': /aud/,
    'wrong-issuer': /iss/,
    'unknown-kid': /key|kid|JWK/i,
    expired: /exp|timestamp/,
  }
  it.each(['wrong-audience', 'wrong-issuer', 'unknown-kid', 'expired'] as const)(
    'refuses an ID token with %s, with no session',
    async (tamper) => {
      idp.tamper = tamper
      const { res } = await signIn('ada-sub')
      expect(res.statusCode).toBe(302)
      const target = redirectOf(res)
      expect(target.pathname).toBe('/login')
      expect(target.searchParams.get('error')).toMatch(/OpenID sign-in failed/)
      expect(target.searchParams.get('error')).toMatch(reasons[tamper])
      expect(refreshCookieOf(res)).toBeNull()
    },
  )

  it('never redirects elsewhere through callback or redirect_uri', async () => {
    for (const callback of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await get(`/auth/openid?callback=${encodeURIComponent(callback)}`)
      expect(res.statusCode, callback).toBe(400)
    }
    const mobile = await get(
      '/auth/openid?response_type=code&code_challenge=abc&code_challenge_method=S256&state=s1&redirect_uri=' +
        encodeURIComponent('https://evil.example/oauth'),
    )
    expect(mobile.statusCode).toBe(400)
    expect(mobile.body).toMatch(/redirect URI is not allowed/)
    // The allowed app URI is fine: the provider is asked to send the code to our mobile-redirect.
    const allowed = await get(
      '/auth/openid?response_type=code&code_challenge=abc&code_challenge_method=S256&state=s2&redirect_uri=' +
        encodeURIComponent('audiobookshelf://oauth'),
    )
    expect(allowed.statusCode).toBe(302)
    expect(new URL(allowed.headers.location as string).searchParams.get('redirect_uri')).toBe(
      `${ORIGIN}/auth/openid/mobile-redirect`,
    )
  })

  it('signs the app in through the mobile flow (its own PKCE), answering JSON', async () => {
    const { calculatePKCECodeChallenge, randomPKCECodeVerifier } = await import('openid-client')
    const verifier = randomPKCECodeVerifier()
    const challenge = await calculatePKCECodeChallenge(verifier)
    idp.signInAs = 'ada-sub'
    const start = await get(
      `/auth/openid?response_type=code&code_challenge=${challenge}&code_challenge_method=S256&state=app-state&redirect_uri=${encodeURIComponent('audiobookshelf://oauth')}`,
    )
    const back = await throughProvider(start.headers.location as string)
    expect(back.pathname).toBe('/auth/openid/mobile-redirect')
    const bounce = await get(back.pathname + back.search)
    const app = new URL(bounce.headers.location as string)
    expect(app.protocol).toBe('audiobookshelf:')
    const code = app.searchParams.get('code') ?? ''
    const res = await get(`/auth/openid/callback?state=app-state&code=${code}&code_verifier=${verifier}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<LoginResponse>()
    expect(body.user.username).toBe('ada')
    expect(body.user.refreshToken).toBeTruthy()
  })

  it('lets password sign-in go only while OpenID works', async () => {
    const broken = await configure({
      authActiveAuthMethods: ['openid'],
      authOpenIDIssuerURL: 'http://127.0.0.1:1',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.body).toMatch(/Password sign-in can be turned off only while OpenID sign-in works/)
    expect(
      (await t.call('GET', '/api/auth-settings', rootToken)).json<AuthSettings>().authOpenIDIssuerURL,
    ).toBe(idp.issuer)
    const ok = await configure({ authActiveAuthMethods: ['openid'] })
    expect(ok.statusCode, ok.body).toBe(200)
    const status = (await get('/status')).json<{
      authMethods: string[]
      authFormData: Record<string, unknown>
    }>()
    expect(status.authMethods).toEqual(['openid'])
    expect(status.authFormData).toMatchObject({
      authOpenIDButtonText: 'Login with OpenId',
      authOpenIDAutoLaunch: false,
    })
    expect((await configure({ authActiveAuthMethods: ['local', 'openid'] })).statusCode).toBe(200)
  })

  it('reads the discovery document for the settings form, and says why it cannot', async () => {
    const res = await t.call('GET', `/auth/openid/config?issuer=${encodeURIComponent(idp.issuer)}`, rootToken)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ issuer: idp.issuer, token_endpoint: `${idp.issuer}/token` })
    const down = await t.call('GET', '/auth/openid/config?issuer=http%3A%2F%2F127.0.0.1%3A1', rootToken)
    expect(down.statusCode).toBe(400)
    expect(down.body).toMatch(/Could not read/)
  })

  it('reaches the provider through the guarded fetcher: a local one needs SSRF_REQUEST_FILTER_WHITELIST', async () => {
    const { t: guarded } = await createInitialisedApp()
    try {
      const token = (await guarded.login('root', 'root-password')).accessToken
      const issuer = encodeURIComponent(idp.issuer)
      const res = await guarded.call('GET', `/auth/openid/config?issuer=${issuer}`, token)
      expect(res.statusCode).toBe(400)
      expect(res.body).toMatch(/not a public address/)
    } finally {
      await guarded.close()
    }
  })
})
