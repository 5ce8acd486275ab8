import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, createTestApp, type TestApp } from '../../test-support/test-app.ts'

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

describe('POST /api/validate-cron', () => {
  it('answers OK for an expression the schedulers can run and 400 with a reason otherwise', async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const check = (body: unknown) => t.call('POST', '/api/validate-cron', root.accessToken, body)
      const ok = await check({ expression: '0 */2 * * *' })
      expect([ok.statusCode, ok.body]).toEqual([200, 'OK'])
      expect(await check({ expression: '* * * * * *' })).toMatchObject({
        statusCode: 400,
        body: 'Invalid cron expression: it needs 5 fields',
      })
      expect(await check({ expression: '99 * * * *' })).toMatchObject({
        statusCode: 400,
        body: 'Invalid cron expression',
      })
      expect(await check({ expression: '0 0 30 2 *' })).toMatchObject({
        statusCode: 400,
        body: 'Invalid cron expression: it never runs',
      })
      expect(await check({})).toMatchObject({
        statusCode: 400,
        body: expect.stringContaining('Cron expression is required'),
      })
      expect((await t.call('POST', '/api/validate-cron', null, { expression: '0 0 * * *' })).statusCode).toBe(
        401,
      )
    } finally {
      await t.close()
    }
  })
})
