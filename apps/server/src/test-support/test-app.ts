import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pino, { type Logger } from 'pino'
import type { LoginResponse, User } from '@shelfcast/contracts'
import { buildApp, type BuildAppOptions } from '../app.ts'
import { loadConfig, type Config } from '../config/config.ts'
import type { AppContext } from '../context.ts'
import type { ServerLogger } from '../logger.ts'

/** A clock the test moves by hand (token expiry, grace windows, rate-limit windows). */
export interface FakeClock {
  (): number
  advance(ms: number): void
  set(ms: number): void
}

export function fakeClock(start = Date.UTC(2026, 0, 1)): FakeClock {
  let now = start
  const clock = (() => now) as FakeClock
  clock.advance = (ms) => {
    now += ms
  }
  clock.set = (ms) => {
    now = ms
  }
  return clock
}

/** A pino logger that keeps every line in memory, so tests can assert what was (not) logged. */
export interface LogCapture {
  logger: Logger
  lines(): { level: number; msg?: string }[]
  /** Lines at level error (50) or above. */
  errors(): { level: number; msg?: string }[]
}

export function captureLogs(): LogCapture {
  const raw: string[] = []
  const logger = pino({ level: 'trace' }, { write: (line: string) => void raw.push(line) })
  const lines = () => raw.map((l) => JSON.parse(l) as { level: number; msg?: string })
  return { logger, lines, errors: () => lines().filter((l) => l.level >= 50) }
}

export const tempDir = (prefix = 'shelfcast-test-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix))

export const ROOT = { username: 'root', password: 'root-password' } as const

export interface TestAppOptions {
  /** Data folder holding config/ and metadata/; a fresh temp folder when absent (reuse it to restart). */
  dir?: string
  clock?: FakeClock
  logs?: LogCapture
  /** The server's real logger (redaction, today's buffer, run-time level) instead of the captured one. */
  serverLogger?: ServerLogger
  /** Start at the stored log level setting, as main.ts does without LOG_LEVEL. */
  logLevelFromSettings?: boolean
  /** Extra environment for loadConfig (ROUTER_BASE_PATH, CLIENT_DIST_PATH, token lifetimes ...). */
  env?: Record<string, string>
  /** Metadata provider origins and timeout, for tests against fake provider servers. */
  metadataProviders?: BuildAppOptions['metadataProviders']
  /** How long one Apprise call may take (notification tests against a hanging server). */
  notificationTimeoutMs?: number
}

export interface LoggedIn {
  user: User
  accessToken: string
  /** From the refresh_token cookie, or the body with x-return-tokens. */
  refreshToken: string
  response: LightMyRequestResponse
}

export interface TestApp {
  app: FastifyInstance
  ctx: AppContext
  config: Config
  dir: string
  clock: FakeClock
  logs: LogCapture
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>
  /** GET/POST/... with a bearer token. */
  call(
    method: InjectOptions['method'],
    url: string,
    token?: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>
  init(username?: string, password?: string): Promise<void>
  login(username: string, password: string, headers?: Record<string, string>): Promise<LoggedIn>
  /** POST /api/users as `token`; throws unless it succeeds. */
  createUser(token: string, body: Record<string, unknown>): Promise<User>
  /** Listens on 127.0.0.1:0 and returns the base URL (for sockets). */
  listen(): Promise<string>
  close(): Promise<void>
}

/** The refresh_token cookie a response set, or null. */
export function refreshCookieOf(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name === 'refresh_token')
  return c && c.value !== '' ? c.value : null
}

/**
 * Builds the real app (real SQLite file under a temp folder, real routes) with a fake clock and
 * captured logs. Nothing is mocked: tests speak HTTP through inject() or a real socket.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = options.dir ?? tempDir()
  const clock = options.clock ?? fakeClock()
  const logs = options.logs ?? captureLogs()
  const config = loadConfig({
    CONFIG_PATH: path.join(dir, 'config'),
    METADATA_PATH: path.join(dir, 'metadata'),
    CLIENT_DIST_PATH: path.join(dir, 'no-client'),
    HOST: '127.0.0.1',
    ...options.env,
  })
  const { app, ctx } = await buildApp({
    config,
    clock,
    logger: options.serverLogger?.log ?? logs.logger,
    logControl: options.serverLogger,
    logLevelFromSettings: options.logLevelFromSettings,
    metadataProviders: options.metadataProviders,
    notificationTimeoutMs: options.notificationTimeoutMs,
  })
  let closed = false

  const inject = (opts: InjectOptions) => app.inject(opts)
  const call: TestApp['call'] = (method, url, token, payload) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    })

  const t: TestApp = {
    app,
    ctx,
    config,
    dir,
    clock,
    logs,
    inject,
    call,
    async init(username = ROOT.username, password = ROOT.password) {
      const res = await inject({ method: 'POST', url: '/init', payload: { newRoot: { username, password } } })
      if (res.statusCode !== 200) throw new Error(`init failed: ${res.statusCode} ${res.body}`)
    },
    async login(username, password, headers = {}) {
      const res = await inject({ method: 'POST', url: '/login', payload: { username, password }, headers })
      if (res.statusCode !== 200)
        throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`)
      const body = res.json<LoginResponse>()
      const refreshToken = body.user.refreshToken ?? refreshCookieOf(res)
      if (!body.user.accessToken || !refreshToken) throw new Error('login returned no tokens')
      return { user: body.user, accessToken: body.user.accessToken, refreshToken, response: res }
    },
    async createUser(token, body) {
      const res = await call('POST', '/api/users', token, body)
      if (res.statusCode !== 200) throw new Error(`create user failed: ${res.statusCode} ${res.body}`)
      return res.json<{ user: User }>().user
    },
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 })
      const { port } = app.server.address() as AddressInfo
      return `http://127.0.0.1:${port}`
    },
    async close() {
      if (closed) return
      closed = true
      await app.close()
    },
  }
  return t
}

/** A fresh app with root initialised and logged in. */
export async function createInitialisedApp(options: TestAppOptions = {}) {
  const t = await createTestApp(options)
  await t.init()
  const root = await t.login(ROOT.username, ROOT.password)
  return { t, root }
}

/**
 * An initialised app whose server settings were changed and then restarted, for settings read at
 * start-up (e.g. a small login rate limit so rate-limit tests need few password hashes).
 */
export async function createInitialisedAppWithSettings(
  settings: Record<string, unknown>,
  options: TestAppOptions = {},
) {
  const first = await createInitialisedApp(options)
  const res = await first.t.call('PATCH', '/api/settings', first.root.accessToken, settings)
  if (res.statusCode !== 200) throw new Error(`settings update failed: ${res.statusCode} ${res.body}`)
  await first.t.close()
  const t = await createTestApp({ ...options, dir: first.t.dir, clock: first.t.clock, logs: first.t.logs })
  const root = await t.login(ROOT.username, ROOT.password)
  return { t, root }
}
