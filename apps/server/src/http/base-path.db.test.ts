import fs from 'node:fs'
import path from 'node:path'
import type { LoginResponse, User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createInitialisedApp,
  createTestApp,
  ROOT,
  tempDir,
  type LoggedIn,
  type TestApp,
} from '../test-support/test-app.ts'

const clientDist = () => {
  const dir = tempDir('shelfcast-dist-')
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><base href="/" /></head><body>spa</body></html>',
  )
  return dir
}

describe('ROUTER_BASE_PATH (default /audiobookshelf): every route also answers under it', () => {
  let t: TestApp
  let root: LoggedIn

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp({ env: { CLIENT_DIST_PATH: clientDist() } }))
  })
  afterAll(() => t.close())

  it('serves the API, login, refresh and public routes under the base path', async () => {
    const me = await t.call('GET', '/audiobookshelf/api/me', root.accessToken)
    expect(me.statusCode).toBe(200)
    expect(me.json<User>().username).toBe('root')
    expect((await t.call('GET', '/audiobookshelf/api/me')).statusCode).toBe(401)

    const login = await t.inject({
      method: 'POST',
      url: '/audiobookshelf/login',
      payload: ROOT,
      headers: { 'x-return-tokens': 'true' },
    })
    expect(login.statusCode).toBe(200)
    const refreshToken = login.json<LoginResponse>().user.refreshToken ?? ''
    const refresh = await t.inject({
      method: 'POST',
      url: '/audiobookshelf/auth/refresh',
      headers: { 'x-refresh-token': refreshToken },
    })
    expect(refresh.statusCode).toBe(200)

    expect((await t.inject({ method: 'GET', url: '/audiobookshelf/ping' })).json()).toEqual({ success: true })
    expect(
      (await t.inject({ method: 'GET', url: '/audiobookshelf/status' })).json<{ isInit: boolean }>().isInit,
    ).toBe(true)
    expect((await t.inject({ method: 'GET', url: '/audiobookshelf/healthcheck' })).statusCode).toBe(200)
    expect((await t.call('GET', '/audiobookshelf/api/libraries?r=/api/items/1/cover')).statusCode).toBe(401)
  })

  it('still serves every route at the root', async () => {
    expect((await t.call('GET', '/api/me', root.accessToken)).statusCode).toBe(200)
  })

  it('strips whole segments only: /audiobookshelfX/... is not rewritten', async () => {
    const res = await t.call('GET', '/audiobookshelfX/api/me', root.accessToken)
    expect(res.headers['content-type']).not.toMatch(/json/)
    expect(res.body).not.toContain('"username"')
    expect(
      (await t.inject({ method: 'POST', url: '/audiobookshelfX/login', payload: ROOT })).statusCode,
    ).toBe(404)
    expect((await t.inject({ method: 'GET', url: '/audiobookshelfX/ping' })).body).not.toContain('success')
    // Not treated as "under the base path" at all: the client is told its base is "/".
    const page = await t.inject({ method: 'GET', url: '/audiobookshelfX/library/x' })
    expect(page.body).toContain('<base href="/" />')
  })

  it('strips the base path once, not repeatedly', async () => {
    const res = await t.call('GET', '/audiobookshelf/audiobookshelf/api/me', root.accessToken)
    expect(res.body).not.toContain('"username"')
  })

  it('keeps the query string when the base path is followed by one', async () => {
    const res = await t.inject({ method: 'GET', url: `/audiobookshelf?token=${root.accessToken}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<base href="/audiobookshelf/" />')
  })
})

describe('ROUTER_BASE_PATH set to another value or empty', () => {
  it('answers under a custom base path', async () => {
    const { t, root } = await createInitialisedApp({ env: { ROUTER_BASE_PATH: '/books' } })
    try {
      expect((await t.call('GET', '/books/api/me', root.accessToken)).statusCode).toBe(200)
      expect((await t.call('POST', '/audiobookshelf/api/authorize', root.accessToken)).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })

  it('with an empty base path, /audiobookshelf/... is just an unknown path', async () => {
    const t = await createTestApp({ env: { ROUTER_BASE_PATH: '' } })
    try {
      expect(
        (await t.inject({ method: 'POST', url: '/audiobookshelf/init', payload: { newRoot: ROOT } }))
          .statusCode,
      ).toBe(404)
      expect((await t.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
