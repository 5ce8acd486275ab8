import fs from 'node:fs'
import path from 'node:path'
import type { LogEntry } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, type ServerLogger } from '../logger.ts'
import { connectSocket } from '../test-support/socket-client.ts'
import { createInitialisedApp, createTestApp, ROOT, tempDir, type TestApp } from '../test-support/test-app.ts'

const lines = async (t: TestApp, token: string) => {
  const res = await t.call('GET', '/api/logger-data', token)
  expect(res.statusCode).toBe(200)
  return (res.json() as { currentDailyLogs: LogEntry[] }).currentDailyLogs
}

describe('the server log as admins read it', () => {
  let t: TestApp
  let token: string
  let logger: ServerLogger
  let metadata: string
  beforeAll(async () => {
    metadata = tempDir()
    logger = createLogger('info', metadata, { stdout: false })
    const started = await createInitialisedApp({ serverLogger: logger })
    t = started.t
    token = started.root.accessToken
  })
  afterAll(async () => {
    await t.close()
    await logger.close()
  })

  it("GET /api/logger-data gives today's lines, oldest first, to admins only", async () => {
    t.ctx.log.info({ libraryId: 'lib_x' }, 'first marker')
    t.ctx.log.warn('second marker')
    const today = await lines(t, token)
    const first = today.findIndex((l) => l.message.startsWith('first marker'))
    const second = today.findIndex((l) => l.message === 'second marker')
    expect(first).toBeGreaterThanOrEqual(0)
    expect(second).toBeGreaterThan(first)
    expect(today[first]).toMatchObject({ levelName: 'INFO', level: 2 })
    expect(today[first]?.message).toContain('lib_x')
    expect(today[second]).toMatchObject({ levelName: 'WARN', level: 3 })

    await t.call('POST', '/api/users', token, { username: 'reader', password: 'reader-pass', type: 'user' })
    const reader = await t.login('reader', 'reader-pass')
    expect((await t.call('GET', '/api/logger-data', reader.accessToken)).statusCode).toBe(403)
    expect((await t.inject({ method: 'GET', url: '/api/logger-data' })).statusCode).toBe(401)
  })

  it('never shows a password, token or API key, whatever a module logs', async () => {
    const secrets = [ROOT.password, token, 'smtp-Pa55word!', 'api-key-value-1']
    t.ctx.log.info({ body: { username: 'root', password: ROOT.password } }, 'login attempt')
    t.ctx.log.error({ err: new Error(`refresh failed for Bearer ${token}`) }, 'refresh failed')
    t.ctx.log.warn({ smtp: { host: 'mail', user: 'me', pass: 'smtp-Pa55word!' } }, 'smtp settings')
    t.ctx.log.info(`feed asked with ?api_key=api-key-value-1 and token ${token}`)
    const text = JSON.stringify(await lines(t, token))
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(text).toContain('refresh failed')
    expect(text).toContain('[Redacted]')
  })

  it('never shows the SMTP password, even in words no pattern knows', async () => {
    const saved = await t.call('PATCH', '/api/emails/settings', token, {
      host: 'mail.test',
      pass: 'Wobbly-Lantern-77',
    })
    expect(saved.statusCode).toBe(200)
    t.ctx.log.warn({ reply: '535 rejected Wobbly-Lantern-77 for me' }, 'mail server said Wobbly-Lantern-77')
    const text = JSON.stringify(await lines(t, token))
    expect(text).toContain('mail server said')
    expect(text).not.toContain('Wobbly-Lantern-77')
  })

  it('streams each new line to admins over the socket, and only to admins', async () => {
    const base = await t.listen()
    const admin = await connectSocket(base)
    const user = await connectSocket(base)
    try {
      expect((await admin.auth(token)).event).toBe('init')
      const reader = await t.login('reader', 'reader-pass')
      expect((await user.auth(reader.accessToken)).event).toBe('init')
      t.ctx.log.warn({ password: 'live-secret' }, 'live marker')
      const entry = await admin.waitFor<LogEntry>('log', (e) => e.message.startsWith('live marker'))
      expect(entry.levelName).toBe('WARN')
      expect(JSON.stringify(entry)).not.toContain('live-secret')
      // The reader's socket got everything the admin's did up to now, except log lines.
      await user.waitFor('init')
      expect(user.received('log')).toEqual([])
    } finally {
      admin.close()
      user.close()
    }
  })

  it('keeps as many days of day files as the retention setting says, applied when it changes', async () => {
    const dir = path.join(metadata, 'logs')
    const daysAgo = (n: number) => `${new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)}.log`
    fs.mkdirSync(dir, { recursive: true })
    for (const name of [daysAgo(2), daysAgo(5), daysAgo(10), 'notes.txt'])
      fs.writeFileSync(path.join(dir, name), 'x')
    const res = await t.call('PATCH', '/api/settings', token, { loggerDailyLogsToKeep: 3 })
    expect(res.statusCode).toBe(200)
    const left = fs.readdirSync(dir)
    expect(left).toEqual(expect.arrayContaining([daysAgo(2), 'notes.txt']))
    expect(left).not.toContain(daysAgo(5))
    expect(left).not.toContain(daysAgo(10))
  })

  it('applies a new log level at once', async () => {
    t.ctx.log.debug('debug before')
    const res = await t.call('PATCH', '/api/settings', token, { logLevel: 1 })
    expect(res.statusCode).toBe(200)
    t.ctx.log.debug('debug after')
    let messages = (await lines(t, token)).map((l) => l.message)
    expect(messages).not.toContain('debug before')
    expect(messages).toContain('debug after')

    await t.call('PATCH', '/api/settings', token, { logLevel: 3 })
    t.ctx.log.info('info while warn')
    messages = (await lines(t, token)).map((l) => l.message)
    expect(messages).not.toContain('info while warn')
  })
})

describe('the log level at start', () => {
  it('is the stored setting when asked (no LOG_LEVEL), otherwise the level the logger started with', async () => {
    const logger = createLogger('info', tempDir(), { stdout: false })
    const first = await createInitialisedApp({ serverLogger: logger })
    try {
      expect(
        (await first.t.call('PATCH', '/api/settings', first.root.accessToken, { logLevel: 1 })).statusCode,
      ).toBe(200)
    } finally {
      await first.t.close()
    }
    for (const fromSettings of [false, true]) {
      logger.setLevel('warn') // the level a fresh process starts at
      const t = await createTestApp({
        dir: first.t.dir,
        serverLogger: logger,
        logLevelFromSettings: fromSettings,
      })
      await t.close()
      expect(logger.log.level).toBe(fromSettings ? 'debug' : 'warn')
    }
    await logger.close()
  })
})
