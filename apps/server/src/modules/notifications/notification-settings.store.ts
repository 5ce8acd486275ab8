import { Notification, type NotificationSettings } from '@shelfcast/contracts'
import { z } from 'zod'
import { readJsonSetting, type SettingsRepository } from '../settings/settings.repository.ts'

const KEY = 'notificationSettings'

/** The settings as stored in the settings table (one JSON document, like the email settings; no migration). */
const Stored = z.object({
  appriseApiUrl: z.string().nullable().catch(null),
  // One damaged notification is skipped rather than losing every other one.
  notifications: z
    .array(z.unknown())
    .catch([])
    .transform((list) =>
      list.flatMap((n) => {
        const parsed = Notification.safeParse(n)
        return parsed.success ? [parsed.data] : []
      }),
    ),
  maxFailedAttempts: z.number().int().min(0).catch(5),
  maxNotificationQueue: z.number().int().min(0).catch(20),
})
export type StoredNotificationSettings = z.infer<typeof Stored>

/** Milliseconds between two Apprise calls (spec §9: at most one notification a second). */
export const NOTIFICATION_DELAY_MS = 1000

export const toNotificationSettings = (s: StoredNotificationSettings): NotificationSettings => ({
  id: 'notification-settings',
  appriseType: 'api',
  appriseApiUrl: s.appriseApiUrl,
  notifications: s.notifications.map((n) => ({ ...n, urls: [...n.urls] })),
  maxFailedAttempts: s.maxFailedAttempts,
  maxNotificationQueue: s.maxNotificationQueue,
  notificationDelay: NOTIFICATION_DELAY_MS,
})

/**
 * Notification settings, cached in memory (every fired event reads them) and written through. Writes are
 * chained so a send's firing record and an admin's edit never overwrite each other out of order.
 */
export class NotificationSettingsStore {
  private readonly repo: SettingsRepository
  private cached: StoredNotificationSettings | null = null
  private writing: Promise<void> = Promise.resolve()

  constructor(repo: SettingsRepository) {
    this.repo = repo
  }

  async get(): Promise<StoredNotificationSettings> {
    if (this.cached) return this.cached
    const stored = await readJsonSetting(this.repo, KEY, Stored)
    this.cached ??= stored
    return this.cached
  }

  /** Applies `change` to the current settings and stores the result; answers it. */
  async update(
    change: (current: StoredNotificationSettings) => StoredNotificationSettings,
  ): Promise<StoredNotificationSettings> {
    const next = change(await this.get())
    this.cached = next
    const json = JSON.stringify(next)
    this.writing = this.writing.then(() => this.repo.set(KEY, json)).catch(() => undefined)
    await this.writing
    return next
  }
}
