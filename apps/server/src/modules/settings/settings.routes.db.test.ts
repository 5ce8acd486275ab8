import path from 'node:path'
import { defaultServerSettings, type LoginResponse, type ServerSettings } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createInitialisedApp,
  createInitialisedAppWithSettings,
  createTestApp,
  ROOT,
  type TestApp,
} from '../../test-support/test-app.ts'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import { SettingsRepository } from './settings.repository.ts'
import { SettingsService } from './settings.service.ts'

const storedSettings = async (t: TestApp) => new SettingsRepository(t.ctx.database.db).get('serverSettings')

describe('PATCH /api/settings refuses values that would bloat answers or lock everyone out', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    const started = await createInitialisedApp()
    t = started.t
    token = started.root.accessToken
  })
  afterAll(() => t.close())

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['no login attempts', { rateLimitLoginRequests: -1 }, /cannot be negative/],
    ['a billion attempts', { rateLimitLoginRequests: 1e9 }, /at most 10000/],
    ['a fraction of an attempt', { rateLimitLoginRequests: 2.5 }, /whole number/],
    ['one attempt per window', { rateLimitLoginRequests: 1 }, /at least 3 .*lock everyone out/],
    ['a negative window', { rateLimitLoginWindow: -5 }, /cannot be negative/],
    ['a window of years', { rateLimitLoginWindow: 1e12 }, /at most one day/],
    ['a 900 KB language', { language: 'x'.repeat(900_000) }, /language code/],
    ['markup as a language', { language: '<img src=x>' }, /language code/],
    [
      'thousands of sorting prefixes',
      { sortingPrefixes: Array(5000).fill('the') },
      /Too many sorting prefixes/,
    ],
    ['a huge sorting prefix', { sortingPrefixes: ['a'.repeat(10_000)] }, /too long/],
    ['no sorting prefix', { sortingPrefixes: [] }, /Must have at least 1 sorting prefix/],
    ['the server version', { version: '9.9.9' }, /version cannot be changed here/],
    ['an unknown setting with a strange name', { 'a b<c>': true }, /Unknown setting name/],
    [
      'a huge unknown setting',
      { someAppSetting: 'x'.repeat(5000) },
      /Unknown setting someAppSetting is too large/,
    ],
    ['an unknown log level', { logLevel: 99 }, /Unknown log level/],
    ['an unknown bookshelf view', { bookshelfView: 7 }, /Unknown bookshelf view/],
    ['no sign-in method', { authActiveAuthMethods: [] }, /At least one sign-in method/],
    ['an unknown sign-in method', { authActiveAuthMethods: ['local', 'magic'] }, /Unknown sign-in method/],
    [
      'no password sign-in',
      { authActiveAuthMethods: ['openid'] },
      /OpenID sign-in needs an issuer URL and a client ID/,
    ],
  ]

  it.each(bad)('%s: 400 with a message, nothing stored', async (_what, body, message) => {
    const before = await storedSettings(t)
    const res = await t.call('PATCH', '/api/settings', token, body)
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toMatch(message)
    expect(res.body.length).toBeLessThan(500)
    expect(await storedSettings(t)).toBe(before)
    expect((await t.ctx.settings.getServerSettings()).rateLimitLoginRequests).toBe(40)
  })

  it('checks the lock-out rule on the settings as they would be after the change', async () => {
    // The window alone is fine; turning it back on beside a stored limit of 0 is fine too.
    expect((await t.call('PATCH', '/api/settings', token, { rateLimitLoginRequests: 0 })).statusCode).toBe(
      200,
    )
    expect((await t.call('PATCH', '/api/settings', token, { rateLimitLoginWindow: 1000 })).statusCode).toBe(
      200,
    )
    const res = await t.call('PATCH', '/api/settings', token, { rateLimitLoginRequests: 2 })
    expect(res.statusCode).toBe(400)
    expect((await t.ctx.settings.getServerSettings()).rateLimitLoginRequests).toBe(0)
  })

  it('accepts values inside the bounds', async () => {
    const res = await t.call('PATCH', '/api/settings', token, {
      language: 'de-de',
      rateLimitLoginRequests: 10,
      rateLimitLoginWindow: 60_000,
      sortingPrefixes: ['the', 'a', 'der'],
      logLevel: 3,
    })
    expect(res.statusCode).toBe(200)
    const saved = res.json<{ serverSettings: ServerSettings }>().serverSettings
    expect(saved).toMatchObject({
      language: 'de-de',
      rateLimitLoginRequests: 10,
      rateLimitLoginWindow: 60_000,
    })
  })

  it("states the running server's facts in every answer and never stores them", async () => {
    const res = await t.call('PATCH', '/api/settings', token, { logLevel: 2 })
    const saved = res.json<{ serverSettings: ServerSettings }>().serverSettings
    expect(saved).toMatchObject({
      backupPath: path.join(t.config.metadataPath, 'backups'),
      buildNumber: 1,
      version: t.config.version,
    })
    expect(saved.timeZone).toEqual(expect.any(String))
    const stored = JSON.parse(
      (
        t.ctx.database.sqlite.prepare(`SELECT value FROM settings WHERE key = 'serverSettings'`).get() as {
          value: string
        }
      ).value,
    ) as Record<string, unknown>
    expect(stored.logLevel).toBe(2)
    expect(['version', 'buildNumber', 'backupPath', 'timeZone'].filter((k) => k in stored)).toEqual([])
    expect((await t.call('PATCH', '/api/settings', token, { backupPath: '/tmp/elsewhere' })).statusCode).toBe(
      400,
    )
  })
})

