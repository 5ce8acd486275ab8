import fs from 'node:fs'
import path from 'node:path'
import type {
  FeedEpisode,
  Library,
  LibraryItem,
  PodcastFeedResponse,
  PodcastTitlesResponse,
  RecentEpisodesResponse,
  SearchEpisodeResponse,
  Task,
} from '@shelfcast/contracts'
import { isFullAudioFile } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import { createLibrary, settle } from '../../scanner/test-library.ts'
import {
  BAD_FEEDS,
  startFakePodcastHost,
  type FakePodcastHost,
} from '../../test-support/fake-podcast-host.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { PodcastsRepository } from './podcasts.repository.ts'
import { podcastMedia } from '../../test-support/media-of.ts'

/** Subscriptions and episodes through the real app, against the fake podcast host (real HTTP, real files). */
describe('podcasts routes', () => {
  let host: FakePodcastHost
  let t: TestApp
  let token: string
  let userToken: string
  let viewerToken: string
  let outsiderToken: string
  let library: Library
  let books: Library
  let root: string
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, as = token) =>
    t.call(method, url, as, body)
  const itemAt = async (folder: string) => {
    const row = await t.ctx.database.db
      .selectFrom('library_items')
      .select('id')
      .where('path', '=', path.join(root, folder))
      .executeTakeFirst()
    return row?.id ?? null
  }
  const expanded = async (id: string) =>
    (await call('GET', `/api/items/${id}?expanded=1`)).json<LibraryItem>()
  const episodesOf = async (id: string) => podcastMedia(await expanded(id)).episodes
  const createBody = (folder: string, extra: Record<string, unknown> = {}) => ({
    libraryId: library.id,
    folderId: library.folders[0]?.id,
    path: path.join(root, folder),
    media: {
      metadata: {
        title: folder,
        author: 'Tales Host',
        feedUrl: host.feedUrl('tales'),
        imageUrl: host.podcast('tales').coverUrl,
        itunesId: '1234',
        itunesArtistId: '55',
        type: 'serial',
        explicit: false,
        language: 'en',
        genres: ['Arts'],
      },
      autoDownloadEpisodes: true,
      autoDownloadSchedule: '0 */6 * * *',
      maxEpisodesToKeep: 5,
      maxNewEpisodesToDownload: 2,
    },
    ...extra,
  })
  async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>): Promise<T> {
    const deadline = Date.now() + 60_000 // a ceiling for a busy machine, not a pace
    while (Date.now() < deadline) {
      const v = await probe()
      if (v) return v
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`timed out waiting for ${what}`)
  }

  beforeAll(async () => {
    host = await startFakePodcastHost({
      podcasts: [
        { slug: 'tales', title: 'Tales & Tunes', author: 'Tales Host', episodes: 4 },
        { slug: 'other', title: 'Other Show', episodes: 2 },
      ],
    })
    root = path.join(tempDir('shelfcast-podcasts-'), 'podcasts')
    fs.mkdirSync(root, { recursive: true })
    // A podcast made by hand: episodes with files, titled like the feed's, without feed facts.
    const hand = path.join(root, 'Hand Made')
    fs.mkdirSync(hand)
    fs.writeFileSync(
      path.join(hand, 'metadata.json'),
      JSON.stringify({ title: 'Hand Made', feedUrl: host.feedUrl('tales') }),
    )
    for (const n of [1, 2, 3])
      await makeAudio({
        path: path.join(hand, `ep${n}.mp3`),
        durationSec: 1,
        tags: { title: `Episode ${n}`, date: `2024-01-0${n}` },
      })
    await makeAudio({ path: path.join(root, 'No Feed', 'a.mp3'), durationSec: 1, tags: { title: 'Lonely' } })

    const app = await createInitialisedApp({ env: host.env })
    t = app.t
    token = app.root.accessToken
    library = await createLibrary(t, token, {
      name: 'Pods & Casts',
      folders: [{ fullPath: root }],
      mediaType: 'podcast',
      icon: 'podcast',
      settings: { disableWatcher: true },
    })
    books = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: tempDir('shelfcast-books-') }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
    await t.createUser(token, { username: 'user', password: 'pw' })
    await t.createUser(token, {
      username: 'viewer',
      password: 'pw',
      permissions: { update: false, delete: false },
    })
    await t.createUser(token, {
      username: 'outsider',
      password: 'pw',
      permissions: { accessAllLibraries: false, update: true, delete: true },
    })
    userToken = (await t.login('user', 'pw')).accessToken
    viewerToken = (await t.login('viewer', 'pw')).accessToken
    outsiderToken = (await t.login('outsider', 'pw')).accessToken
  })
  afterAll(async () => {
    await t?.close()
    await host?.close()
  })

  describe('POST /api/podcasts/feed', () => {
    it('answers the parsed feed in the contract shape', async () => {
      const res = await call('POST', '/api/podcasts/feed', { rssFeed: host.feedUrl('tales') })
      expect(res.statusCode).toBe(200)
      const { podcast } = res.json<PodcastFeedResponse>()
      expect(podcast.metadata).toMatchObject({
        title: 'Tales & Tunes',
        author: 'Tales Host',
        feedUrl: host.feedUrl('tales'),
      })
      expect(podcast.numEpisodes).toBe(4)
      expect(podcast.episodes[0]).toMatchObject({ title: 'Episode 4', enclosure: { type: 'audio/mpeg' } })
    })

    it('refuses each bad feed with a 400 and its message, writing nothing', async () => {
      const before = fs.readdirSync(root).sort()
      const itemsBefore = await t.ctx.database.db.selectFrom('library_items').select('id').execute()
      const answers: Record<string, { status: number; body: string }> = {}
      for (const mode of BAD_FEEDS) {
        const res = await call('POST', '/api/podcasts/feed', { rssFeed: host.badFeedUrl(mode) })
        answers[mode] = { status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }
      }
      expect(answers['not-xml']).toEqual({ status: 400, body: 'Invalid podcast feed: not XML' })
      expect(answers['no-items']).toEqual({ status: 400, body: 'No episodes found in RSS feed' })
      expect(answers['external-entity']?.status).toBe(400)
      expect(answers['external-entity']?.body).toMatch(/^Invalid podcast feed/)
      expect(answers.endless?.status).toBe(400)
      expect(answers.endless?.body).toMatch(/large/i)
      expect(answers['redirect-private']?.status).toBe(400)
      expect(answers['redirect-private']?.body).not.toContain('10.0.0.1')
      // Harmless once entities are never expanded / duplicates dropped: a preview, not an error.
      expect(answers['billion-laughs']?.status).toBe(200)
      expect(answers['duplicate-guids']?.status).toBe(200)
      expect(fs.readdirSync(root).sort()).toEqual(before)
      expect(await t.ctx.database.db.selectFrom('library_items').select('id').execute()).toHaveLength(
        itemsBefore.length,
      )
      expect((await call('POST', '/api/podcasts/feed', { rssFeed: 'ftp://example.com/x' })).statusCode).toBe(
        400,
      )
      expect((await call('POST', '/api/podcasts/feed', {})).statusCode).toBe(400)
    })

    it('is for admins only', async () => {
      expect(
        (await call('POST', '/api/podcasts/feed', { rssFeed: host.feedUrl('tales') }, userToken)).statusCode,
      ).toBe(403)
    })
  })

  describe('POST /api/podcasts', () => {
    it('makes the folder, its cover and metadata.json, and an item with the feed and schedule fields', async () => {
      const res = await call('POST', '/api/podcasts', createBody('Tales'))
      expect(res.statusCode).toBe(200)
      const item = res.json<LibraryItem>()
      const media = podcastMedia(item)
      expect(item).toMatchObject({ mediaType: 'podcast', path: path.join(root, 'Tales'), isMissing: false })
      expect(media.episodes).toEqual([])
      expect(media.metadata).toMatchObject({
        title: 'Tales',
        feedUrl: host.feedUrl('tales'),
        itunesId: '1234',
        itunesArtistId: '55',
        type: 'serial',
      })
      expect(media).toMatchObject({
        autoDownloadEpisodes: true,
        autoDownloadSchedule: '0 */6 * * *',
        maxEpisodesToKeep: 5,
        maxNewEpisodesToDownload: 2,
      })
      expect(fs.readFileSync(path.join(root, 'Tales', 'cover.jpg')).equals(host.cover)).toBe(true)
      expect(JSON.parse(fs.readFileSync(path.join(root, 'Tales', 'metadata.json'), 'utf8'))).toMatchObject({
        title: 'Tales',
        feedUrl: host.feedUrl('tales'),
      })
      expect(media.coverPath).toBe(path.join(root, 'Tales', 'cover.jpg'))
      expect(t.ctx.podcastDownloads.scheduled()).toContain(item.id)

      // A rescan keeps the show with no episodes and its schedule.
      await settle(t, library.id, true)
      const again = await expanded(item.id)
      expect(again.isMissing).toBe(false)
      expect(again.media).toMatchObject({ autoDownloadEpisodes: true, maxEpisodesToKeep: 5 })
    })

    it('queues the chosen episodes, which arrive with their feed facts', async () => {
      const feed = (
        await call('POST', '/api/podcasts/feed', { rssFeed: host.feedUrl('other') })
      ).json<PodcastFeedResponse>()
      const chosen: FeedEpisode[] = feed.podcast.episodes.slice(0, 1)
      const res = await call('POST', '/api/podcasts', {
        ...createBody('Other'),
        media: { metadata: { ...feed.podcast.metadata, title: 'Other' } },
        episodesToDownload: chosen,
      })
      expect(res.statusCode).toBe(200)
      const id = res.json<LibraryItem>().id
      const [episode] = await waitFor('the episode', async () => {
        const list = await episodesOf(id)
        return list.length ? list : null
      })
      expect(episode).toMatchObject({ title: chosen[0]?.title, guid: chosen[0]?.guid })
    })

    it('refuses bad targets with a 400 and writes nothing', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [
          { ...createBody('X'), libraryId: books.id, folderId: books.folders[0]?.id },
          /not a podcast library/,
        ],
        [{ ...createBody('X'), folderId: 'nope' }, /Folder not found/],
        [
          { ...createBody('X'), path: path.join(tempDir(), 'Elsewhere') },
          /directly inside the library folder/,
        ],
        [{ ...createBody('X'), path: path.join(root, '..', 'Escape') }, /directly inside the library folder/],
        [{ ...createBody('X'), path: path.join(root, 'A', 'B') }, /directly inside the library folder/],
        [{ ...createBody('X'), path: 'relative/path' }, /Invalid podcast path/],
        [createBody('Tales'), /Podcast already exists at this path/],
        [
          { ...createBody('X'), media: { ...createBody('X').media, autoDownloadSchedule: '99 * * * *' } },
          /Invalid cron expression/,
        ],
        [{ ...createBody('X'), media: { metadata: { title: '' } } }, /Title is required/],
      ]
      const before = fs.readdirSync(root).sort()
      for (const [body, message] of cases) {
        const res = await call('POST', '/api/podcasts', body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.body).toMatch(message)
      }
      expect(fs.readdirSync(root).sort()).toEqual(before)
      expect(
        (await call('POST', '/api/podcasts', { ...createBody('X'), libraryId: 'nope' })).statusCode,
      ).toBe(404)
      expect((await call('POST', '/api/podcasts', createBody('X'), userToken)).statusCode).toBe(403)
    })

    it('keeps the podcast when its cover cannot be fetched', async () => {
      const body = createBody('No Cover')
      body.media.metadata.imageUrl = `${host.origin}/covers/missing.jpg`
      const res = await call('POST', '/api/podcasts', body)
      expect(res.statusCode).toBe(200)
      expect(fs.readdirSync(path.join(root, 'No Cover'))).toEqual(['metadata.json'])
    })
  })

  describe('podcast titles and OPML', () => {
    it('lists the podcasts of a library with their feeds (admins only)', async () => {
      const res = await call('GET', `/api/libraries/${library.id}/podcast-titles`)
      expect(res.statusCode).toBe(200)
      const { podcasts } = res.json<PodcastTitlesResponse>()
      expect(podcasts.find((p) => p.title === 'Tales')).toMatchObject({
        feedUrl: host.feedUrl('tales'),
        itunesId: '1234',
        libraryId: library.id,
      })
      expect((await call('GET', `/api/libraries/${books.id}/podcast-titles`)).statusCode).toBe(400)
      expect(
        (await call('GET', `/api/libraries/${library.id}/podcast-titles`, undefined, userToken)).statusCode,
      ).toBe(403)
    })

    it('reads the feeds of an OPML file: nested outlines, each feed once', async () => {
      const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
        <outline text="Folder"><outline type="rss" text="A &amp; B" xmlUrl="https://a.example/feed.xml"/>
          <outline text="Deeper"><outline text="C" xmlUrl="https://c.example/rss?x=1&amp;y=2"/></outline></outline>
        <outline text="A again" xmlUrl="https://a.example/feed.xml"/><outline text="Not a feed" xmlUrl="javascript:alert(1)"/>
      </body></opml>`
      const res = await call('POST', '/api/podcasts/opml/parse', { opmlText: opml })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        feeds: [
          { title: 'A & B', feedUrl: 'https://a.example/feed.xml' },
          { title: 'C', feedUrl: 'https://c.example/rss?x=1&y=2' },
        ],
      })
      for (const junk of ['not xml at all <', '<html><body/></html>', '<opml><body></body></opml>']) {
        const bad = await call('POST', '/api/podcasts/opml/parse', { opmlText: junk })
        expect(bad.statusCode).toBe(400)
        expect(bad.body).toMatch(/Invalid OPML|No podcast feeds/)
      }
      expect((await call('POST', '/api/podcasts/opml/parse', { opmlText: '' })).body).toBe(
        'OPML file is empty',
      )
      expect((await call('POST', '/api/podcasts/opml/parse', { opmlText: opml }, userToken)).statusCode).toBe(
        403,
      )
    })

    it('subscribes to OPML feeds as a task: already subscribed skipped, failures named', async () => {
      host.addPodcast({ slug: 'opml-new', title: 'Fresh / From OPML', episodes: 1 })
      const feeds = [host.feedUrl('tales'), host.feedUrl('opml-new'), host.badFeedUrl('not-xml')]
      const res = await call('POST', '/api/podcasts/opml/create', {
        feeds,
        libraryId: library.id,
        folderId: library.folders[0]?.id,
      })
      expect(res.statusCode).toBe(200)
      const task = await waitFor<Task>('the import task', async () =>
        t.ctx.tasks.list().find((x) => x.action === 'opml-import' && x.isFinished),
      )
      expect(task.description).toMatch(/1 podcasts added, 1 already subscribed, 1 failed/)
      expect(task.description).toContain(host.badFeedUrl('not-xml'))
      expect(task.isFailed).toBe(false)
      const id = await itemAt('Fresh From OPML')
      expect(id).not.toBeNull()
      expect(podcastMedia(await expanded(id ?? '')).metadata.feedUrl).toBe(host.feedUrl('opml-new'))
      expect(fs.existsSync(path.join(root, 'Invalid podcast feed'))).toBe(false)

      const bad = await call('POST', '/api/podcasts/opml/create', {
        feeds: [],
        libraryId: library.id,
        folderId: library.folders[0]?.id,
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.body).toBe('No feeds to import')
      const books_ = { feeds: feeds.slice(0, 1), libraryId: books.id, folderId: books.folders[0]?.id }
      expect((await call('POST', '/api/podcasts/opml/create', books_)).statusCode).toBe(400)
    })

    it('exports the library as an OPML attachment with escaped titles', async () => {
      const res = await call('GET', `/api/libraries/${library.id}/opml`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/x-opml')
      expect(res.headers['content-disposition']).toContain('attachment; filename="Pods  Casts.opml"')
      expect(res.body).toContain('<opml version="2.0">')
      expect(res.body).toContain('<title>Pods &amp; Casts</title>')
      expect(res.body).toContain(`xmlUrl="${host.feedUrl('tales')}"`)
      expect(res.body).not.toContain('No Feed')
      const parsed = await call('POST', '/api/podcasts/opml/parse', { opmlText: res.body })
      expect(parsed.json<{ feeds: unknown[] }>().feeds.length).toBeGreaterThanOrEqual(2)
      expect(
        (await call('GET', `/api/libraries/${library.id}/opml`, undefined, outsiderToken)).statusCode,
      ).toBe(404)
    })
  })

  describe('episodes', () => {
    let handId: string
    beforeAll(async () => {
      handId = (await itemAt('Hand Made')) ?? ''
    })

    it('answers one episode to whoever can see the podcast', async () => {
      const [first] = await episodesOf(handId)
      if (!first) throw new Error('no episode')
      const res = await call('GET', `/api/podcasts/${handId}/episode/${first.id}`, undefined, userToken)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: first.id, title: 'Episode 1', libraryItemId: handId })
      expect((await call('GET', `/api/podcasts/${handId}/episode/nope`)).statusCode).toBe(404)
      expect(
        (await call('GET', `/api/podcasts/${handId}/episode/${first.id}`, undefined, outsiderToken))
          .statusCode,
      ).toBe(404)
    })

    it('matches downloaded episodes to the feed by title and fills what is missing', async () => {
      const res = await call('POST', `/api/podcasts/${handId}/match-episodes`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ numEpisodesUpdated: 3 })
      const episodes = await episodesOf(handId)
      const feedEp = host.podcast('tales').episodes[1]
      expect(episodes.find((e) => e.title === 'Episode 2')).toMatchObject({
        guid: feedEp?.guid,
        enclosure: { url: feedEp?.audioUrl },
      })
      expect((await call('POST', `/api/podcasts/${handId}/match-episodes`)).json()).toEqual({
        numEpisodesUpdated: 0,
      })
      const noFeed = (await itemAt('No Feed')) ?? ''
      const none = await call('POST', `/api/podcasts/${noFeed}/match-episodes`)
      expect(none.statusCode).toBe(400)
      expect(none.body).toBe('Podcast does not have an RSS feed')
      expect(
        (await call('POST', `/api/podcasts/${handId}/match-episodes`, undefined, userToken)).statusCode,
      ).toBe(403)
    })

    it('finds feed episodes by a title near theirs', async () => {
      const res = await call(
        'GET',
        `/api/podcasts/${handId}/search-episode?title=${encodeURIComponent('episod 3')}`,
      )
      expect(res.statusCode).toBe(200)
      const { episodes } = res.json<SearchEpisodeResponse>()
      expect(episodes[0]).toMatchObject({ episode: { title: 'Episode 3' }, levenshtein: 1 })
      expect((await call('GET', `/api/podcasts/${handId}/search-episode`)).statusCode).toBe(400)
      const noFeed = (await itemAt('No Feed')) ?? ''
      expect((await call('GET', `/api/podcasts/${noFeed}/search-episode?title=x`)).body).toBe(
        'Podcast does not have an RSS feed',
      )
      expect(
        (await call('GET', `/api/podcasts/${handId}/search-episode?title=x`, undefined, userToken))
          .statusCode,
      ).toBe(403)
    })

    it('edits an episode (update permission) and the edit survives a rescan', async () => {
      const [first] = await episodesOf(handId)
      if (!first) throw new Error('no episode')
      const url = `/api/podcasts/${handId}/episode/${first.id}`
      const res = await call('PATCH', url, {
        title: 'Renamed',
        season: '9',
        pubDate: 'Mon, 01 Jul 2024 08:00:00 GMT',
      })
      expect(res.statusCode).toBe(200)
      expect(res.json<LibraryItem>().id).toBe(handId)
      await settle(t, library.id, true)
      const after = (await call('GET', url)).json()
      expect(after).toMatchObject({ title: 'Renamed', season: '9', publishedAt: Date.UTC(2024, 6, 1, 8) })
      expect((await call('PATCH', url, { title: '' })).statusCode).toBe(400)
      expect((await call('PATCH', url, { pubDate: 'not a date' })).statusCode).toBe(400)
      expect((await call('PATCH', url, { title: 'x' }, viewerToken)).statusCode).toBe(403)
      expect((await call('PATCH', url, { title: 'x' }, outsiderToken)).statusCode).toBe(404)
    })

    it('removes an episode: soft keeps the file and a rescan does not add it back; hard deletes the file', async () => {
      const episodes = await episodesOf(handId)
      const [a, b] = episodes
      const [fileA, fileB] = [a?.audioFile, b?.audioFile]
      if (!a || !b || !isFullAudioFile(fileA) || !isFullAudioFile(fileB)) throw new Error('no episodes')
      expect(
        (await call('DELETE', `/api/podcasts/${handId}/episode/${a.id}`, undefined, viewerToken)).statusCode,
      ).toBe(403)
      expect((await call('DELETE', `/api/podcasts/${handId}/episode/${a.id}`)).statusCode).toBe(200)
      expect(fs.existsSync(fileA.metadata.path)).toBe(true)
      await settle(t, library.id, true)
      expect((await episodesOf(handId)).map((e) => e.id)).not.toContain(a.id)
      expect((await episodesOf(handId)).map((e) => e.title)).not.toContain(a.title)

      const hardRes = await call('DELETE', `/api/podcasts/${handId}/episode/${b.id}?hard=1`)
      expect(hardRes.statusCode).toBe(200)
      expect(fs.existsSync(fileB.metadata.path)).toBe(false)
      // The item was rescanned: its file list no longer names the deleted file.
      const files = hardRes.json<LibraryItem>().libraryFiles.map((f) => f.metadata.path)
      expect(files).not.toContain(fileB.metadata.path)
      expect((await episodesOf(handId)).map((e) => e.id)).not.toContain(b.id)
      expect((await call('DELETE', `/api/podcasts/${handId}/episode/${b.id}`)).statusCode).toBe(404)
    })
  })

  describe('PATCH /api/items/:id/media for podcasts', () => {
    it('edits podcast metadata and schedule, writes metadata.json and re-plans the schedule', async () => {
      const id = (await itemAt('Hand Made')) ?? ''
      const res = await call('PATCH', `/api/items/${id}/media`, {
        metadata: {
          title: 'Hand Made Too',
          author: 'Me',
          itunesId: '999',
          type: 'serial',
          explicit: true,
          language: 'de',
        },
        tags: ['mine'],
        autoDownloadEpisodes: true,
        autoDownloadSchedule: '0 * * * *',
        maxEpisodesToKeep: 3,
      })
      expect(res.statusCode).toBe(200)
      const { updated, libraryItem } = res.json<{ updated: boolean; libraryItem: LibraryItem }>()
      expect(updated).toBe(true)
      expect(libraryItem.media).toMatchObject({
        metadata: {
          title: 'Hand Made Too',
          author: 'Me',
          itunesId: '999',
          type: 'serial',
          explicit: true,
          language: 'de',
          feedUrl: host.feedUrl('tales'),
        },
        tags: ['mine'],
        autoDownloadEpisodes: true,
        autoDownloadSchedule: '0 * * * *',
        maxEpisodesToKeep: 3,
      })
      expect(t.ctx.podcastDownloads.scheduled()).toContain(id)
      expect(
        JSON.parse(fs.readFileSync(path.join(root, 'Hand Made', 'metadata.json'), 'utf8')),
      ).toMatchObject({ title: 'Hand Made Too', itunesId: '999' })
      await settle(t, library.id, true)
      expect((await expanded(id)).media).toMatchObject({
        metadata: { title: 'Hand Made Too' },
        autoDownloadSchedule: '0 * * * *',
      })

      const bad = await call('PATCH', `/api/items/${id}/media`, { autoDownloadSchedule: '* * * *' })
      expect(bad.statusCode).toBe(400)
      expect(bad.body).toMatch(/Invalid cron expression: it needs 5 fields$/)
      expect(
        (await call('PATCH', `/api/items/${id}/media`, { autoDownloadSchedule: '61 * * * *' })).body,
      ).toBe('autoDownloadSchedule: Invalid cron expression')
      expect(
        (await call('PATCH', `/api/items/${id}/media`, { autoDownloadSchedule: '0 0 31 4 *' })).body,
      ).toBe('autoDownloadSchedule: Invalid cron expression: it never runs')
      expect((await call('PATCH', `/api/items/${id}/media`, { maxEpisodesToKeep: -1 })).statusCode).toBe(400)
      expect(
        (await call('PATCH', `/api/items/${id}/media`, { metadata: { title: 'x' } }, viewerToken)).statusCode,
      ).toBe(403)
      expect(
        (await call('PATCH', `/api/items/${id}/media`, { metadata: { title: 'x' } }, outsiderToken))
          .statusCode,
      ).toBe(404)
    })
  })

  describe('GET /api/libraries/:id/recent-episodes', () => {
    it('pages the newest episodes of visible podcasts', async () => {
      const res = await call(
        'GET',
        `/api/libraries/${library.id}/recent-episodes?limit=2&page=0`,
        undefined,
        userToken,
      )
      expect(res.statusCode).toBe(200)
      const body = res.json<RecentEpisodesResponse>()
      expect(body).toMatchObject({ limit: 2, page: 0 })
      expect(body.episodes).toHaveLength(2)
      expect(body.total).toBeGreaterThanOrEqual(2)
      const [newer, older] = body.episodes
      expect((newer?.publishedAt ?? 0) >= (older?.publishedAt ?? 0)).toBe(true)
      expect(newer?.podcast).toMatchObject({
        libraryItemId: newer?.libraryItemId,
        metadata: { title: expect.any(String) },
      })
      const past = (
        await call('GET', `/api/libraries/${library.id}/recent-episodes?limit=2&page=50`)
      ).json<RecentEpisodesResponse>()
      expect(past).toMatchObject({ episodes: [], total: body.total })
      // Hand Made is explicit now (PATCH above): a reader without explicit access sees none of its episodes.
      await t.createUser(token, {
        username: 'kid',
        password: 'pw',
        permissions: { accessExplicitContent: false },
      })
      const kid = (await t.login('kid', 'pw')).accessToken
      const handId = (await itemAt('Hand Made')) ?? ''
      const kids = await call('GET', `/api/libraries/${library.id}/recent-episodes?limit=100`, undefined, kid)
      const seen = kids.json<RecentEpisodesResponse>().episodes
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.map((e) => e.libraryItemId)).not.toContain(handId)
      const [handEpisode] = await episodesOf(handId)
      expect(
        (await call('GET', `/api/podcasts/${handId}/episode/${handEpisode?.id}`, undefined, kid)).statusCode,
      ).toBe(404)
      expect(
        (await call('GET', `/api/libraries/${library.id}/recent-episodes`, undefined, outsiderToken))
          .statusCode,
      ).toBe(404)
      expect((await call('GET', `/api/libraries/${library.id}/recent-episodes?limit=0`)).statusCode).toBe(400)

      // Like Audiobookshelf, the episodes the caller finished leave the Latest page (and its total); others' do not count.
      const first = seen[0]
      expect(
        (
          await call(
            'PATCH',
            `/api/me/progress/${first?.libraryItemId}/${first?.id}`,
            { isFinished: true },
            kid,
          )
        ).statusCode,
      ).toBe(200)
      const after = (
        await call('GET', `/api/libraries/${library.id}/recent-episodes?limit=100`, undefined, kid)
      ).json<RecentEpisodesResponse>()
      expect(after.episodes.map((e) => e.id)).not.toContain(first?.id)
      expect(after.total).toBe(kids.json<RecentEpisodesResponse>().total - 1)
      expect(
        (await call('GET', `/api/libraries/${library.id}/recent-episodes?limit=100`))
          .json<RecentEpisodesResponse>()
          .episodes.map((e) => e.id),
      ).toContain(first?.id)
      // A book library has no Latest page.
      expect((await call('GET', `/api/libraries/${books.id}/recent-episodes`)).statusCode).toBe(404)
    })

    it('answers a page of 5,000 episodes through the indexes, never scanning every episode', async () => {
      const id = (await itemAt('No Feed')) ?? ''
      const now = Date.now()
      const rows = Array.from({ length: 5000 }, (_, i) => ({
        id: `bulk-${i}`,
        library_item_id: id,
        title: `Bulk ${i}`,
        published_at: Date.UTC(2030, 0, 1) + i * 60_000,
        added_at: now,
        updated_at: now,
        duration: 60,
        size: 1000,
        chapters: '[]',
      }))
      for (let i = 0; i < rows.length; i += 500)
        await t.ctx.database.db
          .insertInto('podcast_episodes')
          .values(rows.slice(i, i + 500))
          .execute()
      const res = await call('GET', `/api/libraries/${library.id}/recent-episodes?limit=25&page=3`)
      const body = res.json<RecentEpisodesResponse>()
      expect(body.episodes.map((e) => e.title).slice(0, 2)).toEqual(['Bulk 4924', 'Bulk 4923'])
      expect(body.total).toBeGreaterThan(5000)
      const user = await t.ctx.users.findByUsername('user')
      if (!user) throw new Error('no user')
      const query = new PodcastsRepository(t.ctx.database.db).recentQuery(user, library.id, 25, 0).compile()
      const plan = (
        t.ctx.database.sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.parameters) as {
          detail: string
        }[]
      )
        .map((r) => r.detail)
        .join(' | ')
      // The library's podcasts by library_id, their episodes by (library_item_id, published_at): never a scan
      // of every episode of every library.
      expect(plan).toContain('USING INDEX podcast_episodes_item')
      expect(plan).not.toMatch(/SCAN (e|li)\b/)
    })
  })
})
