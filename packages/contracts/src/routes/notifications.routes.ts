import { z } from 'zod'
import {
  NotificationData,
  NotificationInput,
  NotificationSettingsResponse,
  NotificationsResponse,
  UpdateNotificationRequest,
  UpdateNotificationSettingsRequest,
} from '../notifications.ts'
import { defineRoute } from './route.ts'

const tag = 'Notifications'
const id = z.object({ id: z.string().min(1).max(200) })

/** Apprise notifications: settings, notifications per event, tests (modules/notifications). */
export const notificationRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    tag,
    summary: 'The event definitions and the notification settings with every notification',
    access: 'admin',
    answer: NotificationsResponse,
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/api/notifications',
    tag,
    summary: 'Stores the Apprise API URL, max failed attempts and queue size given',
    access: 'admin',
    body: UpdateNotificationSettingsRequest,
    answer: NotificationSettingsResponse,
    errors: { 400: 'Not an http(s) URL, or a number out of range' },
  }),
  data: defineRoute({
    method: 'GET',
    path: '/api/notificationdata',
    tag,
    summary: 'The events a notification can be fired by, with their variables and default templates',
    access: 'admin',
    answer: NotificationData,
  }),
  fireTest: defineRoute({
    method: 'GET',
    path: '/api/notifications/test',
    tag,
    summary: 'Fires the test event (queued for every enabled test notification); ?fail=1 fires a failing one',
    access: 'admin',
    query: z.object({ fail: z.string().max(10).optional() }),
    answer: z.object({ success: z.boolean() }),
    errors: { 400: 'No Apprise API URL set' },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/notifications',
    tag,
    summary: 'Creates a notification; answers the settings',
    access: 'admin',
    body: NotificationInput,
    answer: NotificationSettingsResponse,
    errors: { 400: 'Unknown event, no URL, or an empty template' },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/notifications/:id',
    tag,
    summary: 'Deletes a notification; answers the settings',
    access: 'admin',
    params: id,
    answer: NotificationSettingsResponse,
    errors: { 404: 'No such notification' },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/notifications/:id',
    tag,
    summary: 'Updates a notification (enabling it again clears its failures); answers the settings',
    access: 'admin',
    params: id,
    body: UpdateNotificationRequest,
    answer: NotificationSettingsResponse,
    errors: { 400: 'Unknown event, no URL, or an empty template', 404: 'No such notification' },
  }),
  test: defineRoute({
    method: 'GET',
    path: '/api/notifications/:id/test',
    tag,
    summary: "Sends this notification now with its event's test data; answers whether Apprise accepted it",
    access: 'admin',
    params: id,
    answer: z.object({ success: z.boolean() }),
    errors: { 400: 'No Apprise API URL set, or the Apprise server refused', 404: 'No such notification' },
  }),
} as const
