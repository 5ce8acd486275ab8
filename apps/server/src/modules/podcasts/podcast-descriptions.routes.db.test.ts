import fs from 'node:fs'
import path from 'node:path'
import type { FeedEpisode, Library, LibraryItem, PodcastFeedResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScannedPodcastLibrary } from '../../scanner/test-library.ts'
import { startFakePodcastHost, type FakePodcastHost } from '../../test-support/fake-podcast-host.ts'
import {
  HOSTILE_DESCRIPTION,
  HOSTILE_DESCRIPTION_SANITISED,
  HOSTILE_MARKUP,
} from '../../test-support/hostile-markup.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { podcastMedia } from '../../test-support/media-of.ts'

const HOSTILE = HOSTILE_DESCRIPTION

/**
 * Audiobookshelf's apps draw item and episode descriptions as HTML. A feed whose channel and episodes carry
 * script-bearing descriptions goes through the feed answer, creation, downloads, a refresh and edits; no JSON
 * answer on the way may hold an event handler, a `javascript:` URL or a `<script>`, and the legit paragraph
 * and link survive.
 */
describe('descriptions from a hostile feed', () => {
  let host: FakePodcastHost
  let t: TestApp
  let token: string
  let library: Library
  let root: string
  /** Every JSON answer body of the journey, with the call it answered. */
  const answers: { call: string; body: string }[] = []
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const res = await t.call(method, url, token, body)
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    answers.push({ call: `${method} ${url}`, body: res.body })
    return res
  }
  const expanded = async (id: string) =>
    (await call('GET', `/api/items/${id}?expanded=1`)).json<LibraryItem>()
  async function episodesArrive(id: string, count: number) {
    const deadline = Date.now() + 60_000 // a ceiling for a busy machine, not a pace
    while (Date.now() < deadline) {
      const list = podcastMedia(await expanded(id))
      if (list.episodes.filter((e) => e.audioFile).length >= count && list.episodes.every((e) => e.guid))
        return list
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`${count} episodes did not arrive`)
  }

  beforeAll(async () => {
    host = await startFakePodcastHost({
      podcasts: [
        {
          slug: 'hostile',
          title: 'Hostile Show',
          description: HOSTILE,
          episodes: [1, 2, 3].map((n) => ({ title: `Hostile ${n}`, description: HOSTILE })),
        },
      ],
    })
    root = path.join(tempDir('shelfcast-hostile-'), 'podcasts')
    fs.mkdirSync(root, { recursive: true })
    const app = await createInitialisedApp({ env: host.env })
    t = app.t
    token = app.root.accessToken
    library = await createScannedPodcastLibrary(t, token, root)
  })
  afterAll(async () => {
    await t?.close()
    await host?.close()
  })

  it('answers, stores and serves them without handlers, scripts or javascript: links, keeping the rest', async () => {
    const feed = (
      await call('POST', '/api/podcasts/feed', { rssFeed: host.feedUrl('hostile') })
    ).json<PodcastFeedResponse>()
    expect(feed.podcast.episodes).toHaveLength(3)
    for (const d of [feed.podcast.metadata.description, ...feed.podcast.episodes.map((e) => e.description)])
      expect(d).toBe(HOSTILE_DESCRIPTION_SANITISED)
    expect(feed.podcast.episodes[0]?.descriptionPlain).toBe('xok\nlink')

    // A client may send anything back: the creation carries the raw descriptions, not the answer's.
    const [newest, middle, oldest] = feed.podcast.episodes
    if (!newest || !middle || !oldest) throw new Error('feed episodes missing')
    const raw = (e: FeedEpisode): FeedEpisode => ({ ...e, description: HOSTILE, descriptionPlain: HOSTILE })
    const created = await call('POST', '/api/podcasts', {
      libraryId: library.id,
      folderId: library.folders[0]?.id,
      path: path.join(root, 'Hostile Show'),
      media: { metadata: { ...feed.podcast.metadata, description: HOSTILE } },
      episodesToDownload: [raw(oldest)],
    })
    const id = created.json<LibraryItem>().id
    await episodesArrive(id, 1)
    await call('POST', `/api/podcasts/${id}/download-episodes`, [raw(middle)])
    await episodesArrive(id, 2)
    // The refresh: what is new on the feed, downloaded through the scheduler's path.
    const fresh = (await call('GET', `/api/podcasts/${id}/checknew?limit=5`)).json<{
      episodes: FeedEpisode[]
    }>()
    expect(fresh.episodes.map((e) => e.title)).toEqual([newest.title])
    const podcast = await episodesArrive(id, 3)
    expect(podcast.episodes).toHaveLength(3)

    // Edits of the podcast and of an episode, with the raw markup again.
    const first = podcast.episodes[0]
    if (!first) throw new Error('no episode')
    await call('PATCH', `/api/podcasts/${id}/episode/${first.id}`, { description: HOSTILE })
    await call('PATCH', `/api/items/${id}/media`, { metadata: { description: HOSTILE } })

    const item = await expanded(id)
    const media = podcastMedia(item)
    for (const d of [media.metadata.description, ...media.episodes.map((e) => e.description)])
      expect(d).toBe(HOSTILE_DESCRIPTION_SANITISED)
    await call('GET', `/api/items/${id}`)
    for (const e of media.episodes) await call('GET', `/api/podcasts/${id}/episode/${e.id}`)
    await call('GET', `/api/libraries/${library.id}/items`)
    await call('GET', `/api/libraries/${library.id}/search?q=Hostile`)
    await call('GET', `/api/libraries/${library.id}/recent-episodes`)

    // The descriptions as stored, too: nothing hostile waits in a row for a later answer.
    const rows = await t.ctx.database.db.selectFrom('podcast_episodes').select('description').execute()
    const itemRow = await t.ctx.database.db
      .selectFrom('library_items')
      .select('description')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const stored = [itemRow.description, ...rows.map((r) => r.description)]

    expect(answers.length).toBeGreaterThan(10)
    const hostile = [...answers, ...stored.map((body) => ({ call: 'stored', body: body ?? '' }))]
      .filter((a) => HOSTILE_MARKUP.test(a.body))
      .map(
        (a) =>
          `${a.call}: ${a.body.slice(Math.max(0, a.body.search(HOSTILE_MARKUP) - 80), a.body.search(HOSTILE_MARKUP) + 20)}`,
      )
    expect(hostile).toEqual([])
    expect(answers.find((a) => a.call.includes('/search?'))?.body).toContain('<p>ok</p>')
  })
})
