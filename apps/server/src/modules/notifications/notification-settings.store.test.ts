import { describe, expect, it } from 'vitest'
import type { SettingsRepository } from '../settings/settings.repository.ts'
import { NotificationSettingsStore } from './notification-settings.store.ts'

const repoWith = (value: string | null) => {
  const rows = new Map<string, string>(value === null ? [] : [['notificationSettings', value]])
  const repo: Pick<SettingsRepository, 'get' | 'set'> = {
    get: (key) => Promise.resolve(rows.get(key) ?? null),
    set: (key, v) => {
      rows.set(key, v)
      return Promise.resolve()
    },
  }
  return { repo: repo as SettingsRepository, rows }
}

const valid = {
  id: 'n1',
  libraryId: null,
  eventName: 'onTest',
  urls: ['json://x'],
  titleTemplate: 't',
  bodyTemplate: 'b',
  enabled: true,
  type: 'info',
  lastFiredAt: null,
  lastAttemptFailed: false,
  numConsecutiveFailedAttempts: 0,
  numTimesFired: 0,
  createdAt: 1,
}

describe('NotificationSettingsStore', () => {
  it("starts from Audiobookshelf's defaults", async () => {
    expect(await new NotificationSettingsStore(repoWith(null).repo).get()).toEqual({
      appriseApiUrl: null,
      notifications: [],
      maxFailedAttempts: 5,
      maxNotificationQueue: 20,
    })
  })

  it('skips a damaged notification and keeps the others; writes through', async () => {
    const { repo, rows } = repoWith(
      JSON.stringify({ appriseApiUrl: 'http://a', notifications: [valid, { id: 'bad', eventName: 'gone' }] }),
    )
    const store = new NotificationSettingsStore(repo)
    expect((await store.get()).notifications.map((n) => n.id)).toEqual(['n1'])
    await store.update((s) => ({ ...s, maxNotificationQueue: 0 }))
    expect(JSON.parse(rows.get('notificationSettings') ?? '{}')).toMatchObject({ maxNotificationQueue: 0 })
  })
})
