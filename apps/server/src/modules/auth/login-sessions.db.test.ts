import type { LoginSessionsPage } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type TestApp } from '../../test-support/test-app.ts'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** `/api/me/sessions`: the devices a user is signed in on, and signing one out. */
describe('login sessions', () => {
  let t: TestApp

  beforeAll(async () => {
    t = (await createInitialisedApp()).t
    const root = (await t.login('root', 'root-password')).accessToken
    await t.createUser(root, { username: 'reader', password: 'reader-password', type: 'user' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists the caller’s devices, marks the current one, and revokes one', async () => {
    const laptop = await t.login('reader', 'reader-password', { 'user-agent': FIREFOX })
    t.clock.advance(1000)
    const phone = await t.login('reader', 'reader-password', { 'user-agent': 'Phone Browser' })
    const list = (await t.call('GET', '/api/me/sessions', phone.accessToken)).json<LoginSessionsPage>()
    expect(list.total).toBe(2)
    expect(list.sessions.map((s) => s.userAgent)).toEqual(['Phone Browser', FIREFOX])
    expect(list.sessions.map((s) => s.isCurrent)).toEqual([true, false])
    expect(list.sessions[1]).toMatchObject({ browserName: 'Firefox', osName: 'Linux' })
    expect(list.sessions[0]).toMatchObject({ browserName: null, osName: null })

    // Root's sessions are not the reader's to see or end.
    const rootList = (
      await t.call('GET', '/api/me/sessions', (await t.login('root', 'root-password')).accessToken)
    ).json<LoginSessionsPage>()
    expect(rootList.sessions.map((s) => s.userAgent)).not.toContain(FIREFOX)
    const rootSession = rootList.sessions[0]!.id
    expect((await t.call('DELETE', `/api/me/sessions/${rootSession}`, phone.accessToken)).statusCode).toBe(
      404,
    )

    const laptopId = list.sessions[1]!.id
    expect((await t.call('DELETE', `/api/me/sessions/${laptopId}`, phone.accessToken)).json()).toEqual({
      success: true,
    })
    // The revoked device's access token and refresh token both stop working; the phone keeps going.
    expect((await t.call('GET', '/api/me', laptop.accessToken)).statusCode).toBe(401)
    const refresh = await t.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'x-refresh-token': laptop.refreshToken },
    })
    expect(refresh.statusCode).toBe(401)
    expect((await t.call('GET', '/api/me', phone.accessToken)).statusCode).toBe(200)
    const paged = (
      await t.call('GET', '/api/me/sessions?itemsPerPage=1&page=0', phone.accessToken)
    ).json<LoginSessionsPage>()
    expect(paged).toMatchObject({ total: 1, numPages: 1, itemsPerPage: 1 })
    expect((await t.call('DELETE', `/api/me/sessions/${laptopId}`, phone.accessToken)).statusCode).toBe(404)
  })
  it('refuses guests, who share one account', async () => {
    const root = (await t.login('root', 'root-password')).accessToken
    await t.createUser(root, { username: 'visitor', password: 'visitor-password', type: 'guest' })
    const guest = (await t.login('visitor', 'visitor-password')).accessToken
    expect((await t.call('GET', '/api/me/sessions', guest)).statusCode).toBe(403)
    expect((await t.call('DELETE', '/api/me/sessions/anything', guest)).statusCode).toBe(403)
  })
})
