import { z } from 'zod'

/** The events a notification can be fired by (Audiobookshelf's names; the failed download is Shelfcast's own). */
export const notificationEventNames = [
  'onPodcastEpisodeDownloaded',
  'onPodcastEpisodeDownloadFailed',
  'onBackupCompleted',
  'onBackupFailed',
  'onTest',
] as const
export const NotificationEventName = z.enum(notificationEventNames)
export type NotificationEventName = z.infer<typeof NotificationEventName>

export const notificationUrlsMax = 20
export const notificationUrlMaxLength = 2000
export const notificationTemplateMaxLength = 5000
export const notificationQueueMax = 1000
export const notificationFailedAttemptsMax = 100

/** One event as GET /api/notificationdata describes it: its template variables and default templates. */
export const NotificationEvent = z.object({
  name: NotificationEventName,
  requiresLibrary: z.boolean(),
  libraryMediaType: z.string().optional(),
  description: z.string(),
  variables: z.array(z.string()),
  defaults: z.object({ title: z.string(), body: z.string() }),
  testData: z.record(z.string(), z.string()),
})
export type NotificationEvent = z.infer<typeof NotificationEvent>

export const NotificationData = z.object({ events: z.array(NotificationEvent) })
export type NotificationData = z.infer<typeof NotificationData>

/** A notification: which event fires it, where it goes (Apprise URLs), its templates and its firing record. */
export const Notification = z.object({
  id: z.string(),
  libraryId: z.string().nullable(),
  eventName: NotificationEventName,
  urls: z.array(z.string()),
  titleTemplate: z.string(),
  bodyTemplate: z.string(),
  enabled: z.boolean(),
  type: z.string(),
  lastFiredAt: z.number().nullable(),
  lastAttemptFailed: z.boolean(),
  numConsecutiveFailedAttempts: z.number().int(),
  numTimesFired: z.number().int(),
  createdAt: z.number(),
})
export type Notification = z.infer<typeof Notification>

/** Audiobookshelf's NotificationSettings: the Apprise API server, the queue and every notification. */
export const NotificationSettings = z.object({
  id: z.string(),
  appriseType: z.string(),
  appriseApiUrl: z.string().nullable(),
  notifications: z.array(Notification),
  /** Consecutive failures that disable a notification; 0 never disables. */
  maxFailedAttempts: z.number().int(),
  /** Events waiting to be sent; more are dropped. */
  maxNotificationQueue: z.number().int(),
  /** Milliseconds between two sends (spec §9: at most one a second). */
  notificationDelay: z.number().int(),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>

export const NotificationsResponse = z.object({ data: NotificationData, settings: NotificationSettings })
export type NotificationsResponse = z.infer<typeof NotificationsResponse>

export const NotificationSettingsResponse = z.object({ settings: NotificationSettings })
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>

export const UpdateNotificationSettingsRequest = z.object({
  /** http(s) URL of the Apprise API server; empty or null clears it. */
  appriseApiUrl: z.string().max(notificationUrlMaxLength).nullable().optional(),
  maxFailedAttempts: z.number().int().min(0).max(notificationFailedAttemptsMax).optional(),
  maxNotificationQueue: z.number().int().min(0).max(notificationQueueMax).optional(),
})
export type UpdateNotificationSettingsRequest = z.input<typeof UpdateNotificationSettingsRequest>

/** A notification as a client sends it; the service checks the event, the URLs and the templates. */
export const NotificationInput = z.object({
  libraryId: z.string().max(200).nullable().optional(),
  eventName: z.string().max(100),
  urls: z.array(z.string().max(notificationUrlMaxLength)).max(notificationUrlsMax),
  titleTemplate: z.string().max(notificationTemplateMaxLength),
  bodyTemplate: z.string().max(notificationTemplateMaxLength),
  enabled: z.boolean().optional(),
  type: z.string().max(50).optional(),
})
export type NotificationInput = z.input<typeof NotificationInput>

export const UpdateNotificationRequest = NotificationInput.partial()
export type UpdateNotificationRequest = z.input<typeof UpdateNotificationRequest>
