import type {
  Notification,
  NotificationEvent,
  NotificationSettings,
  NotificationsResponse,
} from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const root = userFixture('root', { id: 'root-id' })

const events: NotificationEvent[] = [
  {
    name: 'onPodcastEpisodeDownloaded',
    requiresLibrary: true,
    description: 'Triggered when a podcast episode is downloaded',
    variables: ['podcastTitle', 'episodeTitle'],
    defaults: { title: 'New {{podcastTitle}} Episode!', body: '{{episodeTitle}} added' },
    testData: {},
  },
  {
    name: 'onBackupFailed',
    requiresLibrary: false,
    description: 'Triggered when a backup fails',
    variables: ['errorMsg'],
    defaults: { title: 'Backup Failed', body: 'Error: {{errorMsg}}' },
    testData: {},
  },
]

const failing: Notification = {
  id: 'n1',
  libraryId: null,
  eventName: 'onBackupFailed',
  urls: ['tgram://bot/chat'],
  titleTemplate: 'Backup Failed',
  bodyTemplate: 'Error: {{errorMsg}}',
  enabled: false,
  type: 'info',
  lastFiredAt: Date.now() - 3600_000,
  lastAttemptFailed: true,
  numConsecutiveFailedAttempts: 5,
  numTimesFired: 7,
  createdAt: 0,
}

const initial = (overrides: Partial<NotificationSettings> = {}): NotificationSettings => ({
  id: 'notification-settings',
  appriseType: 'api',
  appriseApiUrl: 'http://apprise:8000',
  notifications: [failing],
  maxFailedAttempts: 5,
  maxNotificationQueue: 20,
  notificationDelay: 1000,
  ...overrides,
})

function server(start: NotificationSettings, testAnswer = () => json({ success: true })) {
  let current = start
  const answer = () => json({ settings: current })
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/notifications': () =>
      json({ data: { events }, settings: current } satisfies NotificationsResponse),
    'PATCH /api/notifications': (request) => {
      current = { ...current, ...(request.body as Partial<NotificationSettings>) }
      return answer()
    },
    'POST /api/notifications': (request) => {
      const body = request.body as Pick<Notification, 'eventName' | 'urls' | 'titleTemplate' | 'bodyTemplate'>
      current = {
        ...current,
        notifications: [
          ...current.notifications,
          {
            ...failing,
            ...body,
            id: 'n2',
            enabled: true,
            lastFiredAt: null,
            lastAttemptFailed: false,
            numConsecutiveFailedAttempts: 0,
          },
        ],
      }
      return answer()
    },
    'PATCH /api/notifications/n1': (request) => {
      current = {
        ...current,
        notifications: current.notifications.map((n) =>
          n.id === 'n1' ? { ...n, ...(request.body as Partial<Notification>) } : n,
        ),
      }
      return answer()
    },
    'DELETE /api/notifications/n1': () => {
      current = { ...current, notifications: current.notifications.filter((n) => n.id !== 'n1') }
      return answer()
    },
    'GET /api/notifications/n1/test': testAnswer,
  })
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join(' | ')

describe('/config/notifications', () => {
  it('saves the Apprise settings, refusing a negative queue size', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(initial())
    const { user } = renderApp('/config/notifications', fake)
    const form = await screen.findByTestId('apprise-form')
    expect((within(form).getByLabelText('Apprise API URL') as HTMLInputElement).value).toBe(
      'http://apprise:8000',
    )
    const queue = within(form).getByLabelText('Max notifications queued')
    await user.clear(queue)
    await user.type(queue, '-1')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByText('Max notification queue must be >= 0')).toBeTruthy()
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false)
    await user.clear(queue)
    await user.type(queue, '0')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(toasts()).toContain('Notification settings updated'))
    expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      appriseApiUrl: 'http://apprise:8000',
      maxFailedAttempts: 5,
      maxNotificationQueue: 0,
    })
  })

  it('shows each notification’s state; toggles, tests and deletes it', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(initial(), () => text('The Apprise server did not accept the notification', 400))
    const { user } = renderApp('/config/notifications', fake)
    const row = await screen.findByTestId('notification-row')
    expect(row.textContent).toContain('Backup failed')
    expect(row.textContent).toContain('tgram://bot/chat')
    expect(row.textContent).toContain('Last attempt failed')
    expect(row.textContent).toContain('Consecutive failures: 5')
    expect(row.textContent).toContain('1 hour ago')

    const enabled = within(row).getByRole('switch', { name: 'Enabled' })
    expect(enabled.getAttribute('aria-checked')).toBe('false')
    await user.click(enabled)
    await waitFor(() => expect(enabled.getAttribute('aria-checked')).toBe('true'))
    expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: true })

    await user.click(within(row).getByRole('button', { name: 'Test' }))
    await waitFor(() =>
      expect(toasts()).toContain(
        'Failed to send test notification: The Apprise server did not accept the notification',
      ),
    )

    await user.click(within(row).getByRole('button', { name: 'Delete notification Backup failed' }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByTestId('notification-row')).toBeNull())
    expect(toasts()).toContain('Notification deleted')
    expect(screen.getByText('No notifications')).toBeTruthy()
  })

  it('creates a notification with the event’s defaults and variables, by keyboard', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(initial({ notifications: [] }))
    const { user } = renderApp('/config/notifications', fake)
    await user.click(await screen.findByRole('button', { name: 'Create notification' }))
    const modal = await screen.findByTestId('notification-modal')
    expect((within(modal).getByLabelText('Title template') as HTMLInputElement).value).toBe(
      'New {{podcastTitle}} Episode!',
    )
    expect(within(modal).getByTestId('notification-variables').textContent).toBe(
      '{{podcastTitle}}{{episodeTitle}}',
    )
    await user.selectOptions(within(modal).getByLabelText('Event'), 'onBackupFailed')
    expect((within(modal).getByLabelText('Title template') as HTMLInputElement).value).toBe('Backup Failed')
    expect(within(modal).getByTestId('notification-variables').textContent).toBe('{{errorMsg}}')

    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    expect(within(modal).getByText('Must enter an Apprise URL')).toBeTruthy()
    await user.click(within(modal).getByLabelText('Apprise URL(s)'))
    await user.keyboard('json://a{Enter}mailto://b')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(toasts()).toContain('Notification created'))
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      eventName: 'onBackupFailed',
      urls: ['json://a', 'mailto://b'],
      titleTemplate: 'Backup Failed',
      // The client's own defaults (the same English as the server's), variables kept for the server to fill.
      bodyTemplate:
        'Backup failed, check the Shelfcast logs for more information.\nError message: {{errorMsg}}',
    })
    expect((await screen.findByTestId('notification-row')).textContent).toContain('json://a')
  })

  it('fills the default templates in the admin language, variables untouched', async () => {
    i18n.addResourceBundle('de', 'translation', {
      NotificationDefaultOnPodcastEpisodeDownloadedTitle: 'Neue Folge von {{podcastTitle}}!',
    })
    await i18n.changeLanguage('de')
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const { user } = renderApp('/config/notifications', server(initial({ notifications: [] })))
    await user.click(
      await screen.findByRole('button', { name: /Create notification|Benachrichtigung anlegen/ }),
    )
    const modal = await screen.findByTestId('notification-modal')
    expect(within(modal).getByDisplayValue('Neue Folge von {{podcastTitle}}!').tagName).toBe('INPUT')
  })
})
