import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createInitialisedAppWithSettings,
  createTestApp,
  ROOT,
  type TestApp,
} from '../../test-support/test-app.ts'

const WINDOW_MS = 10 * 60 * 1000

function loginHelpers(getApp: () => TestApp) {
  const login = (password: string, remoteAddress = '10.0.0.1', headers: Record<string, string> = {}) =>
    getApp().inject({
      method: 'POST',
      url: '/login',
      payload: { username: ROOT.username, password },
      remoteAddress,
      headers,
    })
  const failMany = async (n: number, remoteAddress?: string) =>
    (await Promise.all(Array.from({ length: n }, () => login('wrong', remoteAddress)))).map(
      (r) => r.statusCode,
    )
  return { login, failMany }
}

describe('login rate limit (defaults): 40 failed logins per address per 10 minutes', () => {
  const MAX = 40
  let t: TestApp
  const { login, failMany } = loginHelpers(() => t)

  beforeAll(async () => {
    t = await createTestApp()
    await t.init()
  })
  afterAll(() => t.close())

  it('refuses the 41st attempt with 429 and ratelimit-* / retry-after headers', async () => {
    expect(await failMany(MAX)).toEqual(Array(MAX).fill(401))
    const res = await login(ROOT.password)
    expect(res.statusCode).toBe(429)
    expect(res.body).toMatch(/too many/i)
    expect(res.headers['ratelimit-limit']).toBe(String(MAX))
    expect(res.headers['ratelimit-remaining']).toBe('0')
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MS / 1000)
  })

  it('counts per address: another address still logs in', async () => {
    expect((await login(ROOT.password, '10.0.0.2')).statusCode).toBe(200)
  })

  it('lets logins through again once the window has passed (fake clock)', async () => {
    t.clock.advance(WINDOW_MS - 5000)
    expect((await login(ROOT.password)).statusCode).toBe(429)
    t.clock.advance(6000)
    const res = await login(ROOT.password)
    expect(res.statusCode).toBe(200)
    expect(res.headers['ratelimit-remaining']).toBe(String(MAX))
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
  })
})

describe('login rate limit (rateLimitLoginRequests = 5 from the server settings)', () => {
  const MAX = 5
  let t: TestApp
  const { login, failMany } = loginHelpers(() => t)

  beforeAll(async () => {
    ;({ t } = await createInitialisedAppWithSettings({
      rateLimitLoginRequests: MAX,
      rateLimitLoginWindow: WINDOW_MS,
    }))
  })
  afterAll(() => t.close())
  const nextWindow = () => t.clock.advance(WINDOW_MS + 1000)

  it('applies the configured limit', async () => {
    expect(await failMany(MAX)).toEqual(Array(MAX).fill(401))
    const res = await login(ROOT.password)
    expect(res.statusCode).toBe(429)
    expect(res.headers['ratelimit-limit']).toBe(String(MAX))
  })

  it('ignores a spoofed X-Forwarded-For when no proxy is configured', async () => {
    nextWindow()
    const spoofed = await Promise.all(
      Array.from({ length: MAX + 1 }, (_, i) =>
        login('wrong', '10.0.0.5', { 'x-forwarded-for': `192.0.2.${i}` }),
      ),
    )
    expect(spoofed.filter((r) => r.statusCode === 429)).toHaveLength(1)
  })

  it('does not count successful logins', async () => {
    nextWindow()
    expect(await failMany(MAX - 1)).toEqual(Array(MAX - 1).fill(401))
    for (let i = 0; i < 3; i++) expect((await login(ROOT.password)).statusCode).toBe(200)
    expect((await login('wrong')).statusCode).toBe(401) // the last counted failure
    expect((await login(ROOT.password)).statusCode).toBe(429)
  })

  it('does not count malformed requests', async () => {
    nextWindow()
    for (let i = 0; i < MAX + 2; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 42 },
        remoteAddress: '10.0.0.6',
      })
      expect(res.statusCode).toBe(400)
    }
    expect((await login(ROOT.password, '10.0.0.6')).statusCode).toBe(200)
  })

  it('refuses a limited address whatever its body holds; every answer, a 400 too, carries the headers', async () => {
    nextWindow()
    const malformed = (remoteAddress: string) =>
      t.inject({ method: 'POST', url: '/login', payload: { username: 42 }, remoteAddress })
    const bad = await malformed('10.0.0.7')
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['ratelimit-remaining']).toBe(String(MAX))
    expect(await failMany(MAX, '10.0.0.7')).toEqual(Array(MAX).fill(401))
    const limited = await malformed('10.0.0.7')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('cannot be bypassed by sending attempts concurrently', async () => {
    nextWindow()
    const codes = await failMany(MAX + 10, '10.0.0.3')
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX)
    expect(codes.filter((c) => c === 429)).toHaveLength(10)
  })

  it('limits refreshes per address too', async () => {
    nextWindow()
    const codes: number[] = []
    for (let i = 0; i <= MAX; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/auth/refresh',
        headers: { 'x-refresh-token': 'nope' },
        remoteAddress: '10.0.0.4',
      })
      codes.push(res.statusCode)
    }
    expect(codes.slice(0, MAX)).toEqual(Array(MAX).fill(401))
    expect(codes[MAX]).toBe(429)
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
  })
})