describe('a login rate limit of 0 turns the limiter off, as in Audiobookshelf', () => {
  it.each([{ rateLimitLoginRequests: 0 }, { rateLimitLoginWindow: 0 }])(
    '%o: after a restart root logs in, failures are not counted and no limit headers are sent',
    async (settings) => {
      const { t } = await createInitialisedAppWithSettings(settings)
      try {
        const login = (password: string) =>
          t.inject({ method: 'POST', url: '/login', payload: { username: ROOT.username, password } })
        for (let i = 0; i < 4; i++) expect((await login('wrong')).statusCode).toBe(401)
        const res = await login(ROOT.password)
        expect(res.statusCode).toBe(200)
        expect(res.headers['ratelimit-limit']).toBeUndefined()
        const refreshed = await t.inject({
          method: 'POST',
          url: '/auth/refresh',
          headers: { 'x-refresh-token': (await t.login(ROOT.username, ROOT.password)).refreshToken },
        })
        expect(refreshed.statusCode).toBe(200)
      } finally {
        await t.close()
      }
    },
  )
})

describe('settings stored before the bounds existed', () => {
  it('fall back to their defaults key by key at start, so root can still log in after a restart', async () => {
    const { t: first } = await createInitialisedApp()
    await new SettingsRepository(first.ctx.database.db).set(
      'serverSettings',
      JSON.stringify({
        ...defaultServerSettings('0.0.1'),
        rateLimitLoginRequests: -1,
        rateLimitLoginWindow: -5,
        authActiveAuthMethods: ['openid'],
        language: 'x'.repeat(900_000),
        dateFormat: 'dd.MM.yyyy',
      }),
    )
    await first.close()
    const t = await createTestApp({ dir: first.dir, clock: first.clock })
    try {
      const res = await t.inject({
        method: 'POST',
        url: '/login',
        payload: { username: ROOT.username, password: ROOT.password },
      })
      expect(res.statusCode).toBe(200)
      expect(res.body.length).toBeLessThan(20_000)
      const { serverSettings } = res.json<LoginResponse>()
      // The valid stored value is kept; the broken ones are the defaults again.
      expect(serverSettings).toMatchObject({
        dateFormat: 'dd.MM.yyyy',
        language: 'en-us',
        rateLimitLoginRequests: 40,
        rateLimitLoginWindow: 600_000,
        authActiveAuthMethods: ['local'],
      })
    } finally {
      await t.close()
    }
  })
})

describe('GET and PATCH /api/settings keep settings this server does not know, and store only given values', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    const started = await createInitialisedApp()
    t = started.t
    token = started.root.accessToken
  })
  afterAll(() => t.close())

  const get = async () => {
    const res = await t.call('GET', '/api/settings', token)
    expect(res.statusCode).toBe(200)
    return res.json<{ serverSettings: ServerSettings & Record<string, unknown> }>().serverSettings
  }

  it('answers every setting to an admin, and refuses anyone else', async () => {
    expect(await get()).toMatchObject({ dateFormat: 'MM/dd/yyyy', sortingPrefixes: ['the', 'a'] })
    expect((await t.call('GET', '/api/settings', undefined)).statusCode).toBe(401)
  })

  it('keeps an unknown setting across later changes and a restart', async () => {
    const res = await t.call('PATCH', '/api/settings', token, { appOnlyFlag: { shelves: 3 } })
    expect(res.statusCode).toBe(200)
    await t.call('PATCH', '/api/settings', token, { dateFormat: 'yyyy-MM-dd' })
    expect(await get()).toMatchObject({ appOnlyFlag: { shelves: 3 }, dateFormat: 'yyyy-MM-dd' })
    // A fresh service reads them back from the database, as a restart would.
    const restarted = new SettingsService(new SettingsRepository(t.ctx.database.db), '1.0.0', {
      metadataPath: t.config.metadataPath,
    })
    expect(await restarted.getServerSettings()).toMatchObject({
      appOnlyFlag: { shelves: 3 },
      dateFormat: 'yyyy-MM-dd',
    })
  })

  it('leaves every setting not given as it was; null clears only a setting that may be empty', async () => {
    await t.call('PATCH', '/api/settings', token, { authLoginCustomMessage: 'Welcome' })
    const before = await get()
    const res = await t.call('PATCH', '/api/settings', token, {
      timeFormat: 'h:mma',
      authLoginCustomMessage: null,
    })
    expect(res.statusCode).toBe(200)
    expect(await get()).toEqual({ ...before, timeFormat: 'h:mma', authLoginCustomMessage: null })
    const refused = await t.call('PATCH', '/api/settings', token, { scannerParseSubtitle: null })
    expect(refused.statusCode).toBe(400)
    expect(await get()).toEqual({ ...before, timeFormat: 'h:mma', authLoginCustomMessage: null })
  })
})

