import crypto from 'node:crypto'
import path from 'node:path'
import {
  defaultServerSettings,
  ServerSettings,
  serverSettingsLockoutProblem,
  unknownSettings,
  unknownSettingsProblem,
  type UpdateServerSettingsRequest,
} from '@shelfcast/contracts'
import { badRequest } from '../../http/errors.ts'
import type { SettingsRepository } from './settings.repository.ts'

const SERVER_SETTINGS_KEY = 'serverSettings'
const JWT_SECRET_KEY = 'jwtSecret'
/** Settings whose default comes from the environment: stored only once an admin gives a value. */
const ENV_DEFAULTED = ['accessTokenExpiry', 'refreshTokenExpiry'] as const
type EnvDefaulted = (typeof ENV_DEFAULTED)[number]

export interface SettingsServiceOptions {
  metadataPath: string
  /** ACCESS_TOKEN_EXPIRY_SEC / REFRESH_TOKEN_EXPIRY_SEC: the token lifetimes until the settings store their own. */
  tokenLifetimes?: Pick<ServerSettings, EnvDefaulted>
}

/** Server settings (one JSON document) and the server's secrets. Cached: every request reads them. */
export class SettingsService {
  private readonly repo: SettingsRepository
  private readonly version: string
  private readonly facts: Pick<ServerSettings, 'version' | 'buildNumber' | 'backupPath' | 'timeZone'>
  private readonly envDefaults: Partial<Pick<ServerSettings, EnvDefaulted>>
  /** The environment-defaulted settings the stored document holds (an admin gave them). */
  private readonly storedEnvDefaulted = new Set<EnvDefaulted>()
  private cached: ServerSettings | null = null
  private readonly listeners = new Set<(settings: ServerSettings) => void>()
  /** Set by OpenID sign-in: whether the sign-in methods of a change leave a way in (the message if not). */
  private authMethodsGuard: (next: ServerSettings) => Promise<string | null> = async () => null
  constructor(repo: SettingsRepository, version: string, opts: SettingsServiceOptions) {
    this.repo = repo
    this.version = version
    this.envDefaults = opts.tokenLifetimes ?? {}
    // Stated in every settings answer, never stored: where backups go and the zone dates are shown in.
    this.facts = {
      version,
      buildNumber: 1,
      backupPath: path.join(opts.metadataPath, 'backups'),
      timeZone: process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    }
  }

  async getServerSettings(): Promise<ServerSettings> {
    if (this.cached) return this.cached
    const stored = await this.repo.get(SERVER_SETTINGS_KEY)
    const defaults = { ...defaultServerSettings(this.version), ...this.envDefaults }
    const merged = { ...(stored ? storedSettings(stored, defaults) : defaults), ...this.facts }
    this.storedEnvDefaulted.clear()
    for (const key of stored ? storedKeys(stored) : [])
      if ((ENV_DEFAULTED as readonly string[]).includes(key)) this.storedEnvDefaulted.add(key as EnvDefaulted)
    this.cached = merged
    return merged
  }

  async updateServerSettings(changes: UpdateServerSettingsRequest): Promise<ServerSettings> {
    const current = await this.getServerSettings()
    const next: ServerSettings = { ...current }
    // Stored only where a value is given (spec §5); null is a value for the nullable ones (it clears them).
    for (const [k, v] of Object.entries(changes)) {
      if (v !== undefined) (next as Record<string, unknown>)[k] = v
    }
    const problem =
      serverSettingsLockoutProblem(next) ??
      tokenLifetimesProblem(next, changes) ??
      unknownSettingsProblem(unknownSettings(next))
    if (problem) throw badRequest(problem)
    if (!next.authActiveAuthMethods.includes('local')) {
      const lockout = await this.authMethodsGuard(next)
      if (lockout) throw badRequest(lockout)
    }
    // The facts of the running server are stated in answers, never stored (they would go stale on upgrade).
    const { version: _version, buildNumber: _build, backupPath: _backups, timeZone: _zone, ...stored } = next
    // An environment default is not stored with the rest: a later change of the variable still applies.
    for (const key of ENV_DEFAULTED) {
      if (changes[key] !== undefined) this.storedEnvDefaulted.add(key)
      if (!this.storedEnvDefaulted.has(key)) delete (stored as Partial<typeof stored>)[key]
    }
    await this.repo.set(SERVER_SETTINGS_KEY, JSON.stringify(stored))
    this.cached = next
    for (const listener of this.listeners) listener(next)
    return next
  }

