import type { LoginResponse, User } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp, fakeClock, refreshCookieOf, ROOT, tempDir } from './test-support/test-app.ts'

describe('a restart on the same data folder keeps every piece of state', () => {
  it('tokens, refresh cookie, users, init state and the JWT secret survive', async () => {
    const dir = tempDir()
    const clock = fakeClock()
    const first = await createTestApp({ dir, clock })
    await first.init()
    const root = await first.login(ROOT.username, ROOT.password)
    const alice = await first.createUser(root.accessToken, { username: 'alice', password: 'alice-pw' })
    const secret = Buffer.from(await first.ctx.settings.jwtSecret()).toString('hex')
    await first.close()

    const second = await createTestApp({ dir, clock })
    try {
      expect(Buffer.from(await second.ctx.settings.jwtSecret()).toString('hex')).toBe(secret)

      const me = await second.call('GET', '/api/me', root.accessToken)
      expect(me.statusCode).toBe(200)
      expect(me.json<User>().id).toBe(root.user.id)

      const refreshed = await second.inject({
        method: 'POST',
        url: '/auth/refresh',
        cookies: { refresh_token: root.refreshToken },
      })
      expect(refreshed.statusCode).toBe(200)
      expect(refreshCookieOf(refreshed)).toBeTruthy()
      expect(refreshed.json<LoginResponse>().user.id).toBe(root.user.id)

      const users = await second.call('GET', '/api/users', root.accessToken)
      expect(
        users
          .json<{ users: User[] }>()
          .users.map((u) => u.username)
          .sort(),
      ).toEqual(['alice', 'root'])
      expect((await second.login('alice', 'alice-pw')).user.id).toBe(alice.id)

      const again = await second.inject({
        method: 'POST',
        url: '/init',
        payload: { newRoot: { username: 'evil', password: 'x' } },
      })
      expect(again.statusCode).toBe(400)
      expect(again.body).toBe('Server is already initialized')
      expect(
        (await second.inject({ method: 'GET', url: '/status' })).json<{ isInit: boolean }>().isInit,
      ).toBe(true)
    } finally {
      await second.close()
    }
  })

  it('a fresh data folder gets a different JWT secret, so tokens do not cross servers', async () => {
    const a = await createTestApp()
    const b = await createTestApp()
    try {
      await a.init()
      await b.init()
      const token = (await a.login(ROOT.username, ROOT.password)).accessToken
      expect((await b.call('GET', '/api/me', token)).statusCode).toBe(401)
    } finally {
      await a.close()
      await b.close()
    }
  })
})
