import crypto from 'node:crypto'
import {
  NotificationEventName,
  type Notification,
  type NotificationData,
  type NotificationInput,
  type NotificationSettings,
  type UpdateNotificationRequest,
  type UpdateNotificationSettingsRequest,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { SendApprise } from './apprise-client.ts'
import {
  notificationEvents,
  type NotificationSink,
  type NotificationVariables,
} from './notification-events.ts'
import { SendQueue, type QueuedSend } from './notification-queue.ts'
import {
  NOTIFICATION_DELAY_MS,
  toNotificationSettings,
  type NotificationSettingsStore,
  type StoredNotificationSettings,
} from './notification-settings.store.ts'
import { renderTemplate } from './render-template.ts'

export interface NotificationsDeps {
  store: NotificationSettingsStore
  send: SendApprise
  version: string
  clock: Clock
  log: Logger
  /** Milliseconds between two Apprise calls; spec §9 says one a second. */
  delayMs?: number
}

const messages = {
  noApprise: 'Apprise API URL is not set',
  notFound: 'Notification not found',
  unknownEvent: 'Unknown notification event',
  noUrls: 'At least one Apprise URL is required',
  noTemplate: 'Title and body templates are required',
  badApiUrl: 'Apprise API URL must be an http(s) URL',
  queueFull: 'Notification queue is full',
}

/** Apprise notifications: settings and notifications (CRUD), events fired by modules, and the send queue. */
export class NotificationsService implements NotificationSink {
  private readonly deps: NotificationsDeps
  private readonly queue: SendQueue
  private settingsNow: StoredNotificationSettings | null = null
  /** Events being turned into queued sends. */
  private readonly firing = new Set<Promise<void>>()

  constructor(deps: NotificationsDeps) {
    this.deps = deps
    this.queue = new SendQueue({
      attempt: (send) => this.attempt(send),
      delayMs: deps.delayMs ?? NOTIFICATION_DELAY_MS,
      capacity: () => this.settingsNow?.maxNotificationQueue ?? 20,
      log: deps.log,
    })
  }

  data(): NotificationData {
    return { events: notificationEvents(this.deps.version) }
  }

  async settings(): Promise<NotificationSettings> {
    return toNotificationSettings(await this.load())
  }

  async updateSettings(body: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
    let apiUrl: string | null | undefined = body.appriseApiUrl
    if (typeof apiUrl === 'string') apiUrl = apiUrl.trim() || null
    if (apiUrl && !isHttpUrl(apiUrl)) throw badRequest(messages.badApiUrl)
    return this.save((s) => ({
      ...s,
      ...(apiUrl !== undefined ? { appriseApiUrl: apiUrl } : {}),
      ...(body.maxFailedAttempts !== undefined ? { maxFailedAttempts: body.maxFailedAttempts } : {}),
      ...(body.maxNotificationQueue !== undefined ? { maxNotificationQueue: body.maxNotificationQueue } : {}),
    }))
  }

  async create(input: NotificationInput): Promise<NotificationSettings> {
    const fields = checkedFields(input)
    const notification: Notification = {
      id: `noti_${crypto.randomUUID()}`,
      libraryId: input.libraryId || null,
      ...fields,
      enabled: input.enabled ?? true,
      type: input.type || 'info',
      lastFiredAt: null,
      lastAttemptFailed: false,
      numConsecutiveFailedAttempts: 0,
      numTimesFired: 0,
      createdAt: this.deps.clock(),
    }
    return this.save((s) => ({ ...s, notifications: [...s.notifications, notification] }))
  }

  async update(id: string, patch: UpdateNotificationRequest): Promise<NotificationSettings> {
    const current = await this.find(id)
    const fields = checkedFields({
      eventName: patch.eventName ?? current.eventName,
      urls: patch.urls ?? current.urls,
      titleTemplate: patch.titleTemplate ?? current.titleTemplate,
      bodyTemplate: patch.bodyTemplate ?? current.bodyTemplate,
    })
    const enabling = patch.enabled === true && !current.enabled
    const next: Notification = {
      ...current,
      ...fields,
      libraryId: patch.libraryId === undefined ? current.libraryId : patch.libraryId || null,
      enabled: patch.enabled ?? current.enabled,
      type: patch.type || current.type,
      // Turning a notification disabled by failures back on gives it a fresh count.
      ...(enabling ? { numConsecutiveFailedAttempts: 0, lastAttemptFailed: false } : {}),
    }
    return this.save((s) => ({ ...s, notifications: s.notifications.map((n) => (n.id === id ? next : n)) }))
  }

  async remove(id: string): Promise<NotificationSettings> {
    await this.find(id)
    return this.save((s) => ({ ...s, notifications: s.notifications.filter((n) => n.id !== id) }))
  }

  /** GET /api/notifications/test: fires the test event (with `fail`, each attempt fails on purpose). */
  async fireTest(fail: boolean): Promise<void> {
    const s = await this.load()
    if (!s.appriseApiUrl) throw badRequest(messages.noApprise)
    await this.enqueueEvent('onTest', { version: `v${this.deps.version}` }, fail)
  }

  /** GET /api/notifications/:id/test: sends this notification with its event's test data; waits for the outcome. */
  async testOne(id: string): Promise<boolean> {
    const notification = await this.find(id)
    const s = await this.load()
    if (!s.appriseApiUrl) throw badRequest(messages.noApprise)
    const event = this.data().events.find((e) => e.name === notification.eventName)
    const variables = event?.testData ?? {}
    return new Promise<boolean>((resolve, reject) => {
      const queued = this.queue.push({
        ...this.messageFor(notification, variables),
        done: resolve,
      })
      if (!queued) reject(badRequest(messages.queueFull))
    })
  }

  /** Modules fire events here; sends happen later, in the queue. Never throws. */
  fire(eventName: NotificationEventName, variables: NotificationVariables): void {
    const queued = this.enqueueEvent(eventName, variables, false)
      .catch((err: unknown) => this.deps.log.warn({ err, eventName }, 'notification event not queued'))
      .finally(() => this.firing.delete(queued))
    this.firing.add(queued)
  }

  /** Resolves when every fired event is queued and every queued send is done (tests). */
  async idle(): Promise<void> {
    while (this.firing.size > 0) await Promise.all(this.firing)
    await this.queue.idle()
  }

  stop(): void {
    this.queue.stop()
  }

  private async enqueueEvent(
    eventName: NotificationEventName,
    variables: NotificationVariables,
    intentionallyFail: boolean,
  ): Promise<void> {
    const s = await this.load()
    if (!s.appriseApiUrl) return
    const libraryId = typeof variables.libraryId === 'string' ? variables.libraryId : null
    for (const n of s.notifications) {
      if (!n.enabled || n.eventName !== eventName) continue
      if (n.libraryId && libraryId && n.libraryId !== libraryId) continue
      this.queue.push({ ...this.messageFor(n, variables), intentionallyFail })
    }
  }

  private messageFor(n: Notification, variables: NotificationVariables): QueuedSend {
    return {
      notificationId: n.id,
      message: {
        urls: n.urls,
        title: renderTemplate(n.titleTemplate, variables),
        body: renderTemplate(n.bodyTemplate, variables),
      },
    }
  }

  /** One Apprise call, then the notification's firing record (and disabling after too many failures). */
  private async attempt(send: QueuedSend): Promise<boolean> {
    const s = await this.load()
    let ok = false
    if (s.appriseApiUrl && !send.intentionallyFail) {
      try {
        await this.deps.send(s.appriseApiUrl, send.message)
        ok = true
      } catch (err) {
        this.deps.log.warn({ err, notificationId: send.notificationId }, 'notification failed')
      }
    }
    const now = this.deps.clock()
    await this.save((current) => ({
      ...current,
      notifications: current.notifications.map((n) => {
        if (n.id !== send.notificationId) return n
        const failures = ok ? 0 : n.numConsecutiveFailedAttempts + 1
        const max = current.maxFailedAttempts
        return {
          ...n,
          lastFiredAt: now,
          lastAttemptFailed: !ok,
          numConsecutiveFailedAttempts: failures,
          numTimesFired: n.numTimesFired + 1,
          enabled: n.enabled && !(max > 0 && failures >= max),
        }
      }),
    }))
    return ok
  }

  private async find(id: string): Promise<Notification> {
    const found = (await this.load()).notifications.find((n) => n.id === id)
    if (!found) throw notFound(messages.notFound)
    return found
  }

  private async load(): Promise<StoredNotificationSettings> {
    this.settingsNow = await this.deps.store.get()
    return this.settingsNow
  }

  private async save(
    change: (s: StoredNotificationSettings) => StoredNotificationSettings,
  ): Promise<NotificationSettings> {
    this.settingsNow = await this.deps.store.update(change)
    return toNotificationSettings(this.settingsNow)
  }
}

function checkedFields(input: {
  eventName: string
  urls: readonly string[]
  titleTemplate: string
  bodyTemplate: string
}): Pick<Notification, 'eventName' | 'urls' | 'titleTemplate' | 'bodyTemplate'> {
  const event = NotificationEventName.safeParse(input.eventName)
  if (!event.success) throw badRequest(messages.unknownEvent)
  const urls = input.urls.map((u) => u.trim()).filter(Boolean)
  if (urls.length === 0) throw badRequest(messages.noUrls)
  if (!input.titleTemplate.trim() || !input.bodyTemplate.trim()) throw badRequest(messages.noTemplate)
  return { eventName: event.data, urls, titleTemplate: input.titleTemplate, bodyTemplate: input.bodyTemplate }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
