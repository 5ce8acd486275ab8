import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../test-support/test-app.ts'

/** Every answer to bad input: a 4xx with a short plain-text message a user can read. */
function expectClientError(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  message?: RegExp,
) {
  expect(res.statusCode).toBe(status)
  expect(String(res.headers['content-type'])).toMatch(/^text\/plain/)
  expect(res.body.length).toBeGreaterThan(0)
  expect(res.body.length).toBeLessThan(300)
  expect(res.body).not.toMatch(/FST_|ZodError|at .*\.ts:\d+|"code"/)
  if (message) expect(res.body).toMatch(message)
}

describe('bad input gets a clear 4xx, never a 5xx, and is not logged as an error', () => {
  let t: TestApp
  let root: LoggedIn

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  const login = (opts: Partial<InjectOptions>) => t.inject({ method: 'POST', url: '/login', ...opts })
  const json = { 'content-type': 'application/json' }

  it('malformed JSON', async () => {
    expectClientError(await login({ headers: json, payload: '{"username": "root", ' }), 400, /invalid json/i)
    expectClientError(await login({ headers: json, payload: "{'username':'root'}" }), 400, /invalid json/i)
  })

  it('a 50 MB body is refused with 413 and a message', async () => {
    const payload = `{"username":"${'a'.repeat(50 * 1024 * 1024)}"}`
    expectClientError(await login({ headers: json, payload }), 413, /too large/i)
  })

  it('unknown routes answer 404 text for every method', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['POST', '/api/unknown'],
      ['DELETE', '/api/libraries'],
      ['PUT', '/login'],
      ['POST', '/nope'],
      ['PATCH', '/audiobookshelf/api/nothing'],
    ] as const) {
      expectClientError(await t.call(method, url, root.accessToken), 404, /not found/i)
    }
  })

  it('names the locale key of its message, so a client shows it in its language', async () => {
    const keyOf = (res: { headers: Record<string, unknown> }) =>
      JSON.parse(decodeURIComponent(String(res.headers['x-shelfcast-message']))) as unknown
    const missing = await t.call('GET', '/api/libraries/nope', root.accessToken)
    expect([missing.statusCode, missing.body]).toEqual([404, 'Library not found'])
    expect(keyOf(missing)).toEqual({ key: 'ErrorLibraryNotFound' })
    const wrongType = await t.call('POST', '/api/users', root.accessToken, {
      username: 'bob',
      password: 'pw',
      isActive: 'yes',
    })
    expect(keyOf(wrongType)).toEqual({ key: 'ErrorInvalidValueFor', subs: { field: 'isActive' } })
  })

  it('wrong types name the field', async () => {
    expectClientError(await login({ payload: { username: 123, password: 'x' } }), 400, /username/i)
    expectClientError(await login({ payload: { username: 'root', password: 42 } }), 400, /password/i)
    expectClientError(await login({ payload: { username: ['root'] } }), 400, /username/i)
    const create = await t.call('POST', '/api/users', root.accessToken, {
      username: 'bob',
      password: 'pw',
      isActive: 'yes',
    })
    expectClientError(create, 400, /isActive/)
    const perms = await t.call('POST', '/api/users', root.accessToken, {
      username: 'bob',
      password: 'pw',
      permissions: { download: 1 },
    })
    expectClientError(perms, 400, /download/)
  })

  it('an empty body, a null body, and bodies that are not objects', async () => {
    expectClientError(await login({}), 400, /username/i)
    expectClientError(await login({ headers: json, payload: '' }), 400, /username/i)
    expectClientError(await login({ headers: json, payload: 'null' }), 400, /username/i)
    expectClientError(await login({ headers: json, payload: '"root"' }), 400)
    expectClientError(await login({ headers: json, payload: '[1,2,3]' }), 400)
    expectClientError(await login({ headers: json, payload: '12' }), 400)
    expectClientError(
      await login({ headers: { 'content-type': 'text/plain' }, payload: 'username=root' }),
      400,
    )
    const nullPatch = await t.inject({
      method: 'PATCH',
      url: '/api/me/password',
      headers: { ...json, authorization: `Bearer ${root.accessToken}` },
      payload: 'null',
    })
    expectClientError(nullPatch, 400)
  })

  it('a huge username names the field; a huge password is refused before hashing', async () => {
    expectClientError(
      await login({ payload: { username: 'u'.repeat(100_000), password: 'x' } }),
      400,
      /username is too long/i,
    )
    expectClientError(
      await login({ payload: { username: 'root', password: 'p'.repeat(100_000) } }),
      400,
      /password/i,
    )
    const create = await t.call('POST', '/api/users', root.accessToken, {
      username: 'u'.repeat(101),
      password: 'pw',
    })
    expectClientError(create, 400, /username/i)
  })

  it('prototype pollution, deep nesting, odd content types and bad URL encoding', async () => {
    expectClientError(
      await login({ headers: json, payload: '{"__proto__":{"admin":true},"username":"root"}' }),
      400,
    )
    const deep = '['.repeat(200_000) + ']'.repeat(200_000)
    const deepRes = await login({ headers: json, payload: deep })
    expect(deepRes.statusCode).toBe(400)
    // A body of a type no route reads is ignored (as Audiobookshelf's Express does): the login lacks its fields.
    expectClientError(await login({ headers: { 'content-type': 'application/xml' }, payload: '<x/>' }), 400)
    expect((await t.call('GET', '/api/users/%E0%A4%A', root.accessToken)).statusCode).toBeLessThan(500)
    expect((await t.call('GET', `/api/libraries/${'x'.repeat(600)}`, root.accessToken)).statusCode).toBe(404)
    expect((await t.call('GET', '/api/libraries/x?include=a&include=b', root.accessToken)).statusCode).toBe(
      400,
    )
  })

  it('read-only settings and bad values are refused (unknown keys are kept, as Audiobookshelf keeps them)', async () => {
    expectClientError(await t.call('PATCH', '/api/settings', root.accessToken, { version: '9.9.9' }), 400)
    expectClientError(
      await t.call('PATCH', '/api/settings', root.accessToken, { dateFormat: 'whatever' }),
      400,
      /dateFormat/,
    )
    expectClientError(
      await t.call('POST', '/api/libraries', root.accessToken, { name: 'x', folders: 'nope' }),
      400,
    )
    expectClientError(
      await t.call('POST', '/api/libraries', root.accessToken, { name: 'x', folders: [] }),
      400,
      /at least one path/,
    )
    expectClientError(await t.call('POST', '/api/init', null, { newRoot: null }), 404)
    expectClientError(
      await t.inject({ method: 'POST', url: '/init', payload: { newRoot: null } }),
      400,
      /newRoot/,
    )
    expectClientError(
      await t.inject({ method: 'POST', url: '/init', payload: { newRoot: { username: ' ' } } }),
      400,
      /root username/i,
    )
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
    expect(t.logs.lines().length).toBeGreaterThan(0) // the capture works: client errors are logged below error level
  })
})
