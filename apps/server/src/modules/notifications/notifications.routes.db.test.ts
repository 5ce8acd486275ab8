import fs from 'node:fs'
import path from 'node:path'
import type { Library, NotificationSettings, NotificationsResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScannedPodcastLibrary, itemsOf } from '../../scanner/test-library.ts'
import { startAppriseTestServer, type AppriseTestServer } from '../../test-support/apprise-test-server.ts'
import { startFakePodcastHost, type FakePodcastHost } from '../../test-support/fake-podcast-host.ts'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'

const TIMEOUT_MS = 1500
/**
 * Jitter allowed below the one-second spacing: the queue spaces the starts of its calls, and the arrival of one
 * request can lag its start on a loaded machine (the next one then looks early by as much).
 */
const JITTER_MS = 100

/** Apprise notifications against a real Apprise-like server on 127.0.0.1, fired by real episode downloads. */
describe('notifications', () => {
  let t: TestApp
  let root: LoggedIn
  let plain: LoggedIn
  let apprise: AppriseTestServer
  let host: FakePodcastHost
  let library: Library
  let podcastId = ''
  let brokenId = ''

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.call(method, url, root.accessToken, body)
  const settingsOf = async () =>
    (await call('GET', '/api/notifications')).json<NotificationsResponse>().settings
  const notificationOf = async (id: string) => (await settingsOf()).notifications.find((n) => n.id === id)
  async function create(eventName: string, titleTemplate: string, bodyTemplate: string) {
    const res = await call('POST', '/api/notifications', {
      eventName,
      urls: ['json://localhost/hook'],
      titleTemplate,
      bodyTemplate,
    })
    expect(res.statusCode).toBe(200)
    const list = res.json<{ settings: NotificationSettings }>().settings.notifications
    return list[list.length - 1]?.id ?? ''
  }
  const disableAll = async () => {
    for (const n of (await settingsOf()).notifications)
      await call('PATCH', `/api/notifications/${n.id}`, { enabled: false })
  }

  beforeAll(async () => {
    apprise = await startAppriseTestServer()
    host = await startFakePodcastHost({
      podcasts: [
        { slug: 'news', title: 'Daily News', author: 'Anchor', episodes: [{ title: 'Monday' }] },
        { slug: 'broken', title: 'Broken', episodes: [{ title: 'Gone', enclosure: 'missing' }] },
      ],
    })
    const folder = path.join(tempDir('shelfcast-notify-'), 'podcasts')
    fs.mkdirSync(path.join(folder, 'Daily News'), { recursive: true })
    fs.writeFileSync(
      path.join(folder, 'Daily News', 'metadata.json'),
      JSON.stringify({ title: 'Daily News', author: 'Anchor', feedUrl: host.feedUrl('news') }),
    )
    fs.mkdirSync(path.join(folder, 'Broken'), { recursive: true })
    fs.writeFileSync(
      path.join(folder, 'Broken', 'metadata.json'),
      JSON.stringify({ title: 'Broken', feedUrl: host.feedUrl('broken') }),
    )
    ;({ t, root } = await createInitialisedApp({
      env: { SSRF_REQUEST_FILTER_WHITELIST: 'localhost' },
      notificationTimeoutMs: TIMEOUT_MS,
    }))
    await t.createUser(root.accessToken, { username: 'plain', password: 'pw' })
    plain = await t.login('plain', 'pw')
    library = await createScannedPodcastLibrary(t, root.accessToken, folder, 'Shows')
    const items = await itemsOf(t, library.id)
    podcastId = items.get('Daily News')?.id ?? ''
    brokenId = items.get('Broken')?.id ?? ''
  })
  afterAll(async () => {
    await t?.close()
    await apprise?.close()
    await host?.close()
  })

  it('is admin only and describes the events with their variables and defaults', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notificationdata'],
      ['GET', '/api/notifications/test'],
      ['PATCH', '/api/notifications'],
      ['POST', '/api/notifications'],
    ] as const) {
      expect((await t.call(method, url, plain.accessToken, {})).statusCode).toBe(403)
    }
    const data = await call('GET', '/api/notificationdata')
    const events = data.json<NotificationsResponse['data']>().events
    expect(events.map((e) => e.name)).toEqual([
      'onPodcastEpisodeDownloaded',
      'onPodcastEpisodeDownloadFailed',
      'onBackupCompleted',
      'onBackupFailed',
      'onTest',
    ])
    expect(events[0]).toMatchObject({
      variables: expect.arrayContaining(['podcastTitle', 'episodeTitle', 'libraryName']) as unknown,
      defaults: { title: 'New {{podcastTitle}} Episode!' },
    })
    expect(await settingsOf()).toMatchObject({
      appriseType: 'api',
      appriseApiUrl: null,
      notifications: [],
      maxFailedAttempts: 5,
      maxNotificationQueue: 20,
      notificationDelay: 1000,
    })
  })

  it('validates settings and notifications', async () => {
    const bad = async (body: unknown) => (await call('POST', '/api/notifications', body)).body
    const base = { eventName: 'onTest', urls: ['json://x'], titleTemplate: 't', bodyTemplate: 'b' }
    expect(await bad({ ...base, eventName: 'onNothing' })).toBe('Unknown notification event')
    expect(await bad({ ...base, urls: [' '] })).toBe('At least one Apprise URL is required')
    expect(await bad({ ...base, titleTemplate: ' ' })).toBe('Title and body templates are required')
    expect((await call('PATCH', '/api/notifications', { appriseApiUrl: 'file:///etc' })).statusCode).toBe(400)
    expect((await call('PATCH', '/api/notifications', { maxNotificationQueue: -1 })).statusCode).toBe(400)
    expect((await call('GET', '/api/notifications/test')).statusCode).toBe(400)
    expect((await call('DELETE', '/api/notifications/nope')).statusCode).toBe(404)
    const saved = await call('PATCH', '/api/notifications', {
      appriseApiUrl: apprise.url,
      maxFailedAttempts: 3,
      maxNotificationQueue: 50,
    })
    expect(saved.json<{ settings: NotificationSettings }>().settings).toMatchObject({
      appriseApiUrl: apprise.url,
      maxFailedAttempts: 3,
      maxNotificationQueue: 50,
    })
  })

  it('sends the rendered template for a newly downloaded podcast episode', async () => {
    const id = await create(
      'onPodcastEpisodeDownloaded',
      'New {{podcastTitle}} Episode!',
      '{{episodeTitle}} has been added to {{libraryName}} library.{{unknownVariable}}',
    )
    const before = apprise.received.length
    const res = await call('GET', `/api/podcasts/${podcastId}/checknew?limit=1`)
    expect(res.statusCode).toBe(200)
    const [request] = (await apprise.waitFor(before + 1, 60_000)).slice(before)
    expect(request).toMatchObject({
      path: '/notify',
      contentType: 'application/json',
      body: {
        urls: ['json://localhost/hook'],
        title: 'New Daily News Episode!',
        body: 'Monday has been added to Shows library.',
      },
    })
    await t.ctx.notifications.idle()
    expect(await notificationOf(id)).toMatchObject({
      numTimesFired: 1,
      lastAttemptFailed: false,
      lastFiredAt: t.clock(),
    })
    await disableAll()
  })

  it('notifies a failed episode download and a completed backup', async () => {
    await create(
      'onPodcastEpisodeDownloadFailed',
      '{{podcastTitle}} failed',
      '{{episodeTitle}}: {{errorMsg}}',
    )
    await create('onBackupCompleted', 'Backup done', 'Count: {{backupCount}} at {{backupPath}}')
    const before = apprise.received.length
    expect((await call('GET', `/api/podcasts/${brokenId}/checknew?limit=1`)).statusCode).toBe(200)
    const [failed] = (await apprise.waitFor(before + 1, 60_000)).slice(before)
    expect(failed?.body.title).toBe('Broken failed')
    expect(String(failed?.body.body)).toMatch(/^Gone: .+/)
    expect((await call('POST', '/api/backups')).statusCode).toBe(200)
    const [backup] = (await apprise.waitFor(before + 2, 30_000)).slice(before + 1)
    expect(backup?.body.title).toBe('Backup done')
    expect(String(backup?.body.body)).toMatch(/^Count: 1 at \/.+\.audiobookshelf$/)
    await t.ctx.notifications.idle()
    await disableAll()
  }, 90_000)

  it('sends at most one request a second under a burst of 20 events, without holding up the callers', async () => {
    const id = await create('onTest', 'Test {{version}}', 'Body {{version}}')
    const before = apprise.received.length
    for (let i = 0; i < 20; i++) {
      const started = Date.now()
      expect((await call('GET', '/api/notifications/test')).statusCode).toBe(200)
      expect(Date.now() - started).toBeLessThan(1000)
    }
    const burst = (await apprise.waitFor(before + 20, 60_000)).slice(before)
    expect(burst[0]?.body.title).toBe(`Test v${t.config.version}`)
    for (let i = 1; i < burst.length; i++) {
      expect((burst[i]?.at ?? 0) - (burst[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(1000 - JITTER_MS)
    }
    // Over the whole burst the lag cannot add up: 20 requests span at least 19 seconds.
    expect((burst[19]?.at ?? 0) - (burst[0]?.at ?? 0)).toBeGreaterThanOrEqual(19_000 - JITTER_MS)
    await t.ctx.notifications.idle()
    expect((await notificationOf(id))?.numTimesFired).toBe(20)
    await disableAll()
  }, 90_000)

  it('counts a hanging server and a 500 as one attempt each and disables after max failed attempts', async () => {
    const id = await create('onBackupFailed', 'Backup failed', '{{errorMsg}}')
    const fire = () => t.ctx.notifications.fire('onBackupFailed', { errorMsg: 'disk full' })
    const before = apprise.received.length

    apprise.mode = 'hang'
    const started = Date.now()
    fire()
    await apprise.waitFor(before + 1)
    await t.ctx.notifications.idle()
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - JITTER_MS)
    expect(await notificationOf(id)).toMatchObject({
      enabled: true,
      lastAttemptFailed: true,
      numConsecutiveFailedAttempts: 1,
    })

    apprise.mode = 'fail'
    fire()
    await t.ctx.notifications.idle()
    expect(await notificationOf(id)).toMatchObject({ enabled: true, numConsecutiveFailedAttempts: 2 })
    fire()
    await t.ctx.notifications.idle()
    expect(await notificationOf(id)).toMatchObject({
      enabled: false,
      numConsecutiveFailedAttempts: 3,
      numTimesFired: 3,
    })
    expect(apprise.received.length - before).toBe(3)

    // Disabled: nothing is sent; enabled again, it starts from a clean count and succeeds.
    fire()
    await t.ctx.notifications.idle()
    expect(apprise.received.length - before).toBe(3)
    apprise.mode = 'ok'
    await call('PATCH', `/api/notifications/${id}`, { enabled: true })
    expect((await notificationOf(id))?.numConsecutiveFailedAttempts).toBe(0)
    expect((await call('GET', `/api/notifications/${id}/test`)).statusCode).toBe(200)
    expect(apprise.received.at(-1)?.body.body).toBe('Example error message')
    expect(await notificationOf(id)).toMatchObject({ lastAttemptFailed: false, numTimesFired: 4 })
    await disableAll()
  }, 60_000)

  it('fails on purpose with ?fail=1 without calling the server', async () => {
    const id = await create('onTest', 'T', 'B')
    const before = apprise.received.length
    expect((await call('GET', '/api/notifications/test?fail=1')).statusCode).toBe(200)
    await t.ctx.notifications.idle()
    expect(apprise.received.length).toBe(before)
    expect(await notificationOf(id)).toMatchObject({
      lastAttemptFailed: true,
      numConsecutiveFailedAttempts: 1,
    })
    await call('DELETE', `/api/notifications/${id}`)
    expect(await notificationOf(id)).toBeUndefined()
  })

  it('drops events past the queue size', async () => {
    await call('PATCH', '/api/notifications', { maxNotificationQueue: 2 })
    await create('onTest', 'Queued', 'B')
    await t.ctx.notifications.idle()
    const before = apprise.received.length
    for (let i = 0; i < 6; i++) expect((await call('GET', '/api/notifications/test')).statusCode).toBe(200)
    await t.ctx.notifications.idle()
    // The one being sent, plus two waiting; the other three were dropped.
    expect(apprise.received.length - before).toBe(3)
    expect(t.logs.lines().filter((l) => String(l.msg).includes('queue full'))).toHaveLength(3)
  }, 30_000)
})
