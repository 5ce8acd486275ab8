import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  startFakePodcastHost,
  type FakePodcastHost,
} from '../apps/server/src/test-support/fake-podcast-host.ts'
import { apiCall, logIn, playerLaunchOptions, rootToken } from './player-helpers.ts'
import { expect, test as base, type ShelfcastServer } from './server-fixture.ts'

/**
 * Podcast journeys against a protocol-true podcast host and iTunes directory on 127.0.0.1 (reached as
 * `localhost`, allowed by SSRF_REQUEST_FILTER_WHITELIST; the guard itself is not weakened).
 */
const test = base.extend<object, { host: FakePodcastHost }>({
  host: [
    // Playwright reads a fixture's dependencies from this destructuring: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = await startFakePodcastHost({
        podcasts: [
          { slug: 'night-owls', title: 'Night Owls Radio', author: 'Owl Host', episodes: 4 },
          { slug: 'garden-hour', title: 'The Garden Hour', author: 'Green Host', episodes: 2 },
          { slug: 'tech-talk', title: 'Tech Talk Weekly', episodes: 2 },
          { slug: 'history-pod', title: 'History Pod', episodes: 2 },
          { slug: 'cook-along', title: 'Cook Along', episodes: 2 },
        ],
      })
      await use(host)
      await host.close()
    },
    { scope: 'worker' },
  ],
  serverEnv: async ({ host }, use) => {
    await use({ ...host.env })
  },
})
test.use({ launchOptions: playerLaunchOptions })

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

interface Item {
  id: string
  media: { metadata: { title: string | null }; episodes: { id: string; title: string }[] }
}

/** A podcast library over an empty temporary folder; answers its id and a root token. */
async function podcastLibrary(server: ShelfcastServer) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-podcasts-'))
  folders.push(root)
  const token = await rootToken(server)
  const library = await apiCall<{ id: string; folders: { id: string }[] }>(
    server,
    token,
    'POST',
    '/api/libraries',
    {
      name: 'Podcasts',
      mediaType: 'podcast',
      folders: [{ fullPath: root }],
    },
  )
  return { libraryId: library.id, folderId: library.folders[0]?.id ?? '', root, token }
}

async function libraryPodcasts(server: ShelfcastServer, token: string, libraryId: string) {
  return (
    await apiCall<{ results: { id: string; media: { metadata: { title: string } } }[] }>(
      server,
      token,
      'GET',
      `/api/libraries/${libraryId}/items?limit=50`,
    )
  ).results
}

