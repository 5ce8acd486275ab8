import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test-support/test-app.ts'

interface Status {
  app: string
  isInit: boolean
  ConfigPath?: string
  MetadataPath?: string
}

describe('first run: /status, /init, /ping, /healthcheck', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const status = async () => (await t.inject({ method: 'GET', url: '/status' })).json<Status>()

  it('before init, /status tells the data folders; /ping and /healthcheck answer', async () => {
    expect(await status()).toMatchObject({
      app: 'audiobookshelf',
      isInit: false,
      ConfigPath: t.config.configPath,
      MetadataPath: t.config.metadataPath,
    })
    expect((await t.inject({ method: 'GET', url: '/ping' })).json()).toEqual({ success: true })
    const health = await t.inject({ method: 'GET', url: '/healthcheck' })
    expect(health.statusCode).toBe(200)
  })

  it('two concurrent /init calls create exactly one root', async () => {
    const [a, b] = await Promise.all(
      ['first', 'second'].map((username) =>
        t.inject({ method: 'POST', url: '/init', payload: { newRoot: { username, password: 'pw' } } }),
      ),
    )
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 400])
    expect([a?.body, b?.body].sort()).toEqual(['OK', 'Server is already initialized'])
    const s = await status()
    expect(s.isInit).toBe(true)
    expect(s.ConfigPath).toBeUndefined()
    expect(s.MetadataPath).toBeUndefined()
  })

  it('root with an empty password can log in with it; nobody else can use an empty password', async () => {
    const t2 = await createTestApp()
    try {
      await t2.init('boss', '')
      const ok = await t2.login('boss', '')
      expect(ok.user.type).toBe('root')
      expect(
        (await t2.inject({ method: 'POST', url: '/login', payload: { username: 'boss', password: 'x' } }))
          .statusCode,
      ).toBe(401)
      expect(
        (await t2.inject({ method: 'POST', url: '/login', payload: { username: 'nobody' } })).statusCode,
      ).toBe(401)
    } finally {
      await t2.close()
    }
  })
})
