import { EreaderDevice, type EmailSettings } from '@shelfcast/contracts'
import { z } from 'zod'
import { readJsonSetting, type SettingsRepository } from '../settings/settings.repository.ts'
import { registerSecret } from '../../logging/redact.ts'

const EMAIL_SETTINGS_KEY = 'emailSettings'

/** The settings as stored: `pass` is the real password (never in an answer). */
export type StoredEmailSettings = Omit<EmailSettings, 'id'>

const Stored = z.object({
  host: z.string().nullable().catch(null),
  port: z.number().int().min(1).max(65535).catch(465),
  secure: z.boolean().catch(true),
  rejectUnauthorized: z.boolean().catch(true),
  user: z.string().nullable().catch(null),
  pass: z.string().nullable().catch(null),
  testAddress: z.string().nullable().catch(null),
  fromAddress: z.string().nullable().catch(null),
  ereaderDevices: z.array(EreaderDevice).catch([]),
})

/** Audiobookshelf's defaults: SMTPS on 465, certificates checked, nothing else set. */
export const defaultEmailSettings = (): StoredEmailSettings => Stored.parse({})

/** The email settings as one JSON document in the settings table; cached, since every login reads the devices. */
export class EmailSettingsStore {
  private readonly repo: SettingsRepository
  private cached: StoredEmailSettings | null = null
  constructor(repo: SettingsRepository) {
    this.repo = repo
  }

  async get(): Promise<StoredEmailSettings> {
    if (this.cached) return this.cached
    // A damaged value falls back to its defaults rather than failing every login.
    this.cached = await readJsonSetting(this.repo, EMAIL_SETTINGS_KEY, Stored)
    registerSecret(this.cached.pass)
    return this.cached
  }

  async set(next: StoredEmailSettings): Promise<StoredEmailSettings> {
    await this.repo.set(EMAIL_SETTINGS_KEY, JSON.stringify(next))
    this.cached = next
    // Whatever an SMTP library or error puts in a log line, this password is cut out of it.
    registerSecret(next.pass)
    return next
  }
}
