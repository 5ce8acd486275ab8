import type { NotificationEvent } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  notificationDraft,
  urlsOf,
  validateNotification,
  validateSettings,
  withEvent,
} from './notification-form.ts'

const event = (name: NotificationEvent['name'], title: string, body: string): NotificationEvent => ({
  name,
  requiresLibrary: false,
  description: '',
  variables: [],
  defaults: { title, body },
  testData: {},
})
const events = [event('onBackupFailed', 'Backup Failed', '{{errorMsg}}'), event('onTest', 'Test', 'Body')]

describe('notification form', () => {
  it('checks the settings with the spec messages', () => {
    expect(
      validateSettings({ appriseApiUrl: 'ftp://x', maxFailedAttempts: '-1', maxNotificationQueue: 'x' }),
    ).toEqual({
      appriseApiUrl: 'MessageInvalidAppriseApiUrl',
      maxFailedAttempts: 'MessageMaxFailedAttemptsInvalid',
      maxNotificationQueue: 'MessageMaxNotificationQueueInvalid',
    })
    expect(
      validateSettings({ appriseApiUrl: '', maxFailedAttempts: '1', maxNotificationQueue: '1' }),
    ).toEqual({})
    expect(
      validateSettings({
        appriseApiUrl: 'http://apprise:8000',
        maxFailedAttempts: '0',
        maxNotificationQueue: '0',
      }),
    ).toEqual({})
  })

  it('fills the defaults of a chosen event unless the admin wrote their own', () => {
    const fresh = notificationDraft(null, events)
    expect(fresh).toMatchObject({ eventName: 'onBackupFailed', titleTemplate: 'Backup Failed' })
    expect(withEvent(fresh, 'onTest', events)).toMatchObject({ titleTemplate: 'Test', bodyTemplate: 'Body' })
    const own = { ...fresh, titleTemplate: 'Mine' }
    expect(withEvent(own, 'onTest', events)).toMatchObject({ titleTemplate: 'Mine', bodyTemplate: 'Body' })
  })

  it('needs a URL and both templates', () => {
    expect(urlsOf({ ...notificationDraft(null, events), urls: ' a \n\n b ' })).toEqual(['a', 'b'])
    expect(
      validateNotification({ eventName: 'onTest', urls: ' ', titleTemplate: '', bodyTemplate: 'x' }),
    ).toEqual({
      urls: 'MessageAppriseUrlRequired',
      titleTemplate: 'MessageTitleTemplateRequired',
    })
  })
})
