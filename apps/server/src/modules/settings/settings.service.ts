import crypto from 'node:crypto'
import {
  defaultServerSettings,
  ServerSettings,
  type UpdateServerSettingsRequest,
} from '@shelfcast/contracts'
import type { SettingsRepository } from './settings.repository.ts'

const SERVER_SETTINGS_KEY = 'serverSettings'
const JWT_SECRET_KEY = 'jwtSecret'

/** Server settings (one JSON document) and the server's secrets. Cached: every request reads them. */
export class SettingsService {
  private readonly repo: SettingsRepository
  private readonly version: string
  private cached: ServerSettings | null = null
  constructor(repo: SettingsRepository, version: string) {
    this.repo = repo
    this.version = version
  }

  async getServerSettings(): Promise<ServerSettings> {
    if (this.cached) return this.cached
    const stored = await this.repo.get(SERVER_SETTINGS_KEY)
    const defaults = defaultServerSettings(this.version)
    let merged = defaults
    if (stored) {
      try {
        // Unknown or invalid stored keys fall back to defaults instead of failing start-up.
        const parsed = ServerSettings.partial().safeParse(JSON.parse(stored))
        if (parsed.success) merged = { ...defaults, ...parsed.data, id: 'server-settings', version: this.version }
      } catch {
        merged = defaults
      }
    }
    this.cached = merged
    return merged
  }

  async updateServerSettings(changes: UpdateServerSettingsRequest): Promise<ServerSettings> {
    const current = await this.getServerSettings()
    const next: ServerSettings = { ...current }
    // Stored only where a value is given (spec §5).
    for (const [k, v] of Object.entries(changes)) {
      if (v !== undefined && v !== null) (next as Record<string, unknown>)[k] = v
    }
    await this.repo.set(SERVER_SETTINGS_KEY, JSON.stringify(next))
    this.cached = next
    return next
  }

  /** The JWT signing secret: generated at first start, never a default, kept across restarts. */
  async jwtSecret(): Promise<Uint8Array> {
    const existing = await this.repo.get(JWT_SECRET_KEY)
    const value = existing ?? (await this.repo.setIfAbsent(JWT_SECRET_KEY, crypto.randomBytes(64).toString('base64')))
    return new Uint8Array(Buffer.from(value, 'base64'))
  }
}
