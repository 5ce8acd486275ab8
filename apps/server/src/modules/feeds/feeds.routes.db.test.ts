import fs from 'node:fs'
import path from 'node:path'
import type { Collection, FeedMinified, FeedsResponse, Library, OpenFeedResponse } from '@shelfcast/contracts'
import { XMLValidator } from 'fast-xml-parser'
import { parseFeed, type FeedObject } from 'podcast-partytime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BOOKS,
  createLibrary,
  createScannedPodcastLibrary,
  itemsOf,
  makeBookLibrary,
  makePodcastLibrary,
  settle,
} from '../../scanner/test-library.ts'
import { bookMedia } from '../../test-support/media-of.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

const SERVER = 'https://books.example.org/base'

/** Well-formed XML 1.0: the validator's verdict, and no character XML 1.0 forbids anywhere in the text. */
function expectWellFormed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  // eslint-disable-next-line no-control-regex
  expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/)
  expect(xml).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
}

describe('RSS feeds', () => {
  let t: TestApp
  let token: string
  let books: Library
  let pods: Library
  let socket: TestSocket
  const ids: Record<string, string> = {}

  const open = (type: string, id: string, slug: string, extra: Record<string, unknown> = {}, as = token) =>
    t.call('POST', `/api/feeds/${type}/${id}/open`, as, { serverAddress: SERVER, slug, ...extra })
  const feedXml = (slug: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: `/feed/${slug}`, headers })
  const parsed = async (slug: string): Promise<FeedObject> => {
    const res = await feedXml(slug)
    expect(res.statusCode).toBe(200)
    expectWellFormed(res.body)
    const feed = parseFeed(res.body)
    if (!feed) throw new Error('partytime could not parse the feed')
    return feed
  }
  /** The local path of an absolute feed URL. */
  const local = (url: string) => {
    expect(url.startsWith(`${SERVER}/feed/`)).toBe(true)
    return url.slice(SERVER.length)
  }

  beforeAll(async () => {
    const dir = tempDir('shelfcast-feeds-')
    await makeBookLibrary(path.join(dir, 'books'), path.join(dir, 'work'))
    await makePodcastLibrary(path.join(dir, 'pods'))
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    books = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: path.join(dir, 'books') }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, books.id)
    pods = await createScannedPodcastLibrary(t, token, path.join(dir, 'pods'))
    for (const [rel, item] of await itemsOf(t, books.id)) ids[rel] = item.id
    for (const [rel, item] of await itemsOf(t, pods.id)) ids[rel] = item.id
    socket = await connectSocket(await t.listen())
    await socket.auth(token)
  })
  afterAll(async () => {
    socket?.close()
    await t?.close()
  })

  it('opens a feed of a book of several files: ordered items, absolute URLs, enclosures that answer with ranges', async () => {
    const res = await open('item', ids[BOOKS.earthsea] ?? '', 'earthsea', {
      metadataDetails: { preventIndexing: false, ownerName: 'Ged', ownerEmail: 'ged@example.org' },
    })
    expect(res.statusCode).toBe(200)
    const { feed } = res.json<OpenFeedResponse>()
    expect(feed).toMatchObject({
      entityType: 'item',
      entityId: ids[BOOKS.earthsea],
      slug: 'earthsea',
      feedUrl: `${SERVER}/feed/earthsea`,
      hasEpisodesWithoutPubDate: false,
      meta: { title: 'A Wizard of Earthsea', preventIndexing: false, ownerName: 'Ged' },
    })
    await socket.waitFor<FeedMinified>('rss_feed_open', (f) => f.id === feed.id)

    const rss = await parsed('earthsea')
    expect(rss.title).toBe('A Wizard of Earthsea')
    expect(rss.itunesType).toBe('serial')
    expect(rss.owner).toEqual({ name: 'Ged', email: 'ged@example.org' })
    expect(rss.image?.url).toMatch(/^https:\/\/books\.example\.org\/base\/feed\/earthsea\/cover\.jpg$/)
    expect(rss.items.map((i) => i.title)).toEqual([
      'A Wizard of Earthsea (1/3)',
      'A Wizard of Earthsea (2/3)',
      'A Wizard of Earthsea (3/3)',
    ])
    // Dated in order, one step apart, so apps sorting by date keep the book's order.
    const dates = rss.items.map((i) => i.pubDate?.getTime() ?? 0)
    expect([...dates].sort((a, b) => a - b)).toEqual(dates)
    expect(new Set(rss.items.map((i) => i.guid)).size).toBe(3)
    for (const item of rss.items) {
      expect(item.enclosure.type).toBe('audio/mpeg')
      expect(item.duration).toBeGreaterThan(0)
      const file = await t.inject({ method: 'GET', url: local(item.enclosure.url) })
      expect(file.statusCode).toBe(200)
      expect(file.rawPayload.length).toBe(item.enclosure.length)
    }
    // No file paths anywhere in the document.
    expect((await feedXml('earthsea')).body).not.toContain(path.sep + 'books' + path.sep)

    const first = rss.items[0]?.enclosure.url ?? ''
    const whole = await t.inject({ method: 'GET', url: local(first) })
    const part = await t.inject({ method: 'GET', url: local(first), headers: { range: 'bytes=10-99' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 10-99/${whole.rawPayload.length}`)
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 100))).toBe(true)

    const cover = await t.inject({ method: 'GET', url: local(rss.image?.url ?? '') })
    expect(cover.statusCode).toBe(200)
    expect(cover.headers['content-type']).toMatch(/^image\//)
  })

  it('answers 304 on If-None-Match and If-Modified-Since, and noindex only when indexing is prevented', async () => {
    const res = await feedXml('earthsea')
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/)
    expect(res.headers['x-robots-tag']).toBeUndefined()
    const etag = String(res.headers.etag)
    const lastModified = String(res.headers['last-modified'])
    expect((await feedXml('earthsea', { 'if-none-match': etag })).statusCode).toBe(304)
    expect((await feedXml('earthsea', { 'if-modified-since': lastModified })).statusCode).toBe(304)
    expect((await feedXml('earthsea', { 'if-none-match': '"other"' })).statusCode).toBe(200)

    expect((await open('item', ids[BOOKS.mort] ?? '', 'mort')).statusCode).toBe(200)
    const blocked = await feedXml('mort')
    expect(blocked.headers['x-robots-tag']).toMatch(/noindex/)
    expect(blocked.body).toContain('<itunes:block>Yes</itunes:block>')
    // Mort's chapters ride along as Podlove Simple Chapters.
    expect(blocked.body).toContain('<psc:chapter start="00:00:02.000" title="Middle"/>')
  })

  it('opens a podcast feed: one item per episode, dated, episodic', async () => {
    const show = ids['My Show'] ?? ''
    const res = await open('item', show, 'my-show')
    expect(res.statusCode).toBe(200)
    expect(res.json<OpenFeedResponse>().feed.hasEpisodesWithoutPubDate).toBe(false)
    const rss = await parsed('my-show')
    expect(rss.itunesType).toBe('episodic')
    expect(rss.items.map((i) => i.title).sort()).toEqual(['First Episode', 'Second Episode'])
    expect(rss.items.every((i) => i.pubDate instanceof Date)).toBe(true)
    for (const item of rss.items) {
      expect((await t.inject({ method: 'GET', url: local(item.enclosure.url) })).statusCode).toBe(200)
    }

    // An episode without a publication date: listed without <pubDate>, and the feed says so (spec §8 warning).
    t.ctx.database.sqlite
      .prepare(
        `UPDATE podcast_episodes SET pub_date = NULL, published_at = NULL WHERE title = 'Second Episode'`,
      )
      .run()
    const item = await t.call('GET', `/api/items/${show}?include=rssfeed`, token)
    expect(item.json<{ rssFeed: FeedMinified | null }>().rssFeed?.hasEpisodesWithoutPubDate).toBe(true)
    const undated = await parsed('my-show')
    expect(undated.items.find((i) => i.title === 'Second Episode')?.pubDate).toBeUndefined()
    expect(undated.items.find((i) => i.title === 'First Episode')?.pubDate).toBeInstanceOf(Date)
  })

  it('a collection feed follows its collection and closes when the collection is deleted', async () => {
    const created = await t.call('POST', '/api/collections', token, {
      libraryId: books.id,
      name: 'Shelf <script>alert(1)</script> ]]> \u0001',
      books: [ids[BOOKS.mort]],
    })
    const collection = created.json<Collection>()
    expect((await open('collection', collection.id, 'shelf')).statusCode).toBe(200)
    expect((await parsed('shelf')).items).toHaveLength(1)

    const added = await t.call('POST', `/api/collections/${collection.id}/book`, token, {
      id: ids[BOOKS.earthsea],
    })
    expect(added.statusCode).toBe(200)
    const rss = await parsed('shelf')
    // The hostile name is text again once parsed (the control character dropped; partytime trims).
    expect(rss.title).toBe('Shelf <script>alert(1)</script> ]]>')
    expect(rss.items).toHaveLength(4)
    for (const item of rss.items)
      expect((await t.inject({ method: 'GET', url: local(item.enclosure.url) })).statusCode).toBe(200)

    const withFeed = await t.call('GET', `/api/collections/${collection.id}?include=rssfeed`, token)
    expect(withFeed.json<Collection>().rssFeed?.slug).toBe('shelf')

    expect((await t.call('DELETE', `/api/collections/${collection.id}`, token)).statusCode).toBe(200)
    await socket.waitFor<FeedMinified>('rss_feed_closed', (f) => f.slug === 'shelf')
    expect((await feedXml('shelf')).statusCode).toBe(404)
  })

  it('never lists a book the feed owner may not see, and serves none of its files', async () => {
    await t.createUser(token, {
      username: 'tagless-admin',
      password: 'pw',
      type: 'admin',
      permissions: { accessAllTags: false, selectedTagsNotAccessible: true },
      itemTagsSelected: ['favourite'],
    })
    const admin = (await t.login('tagless-admin', 'pw')).accessToken
    const hidden = ids[BOOKS.withJson] ?? ''
    const collection = (
      await t.call('POST', '/api/collections', token, {
        libraryId: books.id,
        name: 'Mixed',
        books: [hidden, ids[BOOKS.loose]],
      })
    ).json<Collection>()
    expect((await open('item', hidden, 'hidden-book', {}, admin)).statusCode).toBe(404)
    expect((await open('collection', collection.id, 'mixed', {}, admin)).statusCode).toBe(200)
    const rss = await parsed('mixed')
    expect(rss.items.map((i) => i.title)).toEqual(['Loose Book'])
    const ino = bookMedia((await itemsOf(t, books.id)).get(BOOKS.withJson)).audioFiles[0]?.ino
    const url = `/feed/mixed/item/${hidden}_${ino}/media.mp3`
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404)
  })

  it('refuses bad, taken and look-alike slugs, unknown entities, non-admins and nothing playable', async () => {
    const loose = ids[BOOKS.loose] ?? ''
    for (const slug of [
      '../',
      '..%2Fetc',
      '%2F',
      'ｓｈｅｌｆ',
      'е'.repeat(3),
      'a'.repeat(500),
      '',
      'UPPER',
      'a b',
    ]) {
      const res = await open('item', loose, slug)
      expect(res.statusCode, slug).toBe(400)
    }
    const taken = await open('item', loose, 'earthsea')
    expect(taken.statusCode).toBe(400)
    expect(taken.body).toContain('already in use')
    expect((await open('item', ids[BOOKS.earthsea] ?? '', 'earthsea-again')).statusCode).toBe(400)
    expect((await open('item', 'nope', 'nope')).statusCode).toBe(404)
    expect((await open('collection', 'nope', 'nope')).statusCode).toBe(404)
    expect((await open('series', 'nope', 'nope')).statusCode).toBe(404)
    expect((await open('item', ids[BOOKS.ebookOnly] ?? '', 'paper')).statusCode).toBe(400)
    expect(
      (await t.call('POST', '/api/feeds/item/x/open', token, { serverAddress: 'ftp://x', slug: 'x' }))
        .statusCode,
    ).toBe(400)

    await t.createUser(token, { username: 'reader', password: 'pw' })
    const reader = (await t.login('reader', 'pw')).accessToken
    expect((await open('item', loose, 'reader-feed', {}, reader)).statusCode).toBe(403)
    expect((await t.call('GET', '/api/feeds', reader)).statusCode).toBe(403)
  })

  it('opens a series feed, lists every feed, closes one (404 after), and answers include=rssfeed', async () => {
    const series = await t.ctx.database.db.selectFrom('series').select(['id', 'name']).execute()
    const seriesId = series.find((s) => s.name === 'Json Series')?.id
    const opened = await open('series', seriesId ?? '', 'json-series')
    expect(opened.statusCode, opened.body).toBe(200)
    expect((await parsed('json-series')).items).toHaveLength(1)

    const list = await t.call('GET', '/api/feeds', token)
    expect(list.statusCode).toBe(200)
    const { feeds } = list.json<FeedsResponse>()
    const earthsea = feeds.find((f) => f.slug === 'earthsea')
    expect(earthsea?.episodes).toHaveLength(3)
    expect(earthsea?.meta.author).toBe('Ursula K. Le Guin')
    expect(JSON.stringify(feeds)).not.toContain(path.sep + 'books' + path.sep)

    const item = await t.call('GET', `/api/items/${ids[BOOKS.earthsea]}?include=rssfeed`, token)
    expect(item.json<{ rssFeed: FeedMinified | null }>().rssFeed?.slug).toBe('earthsea')
    const none = await t.call('GET', `/api/items/${ids[BOOKS.discs]}?include=rssfeed`, token)
    expect(none.json<{ rssFeed: FeedMinified | null }>().rssFeed).toBeNull()
    const listed = await t.call(
      'GET',
      `/api/libraries/${books.id}/items?include=rssfeed&filter=feed-open`,
      token,
    )
    const results = listed.json<{ results: { id: string; rssFeed: FeedMinified | null }[] }>().results
    expect(results.map((r) => r.id).sort()).toEqual([ids[BOOKS.earthsea], ids[BOOKS.mort]].sort())
    expect(results.every((r) => r.rssFeed?.entityId === r.id)).toBe(true)
    const oneSeries = await t.call('GET', `/api/series/${seriesId}?include=rssfeed`, token)
    expect(oneSeries.json<{ rssFeed: FeedMinified | null }>().rssFeed?.slug).toBe('json-series')

    const enclosure = (await parsed('earthsea')).items[0]?.enclosure.url ?? ''
    expect((await t.call('POST', `/api/feeds/${earthsea?.id}/close`, token)).statusCode).toBe(200)
    await socket.waitFor<FeedMinified>('rss_feed_closed', (f) => f.id === earthsea?.id)
    expect((await feedXml('earthsea')).statusCode).toBe(404)
    expect((await t.inject({ method: 'GET', url: local(enclosure) })).statusCode).toBe(404)
    expect((await t.call('POST', `/api/feeds/${earthsea?.id}/close`, token)).statusCode).toBe(404)
  })

  it('closes an item feed when the item is deleted', async () => {
    expect((await t.call('DELETE', `/api/items/${ids[BOOKS.mort]}`, token)).statusCode).toBe(200)
    await socket.waitFor<FeedMinified>('rss_feed_closed', (f) => f.slug === 'mort')
    expect((await feedXml('mort')).statusCode).toBe(404)
    expect(fs.existsSync(t.dir)).toBe(true)
  })
})