test('subscribes from the directory, downloads two episodes, plays one and finds the other on the Latest page', async ({
  page,
  server,
}) => {
  await logIn(page, server)
  const { libraryId, token } = await podcastLibrary(server)

  await page.goto(`/library/${libraryId}/podcast/search`)
  await page.getByTestId('podcast-search-input').fill('Night Owls')
  await page.getByTestId('podcast-search-submit').click()
  await page.getByTestId('podcast-search-result').getByRole('button', { name: 'Night Owls Radio' }).click()
  const modal = page.getByTestId('new-podcast-modal')
  await expect(modal.getByTestId('new-podcast-episode-count')).toContainText('4')
  await modal.getByTestId('new-podcast-modal-submit').click()
  await expect(page).toHaveURL(/\/item\/[0-9a-f-]+$/)
  const itemId = page.url().split('/').pop() ?? ''

  // The feed's episodes, newest first; the two newest are downloaded.
  await page.getByTestId('find-episodes').click()
  const find = page.getByTestId('find-episodes-modal')
  await expect(find.getByTestId('feed-episode-row')).toHaveCount(4)
  await find.getByTestId('feed-episode-row').nth(0).getByRole('checkbox').check()
  await find.getByTestId('feed-episode-row').nth(1).getByRole('checkbox').check()
  await find.getByTestId('find-episodes-download').click()

  await expect(page.getByTestId('episode-row')).toHaveCount(2, { timeout: 30_000 })
  const item = await apiCall<Item>(server, token, 'GET', `/api/items/${itemId}?expanded=1`)
  expect(item.media.episodes.map((e) => e.title).sort()).toEqual(['Episode 3', 'Episode 4'])

  // The download queue page lists them as finished.
  await page.goto(`/library/${libraryId}/podcast/download-queue`)
  await expect(page.getByTestId('download-queue-page')).toBeVisible()

  // Play the newest: the player opens and progress reaches the server.
  await page.goto(`/item/${itemId}`)
  await page.getByTestId('episode-row').first().getByTestId('episode-play').click()
  await expect(page.getByTestId('player-bar')).toBeVisible()
  const episodeId = item.media.episodes.find((e) => e.title === 'Episode 4')?.id ?? ''
  await expect
    .poll(
      async () => {
        const res = await fetch(`${server.url}/api/me/progress/${itemId}/${episodeId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        return res.ok ? ((await res.json()) as { currentTime: number; isFinished: boolean }) : null
      },
      { timeout: 30_000 },
    )
    .toMatchObject({ isFinished: true })

  // The library's Latest page lists the episode still to hear: as in Audiobookshelf, a finished one leaves it.
  await page.goto(`/library/${libraryId}/podcast/latest`)
  await expect(page.getByTestId('latest-episode-row')).toHaveCount(1)
  await expect(page.getByTestId('latest-episode-row').first()).toContainText('Episode 3')
})

test('a schedule brings a newly published episode by itself', async ({ page, server, host }) => {
  test.setTimeout(180_000)
  await logIn(page, server)
  const { libraryId, folderId, root, token } = await podcastLibrary(server)
  const feed = (
    await apiCall<{ podcast: { metadata: Record<string, unknown> } }>(
      server,
      token,
      'POST',
      '/api/podcasts/feed',
      { rssFeed: host.feedUrl('garden-hour') },
    )
  ).podcast
  const created = await apiCall<{ id: string }>(server, token, 'POST', '/api/podcasts', {
    libraryId,
    folderId,
    path: path.join(root, 'The Garden Hour'),
    media: { metadata: feed.metadata },
  })

  await page.goto(`/item/${created.id}`)
  await page.getByTestId('item-edit').click()
  await page.getByRole('tab', { name: 'Schedule' }).click()
  await page.getByTestId('schedule-auto-download').click()
  await page.getByTestId('schedule-frequency').selectOption('* * * * *')
  await page.getByTestId('schedule-save').click()
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ media: { autoDownloadEpisodes: boolean; autoDownloadSchedule: string | null } }>(
            server,
            token,
            'GET',
            `/api/items/${created.id}?expanded=1`,
          )
        ).media,
    )
    .toMatchObject({ autoDownloadEpisodes: true, autoDownloadSchedule: '* * * * *' })
  await page.keyboard.press('Escape')

  host.publish('garden-hour', { title: 'Fresh From The Garden', publishedAt: Date.now() })
  // The every-minute check finds it, downloads it and the open page shows it.
  await expect(page.getByTestId('episode-row').filter({ hasText: 'Fresh From The Garden' })).toHaveCount(1, {
    timeout: 100_000,
  })
})

test('imports an OPML of three feeds and exports the library as OPML', async ({ page, server, host }) => {
  await logIn(page, server)
  const { libraryId, root, token } = await podcastLibrary(server)
  const slugs = ['tech-talk', 'history-pod', 'cook-along']
  const opmlPath = path.join(root, '..', `${path.basename(root)}-feeds.opml`)
  folders.push(opmlPath)
  fs.writeFileSync(
    opmlPath,
    `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>Mine</title></head><body>\n${slugs
      .map((s) => `<outline type="rss" text="${host.podcast(s).title}" xmlUrl="${host.feedUrl(s)}"/>`)
      .join('\n')}\n</body></opml>\n`,
  )

  await page.goto(`/library/${libraryId}/podcast/search`)
  await page.getByTestId('opml-file-input').setInputFiles(opmlPath)
  const modal = page.getByTestId('opml-import-modal')
  await expect(modal.getByTestId('opml-feed-row')).toHaveCount(3)
  await modal.getByTestId('opml-import-modal-submit').click()
  await expect
    .poll(
      async () => (await libraryPodcasts(server, token, libraryId)).map((p) => p.media.metadata.title).sort(),
      { timeout: 60_000 },
    )
    .toEqual(['Cook Along', 'History Pod', 'Tech Talk Weekly'])

  const download = page.waitForEvent('download')
  await page.getByTestId('opml-export').click()
  const file = await (await download).path()
  const opml = fs.readFileSync(file, 'utf8')
  for (const s of slugs) expect(opml).toContain(host.feedUrl(s))
})
