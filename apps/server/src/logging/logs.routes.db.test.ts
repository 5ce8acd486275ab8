import fs from 'node:fs'
import path from 'node:path'
import type { LogEntry } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, type ServerLogger } from '../logger.ts'
import { readLogDay } from './log-days.ts'
import { connectSocket, sleep, type TestSocket } from '../test-support/socket-client.ts'
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

  /** Logs probe lines until `socket` gets one: its `set_log_listener`, sent before, has then been taken. */
  const untilListening = async (socket: TestSocket, level: 'info' | 'warn' = 'warn') => {
    for (let n = 0; ; n++) {
      t.ctx.log[level](`probe ${n}`)
      const got = await socket
        .waitFor<LogEntry>('log', (e) => e.message.startsWith('probe '), 100)
        .catch(() => null)
      if (got) return
    }
  }
  const until = async (check: () => boolean, what: string) => {
    for (let waited = 0; !check(); waited += 20) {
      if (waited > 15_000) throw new Error(`timed out waiting for ${what}`)
      await sleep(20)
    }
  }
  let baseUrl: string | null = null
  const base = async () => (baseUrl ??= await t.listen())
  const logMessages = (socket: TestSocket) => (socket.received('log') as LogEntry[]).map((e) => e.message)

  it('streams new lines only to admin sockets that listen (an open Logs page), at their level or above', async () => {
    const listening = await connectSocket(await base())
    const warnOnly = await connectSocket(await base())
    const idle = await connectSocket(await base())
    const user = await connectSocket(await base())
    try {
      expect((await listening.auth(token)).event).toBe('init')
      expect((await warnOnly.auth(token)).event).toBe('init')
      expect((await idle.auth(token)).event).toBe('init')
      const reader = await t.login('reader', 'reader-pass')
      expect((await user.auth(reader.accessToken)).event).toBe('init')
      user.socket.emit('set_log_listener', 0)
      warnOnly.socket.emit('set_log_listener', 3)
      listening.socket.emit('set_log_listener', 2)
      await untilListening(warnOnly)
      await untilListening(listening)

      t.ctx.log.info('info marker')
      t.ctx.log.warn({ password: 'live-secret' }, 'live marker')
      const entry = await listening.waitFor<LogEntry>('log', (e) => e.message.startsWith('live marker'))
      expect(entry.levelName).toBe('WARN')
      expect(JSON.stringify(entry)).not.toContain('live-secret')
      await warnOnly.waitFor<LogEntry>('log', (e) => e.message.startsWith('live marker'))
      expect(logMessages(listening)).toContain('info marker')
      // Below its level: the warn listener never got the info line (sent before the warn line it did get).
      expect(logMessages(warnOnly)).not.toContain('info marker')
      // An admin socket that does not listen, and a reader's (whose set_log_listener is refused), get no line.
      expect(idle.received('log')).toEqual([])
      expect(user.received('log')).toEqual([])

      // Closing the page stops the stream; a line logged after it reaches only the sockets still listening.
      listening.socket.emit('remove_log_listener')
      await until(() => t.ctx.realtime.listeningSockets() === 1, 'one listener left')
      t.ctx.log.warn('after remove')
      await warnOnly.waitFor<LogEntry>('log', (e) => e.message === 'after remove')
      expect(logMessages(listening)).not.toContain('after remove')
    } finally {
      listening.close()
      warnOnly.close()
      idle.close()
      user.close()
    }
  })

  it('stops streaming to a socket that disconnects or whose account is no longer an admin', async () => {
    await t.call('POST', '/api/users', token, {
      username: 'demoted',
      password: 'demoted-pass',
      type: 'admin',
    })
    const demoted = await t.login('demoted', 'demoted-pass')
    const watcher = await connectSocket(await base())
    const leaving = await connectSocket(await base())
    const downgraded = await connectSocket(await base())
    try {
      expect((await watcher.auth(token)).event).toBe('init')
      expect((await leaving.auth(token)).event).toBe('init')
      expect((await downgraded.auth(demoted.accessToken)).event).toBe('init')
      for (const s of [watcher, leaving, downgraded]) s.socket.emit('set_log_listener', 2)
      for (const s of [watcher, leaving, downgraded]) await untilListening(s)
      leaving.close()
      await leaving.disconnected()
      const users = (await t.call('GET', '/api/users', token)).json() as {
        users: { id: string; username: string }[]
      }
      const id = users.users.find((u) => u.username === 'demoted')?.id ?? ''
      expect((await t.call('PATCH', `/api/users/${id}`, token, { type: 'user' })).statusCode).toBe(200)
      // The downgrade is taken into effect for its open sockets when the account changes (refreshUser).
      await untilListening(watcher)
      t.ctx.log.warn('after downgrade')
      await watcher.waitFor<LogEntry>('log', (e) => e.message === 'after downgrade')
      expect(logMessages(downgraded)).not.toContain('after downgrade')
      // The socket that left and the downgraded one listen no more (the previous test's sockets are closing too).
      await until(() => t.ctx.realtime.listeningSockets() === 1, 'only the admin still listening')
    } finally {
      watcher.close()
      leaving.close()
      downgraded.close()
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

  it('lists the kept days, shows one day and downloads its file, to admins only; bad days are refused', async () => {
    const dir = path.join(metadata, 'logs')
    const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
    const line = (level: number, msg: string) =>
      JSON.stringify({ level, time: `${dayAgo(1)}T10:00:00.000Z`, module: 'scanner', msg })
    const yesterday = [line(30, 'old info'), line(50, 'old error'), 'not json'].join('\n') + '\n'
    fs.writeFileSync(path.join(dir, `${dayAgo(1)}.log`), yesterday)
    fs.writeFileSync(path.join(dir, `${dayAgo(2)}.log`), line(40, 'older warn') + '\n')
    fs.writeFileSync(path.join(metadata, 'secret.log'), 'outside the folder')

    const list = await t.call('GET', '/api/logger-data/days', token)
    expect(list.statusCode).toBe(200)
    const days = (list.json() as { days: { day: string; size: number }[] }).days
    const older = days.filter((d) => d.day < dayAgo(0)).map((d) => d.day)
    expect(older).toEqual([dayAgo(1), dayAgo(2)])
    expect(days.find((d) => d.day === dayAgo(1))?.size).toBe(Buffer.byteLength(yesterday))

    const one = await t.call('GET', `/api/logger-data/days/${dayAgo(1)}`, token)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({
      day: dayAgo(1),
      truncated: false,
      lines: [
        { message: 'old info', levelName: 'INFO', level: 2, source: 'scanner' },
        { message: 'old error', levelName: 'ERROR', level: 4 },
      ],
    })

    const file = await t.call('GET', `/api/logger-data/days/${dayAgo(1)}/download`, token)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="\d{4}-\d{2}-\d{2}\.log"/)
    expect(file.body).toBe(yesterday)
    // A link cannot send a bearer header: the download takes the token in the query, as backups do.
    const byLink = await t.inject({
      method: 'GET',
      url: `/api/logger-data/days/${dayAgo(1)}/download?token=${token}`,
    })
    expect(byLink.statusCode).toBe(200)

    for (const bad of ['2026-13-45', '..%2Fsecret', '..%2F..%2Fsecret.log', 'today', '2026-1-1'])
      for (const suffix of ['', '/download'])
        expect((await t.call('GET', `/api/logger-data/days/${bad}${suffix}`, token)).statusCode, bad).toBe(
          400,
        )
    expect((await t.call('GET', '/api/logger-data/days/1999-01-01', token)).statusCode).toBe(404)
    expect((await t.call('GET', '/api/logger-data/days/1999-01-01/download', token)).statusCode).toBe(404)

    const reader = await t.login('reader', 'reader-pass')
    for (const url of ['/api/logger-data/days', `/api/logger-data/days/${dayAgo(1)}`])
      expect((await t.call('GET', url, reader.accessToken)).statusCode).toBe(403)
    expect(
      (await t.call('GET', `/api/logger-data/days/${dayAgo(1)}/download`, reader.accessToken)).statusCode,
    ).toBe(403)
  })

  it('reads only the last part of a huge day file, whole lines only', async () => {
    const dir = path.join(metadata, 'logs')
    const rows = Array.from({ length: 200 }, (_, n) =>
      JSON.stringify({ level: 30, time: '2026-01-01T00:00:00.000Z', msg: `row ${n}` }),
    )
    fs.writeFileSync(path.join(dir, '2026-01-01.log'), rows.join('\n') + '\n')
    const day = await readLogDay(dir, '2026-01-01', 1000)
    expect(day.truncated).toBe(true)
    expect(day.lines.at(-1)?.message).toBe('row 199')
    expect(day.lines.length).toBeGreaterThan(5)
    expect(day.lines.every((l) => /^row \d+$/.test(l.message))).toBe(true)
    fs.rmSync(path.join(dir, '2026-01-01.log'))
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
