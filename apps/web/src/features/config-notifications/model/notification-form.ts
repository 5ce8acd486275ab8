import type { Notification, NotificationEvent, NotificationSettings } from '@shelfcast/contracts'
import type { TFunction } from 'i18next'

export interface NotificationSettingsDraft {
  appriseApiUrl: string
  maxFailedAttempts: string
  maxNotificationQueue: string
}

export const settingsDraft = (s: NotificationSettings): NotificationSettingsDraft => ({
  appriseApiUrl: s.appriseApiUrl ?? '',
  maxFailedAttempts: String(s.maxFailedAttempts),
  maxNotificationQueue: String(s.maxNotificationQueue),
})

const wholeNumber = (value: string) => /^\d+$/.test(value.trim())

/** Spec §8 messages (locale keys) by field. */
export function validateSettings(
  d: NotificationSettingsDraft,
): Partial<Record<keyof NotificationSettingsDraft, string>> {
  const errors: Partial<Record<keyof NotificationSettingsDraft, string>> = {}
  const url = d.appriseApiUrl.trim()
  // Empty clears it (nothing is sent); anything else must be the Apprise API server's http(s) address.
  if (url && !/^https?:\/\/[^\s/]+/i.test(url)) errors.appriseApiUrl = 'MessageInvalidAppriseApiUrl'
  if (!wholeNumber(d.maxFailedAttempts)) errors.maxFailedAttempts = 'MessageMaxFailedAttemptsInvalid'
  if (!wholeNumber(d.maxNotificationQueue)) errors.maxNotificationQueue = 'MessageMaxNotificationQueueInvalid'
  return errors
}

export const toSettingsRequest = (d: NotificationSettingsDraft) => ({
  appriseApiUrl: d.appriseApiUrl.trim(),
  maxFailedAttempts: Number(d.maxFailedAttempts.trim()),
  maxNotificationQueue: Number(d.maxNotificationQueue.trim()),
})

export interface NotificationDraft {
  eventName: string
  /** One Apprise URL a line. */
  urls: string
  titleTemplate: string
  bodyTemplate: string
}

/** A new notification starts on the first event with its default templates. */
export function notificationDraft(
  n: Notification | null,
  events: readonly NotificationEvent[],
): NotificationDraft {
  if (n)
    return {
      eventName: n.eventName,
      urls: n.urls.join('\n'),
      titleTemplate: n.titleTemplate,
      bodyTemplate: n.bodyTemplate,
    }
  const first = events[0]
  return {
    eventName: first?.name ?? '',
    urls: '',
    titleTemplate: first?.defaults.title ?? '',
    bodyTemplate: first?.defaults.body ?? '',
  }
}

/**
 * Choosing another event fills its default templates, unless the admin changed the previous event's defaults
 * (their own text is kept).
 */
export function withEvent(
  d: NotificationDraft,
  eventName: string,
  events: readonly NotificationEvent[],
): NotificationDraft {
  const previous = events.find((e) => e.name === d.eventName)
  const next = events.find((e) => e.name === eventName)
  if (!next) return d
  const untouched = (value: string, fallback: string | undefined) => !value.trim() || value === fallback
  return {
    ...d,
    eventName,
    titleTemplate: untouched(d.titleTemplate, previous?.defaults.title)
      ? next.defaults.title
      : d.titleTemplate,
    bodyTemplate: untouched(d.bodyTemplate, previous?.defaults.body) ? next.defaults.body : d.bodyTemplate,
  }
}

export const urlsOf = (d: NotificationDraft) =>
  d.urls
    .split(/\n/)
    .map((u) => u.trim())
    .filter(Boolean)

export function validateNotification(d: NotificationDraft): Partial<Record<keyof NotificationDraft, string>> {
  const errors: Partial<Record<keyof NotificationDraft, string>> = {}
  if (urlsOf(d).length === 0) errors.urls = 'MessageAppriseUrlRequired'
  if (!d.titleTemplate.trim()) errors.titleTemplate = 'MessageTitleTemplateRequired'
  if (!d.bodyTemplate.trim()) errors.bodyTemplate = 'MessageBodyTemplateRequired'
  return errors
}

export const toNotificationInput = (d: NotificationDraft) => ({
  eventName: d.eventName,
  urls: urlsOf(d),
  titleTemplate: d.titleTemplate,
  bodyTemplate: d.bodyTemplate,
})

/** Locale key of an event's name. */
const eventLabelKeys: Partial<Record<string, string>> = {
  onPodcastEpisodeDownloaded: 'LabelNotificationEventEpisodeDownloaded',
  onPodcastEpisodeDownloadFailed: 'LabelNotificationEventEpisodeDownloadFailed',
  onBackupCompleted: 'LabelNotificationEventBackupCompleted',
  onBackupFailed: 'LabelNotificationEventBackupFailed',
  onTest: 'LabelNotificationEventTest',
}

/** An event's name in the admin's words (its raw name for an event this client does not know). */
export function eventLabel(name: string, t: (key: string) => string): string {
  const key = eventLabelKeys[name]
  return key ? t(key) : name
}

/** The locale keys of an event's default templates ('NotificationDefaultOnBackupFailedTitle'). */
export const defaultTemplateKeys = (eventName: string) => {
  const base = `NotificationDefault${eventName.charAt(0).toUpperCase()}${eventName.slice(1)}`
  return { title: `${base}Title`, body: `${base}Body` }
}

/**
 * The event's default templates in the admin's language (the server's are English), its variables kept as
 * `{{name}}` for the server to fill. An event the locale files do not know keeps the server's defaults.
 */
export function withLocalizedDefaults(event: NotificationEvent, t: TFunction): NotificationEvent {
  const keys = defaultTemplateKeys(event.name)
  const literal = Object.fromEntries(event.variables.map((v) => [v, `{{${v}}}`]))
  const text = (key: string, fallback: string) => (t(key, { defaultValue: '' }) ? t(key, literal) : fallback)
  return {
    ...event,
    defaults: { title: text(keys.title, event.defaults.title), body: text(keys.body, event.defaults.body) },
  }
}
