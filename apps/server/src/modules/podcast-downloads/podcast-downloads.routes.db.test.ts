import fs from 'node:fs'
import path from 'node:path'
import type { EpisodeDownload, EpisodeDownloadQueue, FeedEpisode, Library, Task } from '@shelfcast/contracts'
import { isFullAudioFile } from '@shelfcast/contracts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeMedia } from '../../../../../scripts/media/index.ts'
import { createGuardedFetcher } from '../../net/index.ts'
import { createScannedPodcastLibrary, itemsOf } from '../../scanner/test-library.ts'
import { startFakePodcastHost, type FakePodcastHost } from '../../test-support/fake-podcast-host.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { fetchPodcastFeed } from '../podcasts/feed-fetch.ts'
import { DownloadQueue } from './episode-download-queue.ts'
import { createEpisodeDownloader } from './episode-downloader.ts'
import { PodcastItemsRepository } from './podcast-items.repository.ts'
import { podcastMedia } from '../../test-support/media-of.ts'

const DAY = 86_400_000
const JAN = (d: number) => Date.UTC(2024, 0, d, 9)

/** Episode downloads against the fake podcast host: real HTTP, real ffmpeg, real scans, real SQLite. */
describe('podcast episode downloads', () => {
  let host: FakePodcastHost
  let t: TestApp
  let token: string
  let library: Library
  let root: string
  let socket: TestSocket
  const ids = new Map<string, string>()
  const id = (folder: string) => ids.get(folder) ?? ''
  const call = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.call(method, url, token, body).then((res) => ({
      status: res.statusCode,
      // Errors answer as plain text (Audiobookshelf's way).
      body: (res.headers['content-type']?.toString().includes('json') ? res.json<T>() : res.body) as T,
    }))
  const episodesOf = async (folder: string) => {
    const item = (await itemsOf(t, library.id)).get(folder)
    return item ? [...podcastMedia(item).episodes] : []
  }
  const podcastOf = async (folder: string) => podcastMedia((await itemsOf(t, library.id)).get(folder))
  const audioFiles = (folder: string) =>
    fs
      .readdirSync(path.join(root, folder))
      .filter((n) => n.endsWith('.mp3'))
      .sort()
  const hiddenFiles = (folder: string) =>
    fs.readdirSync(path.join(root, folder)).filter((n) => n.startsWith('.'))
  const feedOf = (slug: string) => fetchPodcastFeed(t.ctx.fetcher, host.feedUrl(slug))
  async function idle(folder: string) {
    const deadline = Date.now() + 60_000 // a ceiling for a busy machine, not a pace
    while (Date.now() < deadline) {
      const q = t.ctx.podcastDownloads.queueOf({ libraryItemId: id(folder) })
      if (q.currentDownloads.length === 0 && q.queue.length === 0) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`downloads of ${folder} did not finish`)
  }
  const show = (folder: string, meta: Record<string, unknown>) => {
    fs.mkdirSync(path.join(root, folder), { recursive: true })
    fs.writeFileSync(path.join(root, folder, 'metadata.json'), JSON.stringify({ title: folder, ...meta }))
  }

  beforeAll(async () => {
    host = await startFakePodcastHost({
      podcasts: [
        {
          slug: 'show',
          title: 'Test Show',
          author: 'Test Host',
          episodes: [
            { title: 'Q&A: "Live" / Part 1?', publishedAt: JAN(1) },
            { title: 'Second', publishedAt: JAN(2) },
            { title: 'Third', publishedAt: JAN(3), season: '2' },
          ],
        },
        { slug: 'broken', episodes: [{ title: 'Gone', enclosure: 'missing' }, { title: 'Fine' }] },
        {
          slug: 'stalls',
          episodes: [
            { title: 'Stall A', enclosure: 'stall' },
            { title: 'Stall B', enclosure: 'stall' },
            { title: 'Later C' },
            { title: 'Later D' },
          ],
        },
        { slug: 'keep', episodes: 4 },
      ],
    })
    root = path.join(tempDir('shelfcast-downloads-'), 'podcasts')
    show('Test Show', { feedUrl: host.feedUrl('show'), author: 'Test Host' })
    fs.writeFileSync(path.join(root, 'Test Show', 'cover.jpg'), host.cover)
    show('Broken Show', { feedUrl: host.feedUrl('broken') })
    show('Stall Show', { feedUrl: host.feedUrl('stalls') })
    show('Keep Show', { feedUrl: host.feedUrl('keep') })
    show('No Feed', {})
    const app = await createInitialisedApp({ env: { SSRF_REQUEST_FILTER_WHITELIST: 'localhost' } })
    t = app.t
    token = app.root.accessToken
    library = await createScannedPodcastLibrary(t, token, root)
    for (const [relPath, item] of await itemsOf(t, library.id)) ids.set(relPath, item.id)
    socket = await connectSocket(await t.listen())
    await socket.auth(token)
  })
  afterAll(async () => {
    socket?.close()
    await t?.close()
    await host?.close()
  })

  it('checknew queues only the newest new episodes, streams them in tagged, with the feed’s fields', async () => {
    const res = await call<{ episodes: FeedEpisode[] }>(
      'GET',
      `/api/podcasts/${id('Test Show')}/checknew?limit=2`,
    )
    expect(res.status).toBe(200)
    expect(res.body.episodes.map((e) => e.title)).toEqual(['Third', 'Second'])
    await idle('Test Show')
    expect(audioFiles('Test Show')).toEqual(['Second.mp3', 'Third.mp3'])
    expect(hiddenFiles('Test Show')).toEqual([])

    const third = (await episodesOf('Test Show')).find((e) => e.title === 'Third')
    expect(third).toMatchObject({
      guid: 'show-3',
      season: '2',
      episode: '3',
      publishedAt: JAN(3),
      enclosure: { url: host.podcast('show').episodes[2]?.audioUrl, type: 'audio/mpeg' },
    })
    expect((await podcastOf('Test Show')).lastEpisodeCheck).toBe(t.clock())

    const probe = await probeMedia(path.join(root, 'Test Show', 'Third.mp3'))
    expect(probe.tags).toMatchObject({
      title: 'Third',
      album: 'Test Show',
      artist: 'Test Host',
      album_artist: 'Test Host',
      genre: 'Podcast',
      track: '3',
    })
    expect(probe.tags.date).toMatch(/^2024/)
    expect(probe.attachedPicture).not.toBeNull()
    expect(probe.audio?.codec).toBe('mp3')

    const tasks = t.ctx.tasks.list().filter((x: Task) => x.action === 'download-podcast-episode')
    expect(tasks).toHaveLength(2)
    expect(tasks.every((x) => x.isFinished && !x.isFailed && x.data.libraryItemId === id('Test Show'))).toBe(
      true,
    )
  })

  it('finds nothing new on a second check, then just what the host published since', async () => {
    const again = await call<{ episodes: FeedEpisode[] }>('GET', `/api/podcasts/${id('Test Show')}/checknew`)
    expect(again.body.episodes).toEqual([])
    // Same title as an episode on disk: the new file gets a suffix, nothing is overwritten.
    host.publish('show', { title: 'Third', guid: 'show-3b', publishedAt: t.clock() + DAY })
    const fresh = await call<{ episodes: FeedEpisode[] }>('GET', `/api/podcasts/${id('Test Show')}/checknew`)
    expect(fresh.body.episodes.map((e) => e.guid)).toEqual(['show-3b'])
    await idle('Test Show')
    expect(audioFiles('Test Show')).toEqual(['Second.mp3', 'Third (2).mp3', 'Third.mp3'])
  })

  it('downloads chosen episodes under a sanitised name, once', async () => {
    const feed = await feedOf('show')
    const first = feed.episodes.filter((e) => e.guid === 'show-1')
    const res = await call<{ downloads: EpisodeDownload[] }>(
      'POST',
      `/api/podcasts/${id('Test Show')}/download-episodes`,
      first,
    )
    expect(res.status).toBe(200)
    expect(res.body.downloads.map((d) => d.episodeDisplayTitle)).toEqual(['Q&A: "Live" / Part 1?'])
    await idle('Test Show')
    expect(audioFiles('Test Show')).toContain('Q&A Live Part 1.mp3')
    const episode = (await episodesOf('Test Show')).find((e) => e.guid === 'show-1')
    expect(episode?.title).toBe('Q&A: "Live" / Part 1?')
    expect(isFullAudioFile(episode?.audioFile) && episode.audioFile.metadata.path).toBe(
      path.join(root, 'Test Show', 'Q&A Live Part 1.mp3'),
    )

    // Already downloaded (same guid), and every other already-present episode too.
    const twice = await call<{ downloads: EpisodeDownload[] }>(
      'POST',
      `/api/podcasts/${id('Test Show')}/download-episodes`,
      feed.episodes,
    )
    expect(twice.body.downloads).toEqual([])
  })

  it('fails a missing enclosure with the fetcher’s message and still downloads the next one; events go to admins', async () => {
    const feed = await feedOf('broken')
    const res = await call<{ downloads: EpisodeDownload[] }>(
      'POST',
      `/api/podcasts/${id('Broken Show')}/download-episodes`,
      [...feed.episodes].reverse(),
    )
    expect(res.body.downloads.map((d) => d.episodeDisplayTitle)).toEqual(['Gone', 'Fine'])
    await idle('Broken Show')
    expect(audioFiles('Broken Show')).toEqual(['Fine.mp3'])
    expect(hiddenFiles('Broken Show')).toEqual([])
    const failed = t.ctx.tasks
      .list()
      .find(
        (x) =>
          x.action === 'download-podcast-episode' && x.data.libraryItemId === id('Broken Show') && x.isFailed,
      )
    expect(failed?.error).toBe('The remote server answered with status 404')

    const finished = await socket.waitFor<EpisodeDownload>(
      'episode_download_finished',
      (d) => d.episodeDisplayTitle === 'Fine',
    )
    expect(finished).toMatchObject({ failed: false, isFinished: true, libraryId: library.id })
    const gone = socket
      .received('episode_download_finished')
      .find((d) => (d as EpisodeDownload).episodeDisplayTitle === 'Gone')
    expect(gone).toMatchObject({ failed: true, error: 'The remote server answered with status 404' })
    for (const event of [
      'episode_download_queued',
      'episode_download_started',
      'task_started',
      'task_finished',
    ]) {
      expect(socket.received(event).length).toBeGreaterThan(0)
    }
    await socket.waitFor('item_updated', (item: { id: string }) => item.id === id('Broken Show'))

    // An enclosure on an address the fetcher refuses (not allow-listed loopback) fails the same way.
    const [fine] = feed.episodes.filter((e) => e.title === 'Fine')
    if (!fine) throw new Error('no Fine episode')
    const blocked = {
      ...fine,
      guid: 'blocked',
      title: 'Blocked',
      enclosure: { ...fine.enclosure, url: 'http://127.0.0.1:9/x.mp3' },
    }
    await call('POST', `/api/podcasts/${id('Broken Show')}/download-episodes`, [blocked])
    const refused = await socket.waitFor<EpisodeDownload>(
      'episode_download_finished',
      (d) => d.episodeDisplayTitle === 'Blocked',
    )
    expect(refused.error).toBe('This URL points to an address the server is not allowed to fetch from')
  })

  it('lists, clears (queued only) and cancels downloads', async () => {
    const feed = await feedOf('stalls')
    const chosen = [...feed.episodes].reverse() // Stall A, Stall B, Later C, Later D
    await call('POST', `/api/podcasts/${id('Stall Show')}/download-episodes`, chosen)
    const listed = await call<EpisodeDownloadQueue>('GET', `/api/podcasts/${id('Stall Show')}/downloads`)
    expect(listed.body.currentDownloads.map((d) => d.episodeDisplayTitle)).toEqual(['Stall A', 'Stall B'])
    expect(listed.body.currentDownload?.episodeDisplayTitle).toBe('Stall A')
    expect(listed.body.queue.map((d) => d.episodeDisplayTitle)).toEqual(['Later C', 'Later D'])
    // The podcast page asks for the same with include=downloads (Audiobookshelf's episodeDownloadsQueued / episodesDownloading).
    const item = await call<{
      episodeDownloadsQueued: EpisodeDownload[]
      episodesDownloading: EpisodeDownload[]
    }>('GET', `/api/items/${id('Stall Show')}?expanded=1&include=downloads`)
    expect(item.body.episodeDownloadsQueued.map((d) => d.episodeDisplayTitle)).toEqual(['Later C', 'Later D'])
    expect(item.body.episodesDownloading.map((d) => d.episodeDisplayTitle)).toEqual(['Stall A', 'Stall B'])
    const idle = await call<Record<string, unknown>>(
      'GET',
      `/api/items/${id('No Feed')}?expanded=1&include=downloads`,
    )
    expect([idle.body.episodeDownloadsQueued, 'episodesDownloading' in idle.body]).toEqual([[], false])
    const byLibrary = await call<EpisodeDownloadQueue>(
      'GET',
      `/api/libraries/${library.id}/episode-downloads`,
    )
    expect(byLibrary.body.queue).toHaveLength(2)

    const cleared = await call<EpisodeDownloadQueue>('GET', `/api/podcasts/${id('Stall Show')}/clear-queue`)
    expect(cleared.body.queue).toEqual([])
    expect(cleared.body.currentDownloads).toHaveLength(2)
    await socket.waitFor<{ libraryId: string; queue: unknown[] }>(
      'episode_download_queue_updated',
      (p) => p.libraryId === library.id && p.queue.length === 0,
    )

    const stallA = listed.body.currentDownloads[0]?.id ?? ''
    // An admin who may not see the podcast (tag limits) cannot cancel its download either.
    await t.createUser(token, {
      username: 'tag-limited-admin',
      password: 'pw',
      type: 'admin',
      permissions: { accessAllTags: false },
      itemTagsSelected: ['other'],
    })
    const limited = (await t.login('tag-limited-admin', 'pw')).accessToken
    expect((await t.call('DELETE', `/api/podcasts/downloads/${stallA}`, limited)).statusCode).toBe(404)
    expect(
      t.ctx.podcastDownloads.queueOf({ libraryItemId: id('Stall Show') }).currentDownloads.map((d) => d.id),
    ).toContain(stallA)
    expect((await call('DELETE', `/api/podcasts/downloads/${stallA}`)).status).toBe(200)
    const cancelled = await socket.waitFor<EpisodeDownload>(
      'episode_download_finished',
      (d) => d.id === stallA,
    )
    expect(cancelled).toMatchObject({ failed: true, error: 'Download cancelled' })
    expect(t.ctx.podcastDownloads.queueOf({ libraryItemId: id('Stall Show') }).currentDownloads).toHaveLength(
      1,
    )
    expect(hiddenFiles('Stall Show')).toHaveLength(1) // Stall B's temporary file only
    expect((await call('DELETE', '/api/podcasts/downloads/nope')).status).toBe(404)
  })

  it('refuses what it cannot do with plain messages', async () => {
    const noFeed = await call<string>('GET', `/api/podcasts/${id('No Feed')}/checknew`)
    expect(noFeed).toEqual({ status: 400, body: 'Podcast does not have an RSS feed' })
    expect((await call('GET', '/api/podcasts/nope/checknew')).status).toBe(404)
    expect((await call('GET', '/api/podcasts/nope/downloads')).status).toBe(404)
    expect((await call('GET', '/api/libraries/nope/episode-downloads')).status).toBe(404)
    expect((await call('POST', `/api/podcasts/${id('Test Show')}/download-episodes`, [])).status).toBe(400)
    expect(
      (await call('POST', `/api/podcasts/${id('Test Show')}/download-episodes`, [{ title: 1 }])).status,
    ).toBe(400)
    expect((await call('GET', `/api/podcasts/${id('Test Show')}/checknew?limit=-1`)).status).toBe(400)

    await t.createUser(token, { username: 'listener', password: 'listener-pass', type: 'user' })
    const user = await t.login('listener', 'listener-pass')
    for (const url of [
      `/api/podcasts/${id('Test Show')}/checknew`,
      `/api/podcasts/${id('Test Show')}/downloads`,
      `/api/podcasts/${id('Test Show')}/clear-queue`,
      `/api/libraries/${library.id}/episode-downloads`,
    ]) {
      expect((await t.call('GET', url, user.accessToken)).statusCode).toBe(403)
    }
  })

  it('a scheduled run checks the feed, downloads, and keeps only maxEpisodesToKeep', async () => {
    const itemId = id('Keep Show')
    const setPodcast = (fields: Record<string, unknown>) =>
      t.ctx.database.db
        .updateTable('library_items')
        .set({ podcast: sql<string>`json_patch(coalesce(podcast, '{}'), ${JSON.stringify(fields)})` })
        .where('id', '=', itemId)
        .execute()
    await setPodcast({
      autoDownloadEpisodes: true,
      autoDownloadSchedule: '* * * * *',
      maxEpisodesToKeep: 2,
      maxNewEpisodesToDownload: 0,
    })
    await t.ctx.podcastDownloads.scheduleChanged(itemId)
    expect(t.ctx.podcastDownloads.scheduled()).toContain(itemId)

    const run = await t.ctx.podcastDownloads.checkNow(itemId)
    expect(run.episodes).toHaveLength(4)
    expect(run.removed).toBe(2)
    expect((await episodesOf('Keep Show')).map((e) => e.guid).sort()).toEqual(['ep-3', 'ep-4'])
    expect(audioFiles('Keep Show')).toEqual(['Episode 3.mp3', 'Episode 4.mp3'])

    // The job as croner fires it: a newly published episode comes in, the oldest goes.
    host.publish('keep', { title: 'Fresh', guid: 'fresh', publishedAt: t.clock() + DAY })
    expect(await t.ctx.podcastDownloads.triggerSchedule(itemId)).toBe(true)
    expect((await episodesOf('Keep Show')).map((e) => e.guid).sort()).toEqual(['ep-4', 'fresh'])
    expect(audioFiles('Keep Show')).toEqual(['Episode 4.mp3', 'Fresh.mp3'])

    await setPodcast({ autoDownloadSchedule: '*/20 * * * * *' })
    await t.ctx.podcastDownloads.scheduleChanged(itemId)
    expect(t.ctx.podcastDownloads.scheduled()).not.toContain(itemId)
    await setPodcast({ autoDownloadSchedule: '0 * * * *', autoDownloadEpisodes: false })
    await t.ctx.podcastDownloads.scheduleChanged(itemId)
    expect(t.ctx.podcastDownloads.scheduled()).not.toContain(itemId)
    await setPodcast({ autoDownloadEpisodes: true })
    await t.ctx.podcastDownloads.start()
    expect(t.ctx.podcastDownloads.scheduled()).toContain(itemId)
    // Switched off without a scheduleChanged call: the job drops itself when it next fires.
    await setPodcast({ autoDownloadEpisodes: false })
    await t.ctx.podcastDownloads.triggerSchedule(itemId)
    expect(t.ctx.podcastDownloads.scheduled()).not.toContain(itemId)
  })

  it('fails a stalled enclosure with the fetcher’s message and leaves no temporary file', async () => {
    const repo = new PodcastItemsRepository(t.ctx.database.db)
    const fetcher = createGuardedFetcher({
      allowHosts: ['localhost'],
      userAgent: 'Shelfcast/test',
      downloadDefaults: { stallTimeoutMs: 300 },
    })
    const finished: EpisodeDownload[] = []
    const queue = new DownloadQueue({
      run: createEpisodeDownloader({
        fetcher,
        scans: t.ctx.scanner.scans,
        repo,
        ffmpegPath: t.config.ffmpegPath,
        metadataPath: t.config.metadataPath,
        clock: t.clock,
        log: t.ctx.log,
        itemUpdated: async () => undefined,
      }),
      tasks: t.ctx.tasks,
      emit: (event, payload) => {
        if (event === 'episode_download_finished') finished.push(payload as EpisodeDownload)
      },
      clock: t.clock,
      log: t.ctx.log,
    })
    const target = await repo.target(id('Stall Show'))
    if (!target) throw new Error('no target')
    const stalled = (await feedOf('stalls')).episodes.filter(
      (e) => e.title === 'Later C' || e.title === 'Stall A',
    )
    queue.enqueue(target, stalled, new Set())
    await queue.whenIdle(target.id)
    fetcher.close()
    expect(finished.map((d) => [d.episodeDisplayTitle, d.failed, d.error]).sort()).toEqual([
      ['Later C', false, null],
      ['Stall A', true, 'The remote server stopped sending data'],
    ])
  })

  it('stop() cancels running downloads and removes their temporary files', async () => {
    expect(hiddenFiles('Stall Show')).toHaveLength(1)
    await t.close()
    expect(hiddenFiles('Stall Show')).toEqual([])
  })
})