describe('PATCH /api/sorting-prefixes', () => {
  let t: TestApp
  let token: string
  let libraryId: string
  beforeAll(async () => {
    const started = await createInitialisedApp()
    t = started.t
    token = started.root.accessToken
    const fx = new ItemFixtures(t.ctx.database.db)
    libraryId = (await fx.library({ folder: path.join(t.dir, 'books') })).id
    await fx.item(libraryId, { title: 'The Hobbit', series: [{ name: 'Le Cycle' }] })
    await fx.item(libraryId, { title: 'Der Zauberberg' })
    await fx.item(libraryId, { title: 'Anathem' })
  })
  afterAll(() => t.close())

  const sortForms = () =>
    t.ctx.database.sqlite
      .prepare(
        `SELECT title AS name, title_ignore_prefix AS sortForm FROM library_items
         UNION ALL SELECT name, name_ignore_prefix FROM series ORDER BY 1`,
      )
      .all()

  it('re-sorts every title and series name by the new prefixes and says how many changed', async () => {
    const res = await t.call('PATCH', '/api/sorting-prefixes', token, {
      sortingPrefixes: [' Der ', 'le', 'LE'],
    })
    expect(res.statusCode).toBe(200)
    const answer = res.json<{ rowsUpdated: number; serverSettings: ServerSettings }>()
    expect(answer.serverSettings.sortingPrefixes).toEqual(['der', 'le'])
    expect(await sortForms()).toEqual([
      { name: 'Anathem', sortForm: 'Anathem' },
      { name: 'Der Zauberberg', sortForm: 'Zauberberg, Der' },
      { name: 'Le Cycle', sortForm: 'Cycle, Le' },
      { name: 'The Hobbit', sortForm: 'The Hobbit' },
    ])
    // The Hobbit loses its sort form, Der Zauberberg and Le Cycle gain one.
    expect(answer.rowsUpdated).toBe(3)
    expect((await t.ctx.settings.getServerSettings()).sortingPrefixes).toEqual(['der', 'le'])
  })

  it('refuses an empty list with the spec message and changes nothing', async () => {
    for (const sortingPrefixes of [[], ['  ']]) {
      const res = await t.call('PATCH', '/api/sorting-prefixes', token, { sortingPrefixes })
      expect(res.statusCode).toBe(400)
      expect(res.body).toMatch(/Must have at least 1 sorting prefix|cannot be empty/)
    }
    expect((await t.ctx.settings.getServerSettings()).sortingPrefixes).toEqual(['der', 'le'])
  })

  it('is for admins only', async () => {
    expect(
      (await t.call('PATCH', '/api/sorting-prefixes', undefined, { sortingPrefixes: ['a'] })).statusCode,
    ).toBe(401)
  })
})

describe('login rate limits follow the settings without a restart', () => {
  it('a lower limit refuses the next failures at once; 0 turns the limit off again', async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const login = (password: string) =>
        t.inject({ method: 'POST', url: '/login', payload: { username: ROOT.username, password } })
      const limited = await t.call('PATCH', '/api/settings', root.accessToken, { rateLimitLoginRequests: 3 })
      expect(limited.statusCode).toBe(200)
      for (let i = 0; i < 3; i++) expect((await login('wrong')).statusCode).toBe(401)
      const refused = await login('wrong')
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['ratelimit-limit']).toBe('3')

      const off = await t.call('PATCH', '/api/settings', root.accessToken, { rateLimitLoginRequests: 0 })
      expect(off.statusCode).toBe(200)
      for (let i = 0; i < 5; i++) expect((await login('wrong')).statusCode).toBe(401)
      expect((await login(ROOT.password)).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
