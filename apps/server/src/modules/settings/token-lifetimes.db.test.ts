import type { ServerSettings } from '@shelfcast/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createInitialisedApp,
  createTestApp,
  refreshCookieOf,
  ROOT,
  type TestApp,
} from '../../test-support/test-app.ts'

const open: TestApp[] = []
afterEach(async () => {
  for (const t of open.splice(0)) await t.close()
})

/** Seconds between a JWT's iat and exp. */
const lifetimeOf = (jwt: string) => {
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
    iat: number
    exp: number
  }
  return claims.exp - claims.iat
}

const env = { ACCESS_TOKEN_EXPIRY_SEC: '1800', REFRESH_TOKEN_EXPIRY_SEC: String(7 * 24 * 3600) }

async function start(extraEnv: Record<string, string> = env, dir?: string) {
  const t = dir
    ? await createTestApp({ dir, env: extraEnv })
    : (await createInitialisedApp({ env: extraEnv })).t
  open.push(t)
  const root = await t.login(ROOT.username, ROOT.password)
  return { t, root, token: root.accessToken }
}

const settingsOf = async (t: TestApp, token: string) =>
  (await t.call('GET', '/api/settings', token)).json<{ serverSettings: ServerSettings }>().serverSettings

describe('token lifetimes (Security settings, the environment by default)', () => {
  it('states and uses the environment lifetimes until an admin stores others', async () => {
    const { t, root, token } = await start()
    expect(await settingsOf(t, token)).toMatchObject({
      accessTokenExpiry: 1800,
      refreshTokenExpiry: 7 * 24 * 3600,
    })
    expect(lifetimeOf(root.accessToken)).toBe(1800)
    expect(root.response.cookies.find((c) => c.name === 'refresh_token')?.maxAge).toBe(7 * 24 * 3600)
  })

  it('gives new tokens the stored lifetimes from the next login and refresh on', async () => {
    const { t, root, token } = await start()
    const res = await t.call('PATCH', '/api/settings', token, {
      accessTokenExpiry: 600,
      refreshTokenExpiry: 2 * 24 * 3600,
    })
    expect(res.statusCode, res.body).toBe(200)
    const next = await t.login(ROOT.username, ROOT.password)
    expect(lifetimeOf(next.accessToken)).toBe(600)
    expect(next.response.cookies.find((c) => c.name === 'refresh_token')?.maxAge).toBe(2 * 24 * 3600)

    const refreshed = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'x-refresh-token': root.refreshToken },
    })
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    const body = refreshed.json<{ user: { accessToken: string } }>()
    expect(lifetimeOf(body.user.accessToken)).toBe(600)
    // The session ends when the stored refresh lifetime says, not the environment's.
    t.clock.advance(2 * 24 * 3600 * 1000 + 1000)
    const late = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'x-refresh-token': refreshCookieOf(next.response)! },
    })
    expect(late.statusCode).toBe(401)
  })

  it('refuses lifetimes out of bounds with a clear message, and a refresh token shorter than the access token', async () => {
    const { t, token } = await start()
    const patch = (body: Record<string, unknown>) => t.call('PATCH', '/api/settings', token, body)
    const cases: [Record<string, unknown>, string][] = [
      [{ accessTokenExpiry: 59 }, 'Access token lifetime must be at least 1 minute (60 seconds)'],
      [{ accessTokenExpiry: 86401 }, 'Access token lifetime can be at most 1 day (86400 seconds)'],
      [{ accessTokenExpiry: 90.5 }, 'Access token lifetime must be a whole number of seconds'],
      [{ refreshTokenExpiry: 3599 }, 'Refresh token lifetime must be at least 1 hour (3600 seconds)'],
      [
        { refreshTokenExpiry: 366 * 24 * 3600 },
        'Refresh token lifetime can be at most 1 year (31536000 seconds)',
      ],
      [
        { accessTokenExpiry: 7200, refreshTokenExpiry: 3600 },
        'Refresh token lifetime must be longer than the access token lifetime',
      ],
    ]
    for (const [body, message] of cases) {
      const res = await patch(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.body).toContain(message)
    }
    expect(await settingsOf(t, token)).toMatchObject({ accessTokenExpiry: 1800 })
  })

  it('follows a changed environment when no lifetime was stored, and keeps a stored one over it', async () => {
    const { t, token } = await start()
    // Another setting saved: the lifetimes from the environment are not stored with it.
    expect((await t.call('PATCH', '/api/settings', token, { dateFormat: 'yyyy-MM-dd' })).statusCode).toBe(200)
    await t.close()
    open.pop()
    const second = await start({ ...env, ACCESS_TOKEN_EXPIRY_SEC: '900' }, t.dir)
    expect(lifetimeOf(second.root.accessToken)).toBe(900)
    expect(await settingsOf(second.t, second.token)).toMatchObject({
      accessTokenExpiry: 900,
      dateFormat: 'yyyy-MM-dd',
    })

    expect(
      (await second.t.call('PATCH', '/api/settings', second.token, { accessTokenExpiry: 300 })).statusCode,
    ).toBe(200)
    await second.t.close()
    open.pop()
    const third = await start({ ...env, ACCESS_TOKEN_EXPIRY_SEC: '1200' }, t.dir)
    expect(lifetimeOf(third.root.accessToken)).toBe(300)
    expect(await settingsOf(third.t, third.token)).toMatchObject({ accessTokenExpiry: 300 })
  })
})