  /**
   * PATCH /api/sorting-prefixes: stores the prefixes (trimmed, lower-cased, duplicates dropped, as
   * Audiobookshelf does) and re-sorts every title and series name by them.
   */
  async updateSortingPrefixes(prefixes: readonly string[]) {
    const cleaned = [...new Set(prefixes.map((p) => p.trim().toLowerCase()).filter(Boolean))]
    if (cleaned.length === 0) throw badRequest('Must have at least 1 sorting prefix')
    const serverSettings = await this.updateServerSettings({ sortingPrefixes: cleaned })
    const rowsUpdated = await this.repo.resortTitles(cleaned)
    return { rowsUpdated, serverSettings }
  }

  setAuthMethodsGuard(guard: (next: ServerSettings) => Promise<string | null>) {
    this.authMethodsGuard = guard
  }

  /** Called after every settings change (schedulers follow their settings). */
  onChange(listener: (settings: ServerSettings) => void) {
    this.listeners.add(listener)
  }

  /** The backups module states where backups go now (it stores the folder itself). */
  setBackupPath(folder: string) {
    this.facts.backupPath = folder
    if (this.cached) this.cached = { ...this.cached, backupPath: folder }
  }

  /** The JWT signing secret: generated at first start, never a default, kept across restarts. */
  async jwtSecret(): Promise<Uint8Array> {
    const existing = await this.repo.get(JWT_SECRET_KEY)
    const value =
      existing ?? (await this.repo.setIfAbsent(JWT_SECRET_KEY, crypto.randomBytes(64).toString('base64')))
    return new Uint8Array(Buffer.from(value, 'base64'))
  }
}

/** A refresh token must outlive the access tokens it renews; checked when a PATCH changes either. */
function tokenLifetimesProblem(next: ServerSettings, changes: UpdateServerSettingsRequest): string | null {
  if (changes.accessTokenExpiry === undefined && changes.refreshTokenExpiry === undefined) return null
  return next.refreshTokenExpiry > next.accessTokenExpiry
    ? null
    : 'Refresh token lifetime must be longer than the access token lifetime'
}

/** The keys of the stored settings document (none when it is not a JSON object). */
function storedKeys(stored: string): string[] {
  try {
    const raw: unknown = JSON.parse(stored)
    return raw && typeof raw === 'object' ? Object.keys(raw) : []
  } catch {
    return []
  }
}

/**
 * The stored settings over the defaults, key by key: a value that is unknown, out of bounds (stored
 * before the bounds existed) or part of a lock-out falls back to its default instead of failing
 * start-up or keeping everyone from logging in.
 */
function storedSettings(stored: string, defaults: ServerSettings): ServerSettings {
  let raw: unknown
  try {
    raw = JSON.parse(stored)
  } catch {
    return defaults
  }
  if (!raw || typeof raw !== 'object') return defaults
  const merged: Record<string, unknown> = { ...defaults }
  const shape = ServerSettings.shape
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'id' || key === 'version' || !Object.hasOwn(shape, key)) continue
    const parsed = shape[key as keyof typeof shape].safeParse(value)
    if (parsed.success) merged[key] = parsed.data
  }
  // Settings this server does not know are kept as stored (Audiobookshelf keeps them), when within bounds.
  const extra = unknownSettings(raw as Record<string, unknown>)
  if (!unknownSettingsProblem(extra)) Object.assign(merged, extra)
  const settings = merged as ServerSettings
  // Password sign-in off with no OpenID provider stored would let no one in: password sign-in comes back.
  const noWayIn = !settings.authActiveAuthMethods.includes('local') && !settings.authOpenIDIssuerURL
  if (serverSettingsLockoutProblem(settings) || noWayIn) {
    settings.rateLimitLoginRequests = defaults.rateLimitLoginRequests
    settings.rateLimitLoginWindow = defaults.rateLimitLoginWindow
    settings.authActiveAuthMethods = defaults.authActiveAuthMethods
  }
  return settings
}
