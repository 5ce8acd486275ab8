import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../test-support/test-app.ts'

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
const decodePart = (token: string, i: number) =>
  JSON.parse(Buffer.from(token.split('.')[i] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>

describe('auth guard: every bad token is a 401, never a 5xx', () => {
  let t: TestApp
  let root: LoggedIn

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  const expect401 = async (url: string, token?: string) => {
    const res = await t.call('GET', url, token)
    expect(res.statusCode).toBe(401)
    expect(res.body).toBe('Unauthorized')
  }

  it('accepts the real access token (control)', async () => {
    const res = await t.call('GET', '/api/me', root.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ username: string }>().username).toBe('root')
  })

  it('refuses no token and garbage tokens', async () => {
    await expect401('/api/me')
    await expect401('/api/me', 'garbage')
    await expect401('/api/me', 'a.b.c')
    await expect401('/api/me', 'x'.repeat(5000))
  })

  it('refuses a JWT with alg:none carrying valid claims', async () => {
    const claims = decodePart(root.accessToken, 1)
    await expect401('/api/me', `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`)
    await expect401(
      '/api/me',
      `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.${root.accessToken.split('.')[2]}`,
    )
  })

  it('refuses a tampered payload and a tampered signature', async () => {
    const [h, p, s] = root.accessToken.split('.') as [string, string, string]
    const claims = decodePart(root.accessToken, 1)
    await expect401('/api/me', `${h}.${b64url({ ...claims, username: 'someone-else' })}.${s}`)
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1)
    await expect401('/api/me', `${h}.${p}.${flipped}`)
    await expect401('/api/me', `${h}.${p}.`)
  })

  it('refuses a token signed with another secret or another algorithm', async () => {
    const claims = decodePart(root.accessToken, 1)
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new Uint8Array(64).fill(7))
    await expect401('/api/me', foreign)
    const ourSecret = await t.ctx.settings.jwtSecret()
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(ourSecret)
    await expect401('/api/me', hs512)
    // Same secret, right algorithm: accepted, so the two refusals above are about the key and the algorithm.
    const ok = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(ourSecret)
    expect((await t.call('GET', '/api/me', ok)).statusCode).toBe(200)
  })

  it('refuses a refresh token used as a bearer token', async () => {
    await expect401('/api/me', root.refreshToken)
    await expect401(`/api/me?token=${encodeURIComponent(root.refreshToken)}`)
  })

  it('decides public routes on the route, never on the query string', async () => {
    await expect401('/api/libraries?r=/api/items/1/cover')
    await expect401('/api/libraries?r=/login')
    await expect401('/api/libraries?token=garbage')
    await expect401('/api/libraries?token=garbage&r=/status')
    await expect401('/api/libraries/..%2f..%2fstatus')
  })

  it('refuses ?token= on ordinary API routes (tokens stay out of logs, history and Referer)', async () => {
    for (const url of ['/api/me', '/api/users', '/api/libraries', '/api/sessions']) {
      await expect401(`${url}?token=${root.accessToken}`)
      expect((await t.call('GET', url, root.accessToken)).statusCode).toBe(200) // control: the token is good
    }
    const post = await t.inject({ method: 'POST', url: `/api/authorize?token=${root.accessToken}` })
    expect(post.statusCode).toBe(401)
  })

  it('accepts ?token= on GET and HEAD of a route that declares queryToken (media URLs), on no other method', async () => {
    // Any unmatched item id is a 404 after authentication, a missing token a 401: enough to tell them apart.
    const media = [
      '/api/items/nope/file/1',
      '/api/items/nope/ebook',
      '/api/items/nope/download',
      '/api/libraries/nope/download?ids=a',
    ]
    for (const url of media) {
      const sep = url.includes('?') ? '&' : '?'
      await expect401(url)
      expect(
        (await t.inject({ method: 'GET', url: `${url}${sep}token=${root.accessToken}` })).statusCode,
      ).toBe(404)
      expect(
        (await t.inject({ method: 'HEAD', url: `${url}${sep}token=${root.accessToken}` })).statusCode,
      ).toBe(404)
    }
  })

  it('refuses an access token once it expired (fake clock)', async () => {
    const fresh = await t.login('root', 'root-password')
    expect((await t.call('GET', '/api/me', fresh.accessToken)).statusCode).toBe(200)
    t.clock.advance(t.config.accessTokenExpirySec * 1000 + 1000)
    await expect401('/api/me', fresh.accessToken)
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
  })
})
