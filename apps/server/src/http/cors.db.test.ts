import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type TestApp } from '../test-support/test-app.ts'

describe('CORS for the allowed origins (Security tab) and the apps web views', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    const started = await createInitialisedApp()
    t = started.t
    token = started.root.accessToken
  })
  afterAll(() => t.close())

  const get = (url: string, origin: string) =>
    t.inject({ method: 'GET', url, headers: { origin, authorization: `Bearer ${token}` } })
  const preflight = (url: string, origin: string) =>
    t.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    })

  it('answers an origin only once an admin allows it, and stops when it is removed', async () => {
    const origin = 'https://app.example.org'
    expect((await get('/api/libraries', origin)).headers['access-control-allow-origin']).toBeUndefined()
    expect((await preflight('/api/libraries', origin)).statusCode).toBe(404)

    const saved = await t.call('PATCH', '/api/settings', token, { allowedOrigins: [origin] })
    expect(saved.statusCode, saved.body).toBe(200)
    const res = await get('/api/libraries', origin)
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe(origin)
    expect(res.headers['access-control-allow-credentials']).toBe('true')
    expect(res.headers.vary).toMatch(/Origin/)
    const pre = await preflight('/api/libraries', origin)
    expect(pre.statusCode).toBe(204)
    expect(pre.headers['access-control-allow-origin']).toBe(origin)
    expect(pre.headers['access-control-allow-methods']).toContain('PATCH')
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization')
    // A 401 is readable too, so the app can tell the user to sign in again.
    const unsigned = await t.inject({ method: 'GET', url: '/api/libraries', headers: { origin } })
    expect(unsigned.statusCode).toBe(401)
    expect(unsigned.headers['access-control-allow-origin']).toBe(origin)
    // Another origin, or the same host on another scheme, gets nothing.
    expect(
      (await get('/api/libraries', 'https://evil.example.org')).headers['access-control-allow-origin'],
    ).toBeUndefined()
    expect(
      (await get('/api/libraries', 'http://app.example.org')).headers['access-control-allow-origin'],
    ).toBeUndefined()
    // The client's own files are not for other origins.
    expect((await get('/', origin)).headers['access-control-allow-origin']).toBeUndefined()

    await t.call('PATCH', '/api/settings', token, { allowedOrigins: [] })
    expect((await get('/api/libraries', origin)).headers['access-control-allow-origin']).toBeUndefined()
  })

  it("always answers the Audiobookshelf apps' web views, on /api and the sign-in calls", async () => {
    for (const origin of ['capacitor://localhost', 'http://localhost']) {
      expect((await get('/api/libraries', origin)).headers['access-control-allow-origin']).toBe(origin)
      expect((await preflight('/login', origin)).statusCode).toBe(204)
    }
    expect((await preflight('/loginx', 'http://localhost')).statusCode).toBe(404)
  })
})
