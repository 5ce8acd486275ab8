import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import {
  BOOKS,
  createLibrary,
  createScannedPodcastLibrary,
  itemsOf,
  makeBookLibrary,
  makePodcastLibrary,
  settle,
} from './test-library.ts'
import { bookMedia, podcastMedia } from '../test-support/media-of.ts'

const book = (item: LibraryItem | undefined) => {
  if (!item) throw new Error('item not found')
  return bookMedia(item)
}

describe('library scan', () => {
  let t: TestApp
  let token: string
  let root: string
  let library: Library

  beforeAll(async () => {
    const dir = tempDir('shelfcast-scan-')
    root = path.join(dir, 'books')
    await makeBookLibrary(root, path.join(dir, 'work'))
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    library = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
  })
  afterAll(async () => t?.close())

  it('records when the library was last scanned', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/libraries/${library.id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(library.lastScan).toBeNull()
    expect(res.json<Library>().lastScan).toEqual(expect.any(Number))
  })

  it('finds every item with the right layout', async () => {
    const items = await itemsOf(t, library.id)
    expect([...items.keys()].sort()).toEqual(Object.values(BOOKS).sort())
    for (const item of items.values()) {
      expect(item.isMissing).toBe(false)
      expect(item.isInvalid).toBe(false)
    }
  })

  it('reads an m4b with embedded chapters (mp4 time scale converted to seconds)', async () => {
    const item = (await itemsOf(t, library.id)).get(BOOKS.mort)
    const media = book(item)
    expect(media.metadata).toMatchObject({
      title: 'Mort',
      authors: [{ name: 'Terry Pratchett' }],
      narrators: ['Nigel Planer'],
      series: [{ name: 'Discworld', sequence: '4' }],
      genres: ['Fantasy'],
      publisher: 'Corgi',
      publishedYear: '1987',
      authorNameLF: 'Pratchett, Terry',
      seriesName: 'Discworld #4',
    })
    expect(media.chapters.map((c) => [c.title, c.start])).toEqual([
      ['Opening', 0],
      ['Middle', 2],
      ['Ending', 4.5],
    ])
    expect(media.chapters[2]?.end).toBeCloseTo(media.duration, 3)
    expect(media.duration).toBeGreaterThan(5.9)
    expect(media.tracks).toHaveLength(1)
    expect(media.tracks[0]?.mimeType).toBe('audio/mp4')
  })

  it('orders a 3-file mp3 book by track tags and makes one chapter per file; cover.jpg is the cover', async () => {
    const item = (await itemsOf(t, library.id)).get(BOOKS.earthsea)
    const media = book(item)
    expect(media.metadata.authors.map((a) => a.name)).toEqual(['Ursula K. Le Guin'])
    expect(media.audioFiles.map((f) => f.metadata.filename)).toEqual([
      'part c.mp3',
      'part a.mp3',
      'part b.mp3',
    ])
    expect(media.tracks.map((tr) => tr.startOffset > 0)).toEqual([false, true, true])
    expect(media.chapters.map((c) => c.title)).toEqual(['Part 1', 'Part 2', 'Part 3'])
    expect(media.coverPath).toBe(path.join(root, BOOKS.earthsea, 'cover.jpg'))
    expect(item?.libraryFiles.find((f) => f.metadata.filename === 'cover.jpg')?.fileType).toBe('image')
  })

  it('makes an ebook-only item from an epub, with its cover extracted', async () => {
    const item = (await itemsOf(t, library.id)).get(BOOKS.ebookOnly)
    const media = book(item)
    expect(media.ebookFile?.ebookFormat).toBe('epub')
    expect(media.tracks).toHaveLength(0)
    expect(media.metadata.title).toBe('The Paper Book')
    expect(media.metadata.authors.map((a) => a.name)).toEqual(['Jane Writer'])
    expect(media.coverPath).toMatch(/items[/\\][0-9a-f-]+[/\\]cover\.png$/)
    expect(fs.existsSync(media.coverPath ?? '')).toBe(true)
  })

  it('takes a root file as a single-file item and extracts its embedded art', async () => {
    const item = (await itemsOf(t, library.id)).get(BOOKS.loose)
    expect(item?.isFile).toBe(true)
    const media = book(item)
    expect(media.metadata.title).toBe('Loose Book')
    expect(media.audioFiles[0]?.embeddedCoverArt).toBe('png')
    expect(media.coverPath).toBe(path.join(t.config.metadataPath, 'items', item?.id ?? '', 'cover.png'))
    expect(fs.statSync(media.coverPath ?? '').size).toBeGreaterThan(0)
  })

  it('applies metadata.json, desc.txt and reader.txt over folder and tags', async () => {
    const item = (await itemsOf(t, library.id)).get(BOOKS.withJson)
    const media = book(item)
    expect(media.metadata).toMatchObject({
      title: 'Json Title',
      authors: [{ name: 'Json Author' }],
      series: [{ name: 'Json Series', sequence: '2.5' }],
      description: 'Described in desc.txt',
      narrators: ['Reader One', 'Reader Two'],
      genres: ['Mystery'],
      publishedYear: '1999',
    })
    expect(media.tags).toEqual(['favourite'])
  })

  it('folds CD folders into their parent book', async () => {
    const media = book((await itemsOf(t, library.id)).get(BOOKS.discs))
    expect(media.audioFiles.map((f) => f.metadata.relPath)).toEqual(['CD 1/track.mp3', 'CD 2/track.mp3'])
  })

  it('fills authors, series, facets and the search index', async () => {
    const db = t.ctx.database.db
    const authors = await db
      .selectFrom('authors')
      .select(['name', 'last_first'])
      .where('library_id', '=', library.id)
      .orderBy('name')
      .execute()
    expect(authors.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'Terry Pratchett',
        'Ursula K. Le Guin',
        'Jane Writer',
        'Json Author',
        'Solo Writer',
      ]),
    )
    expect(authors.map((a) => a.name)).not.toContain('Tag Author')
    const seq = await db
      .selectFrom('item_series')
      .innerJoin('series', 'series.id', 'item_series.series_id')
      .select(['series.name', 'item_series.sequence_sort'])
      .where('series.library_id', '=', library.id)
      .execute()
    expect(seq).toEqual(
      expect.arrayContaining([
        { name: 'Json Series', sequence_sort: 2.5 },
        { name: 'Discworld', sequence_sort: 4 },
      ]),
    )
    const narrators = await db
      .selectFrom('item_facets')
      .select('value')
      .where('kind', '=', 'narrator')
      .where('library_id', '=', library.id)
      .execute()
    expect(narrators.map((n) => n.value).sort()).toEqual(['Nigel Planer', 'Reader One', 'Reader Two'])
    const hits = await t.ctx.database.sqlite
      .prepare("SELECT item_id FROM items_fts WHERE items_fts MATCH 'planer'")
      .all()
    expect(hits).toHaveLength(1)
  })

  it('reports a finished scan task with results, when asked for finished tasks', async () => {
    // Audiobookshelf's default lists the running tasks only: the finished scan is not among them.
    const running = (await t.call('GET', '/api/tasks', token)).json<{ tasks: { isFinished: boolean }[] }>()
    expect(running.tasks.filter((x) => x.isFinished)).toEqual([])
    const res = await t.call('GET', '/api/tasks?include=queue,finished', token)
    expect(res.statusCode).toBe(200)
    const body = res.json<{
      tasks: {
        action: string
        isFinished: boolean
        data: { libraryId: string; scanResults?: { added: number } }
      }[]
      queuedTaskData: unknown
    }>()
    expect(body.queuedTaskData).toEqual({ embedMetadata: [] })
    const scan = body.tasks.find(
      (x) =>
        x.action === 'library-scan' &&
        x.data.libraryId === library.id &&
        (x.data.scanResults?.added ?? 0) > 0,
    )
    expect(scan?.isFinished).toBe(true)
    expect(scan?.data.scanResults?.added).toBe(Object.keys(BOOKS).length)
    expect(scan).toMatchObject({ descriptionSubs: null, errorSubs: null })
  })
})

describe('podcast scan', () => {
  let t: TestApp
  let library: Library
  beforeAll(async () => {
    const dir = tempDir('shelfcast-pod-')
    const root = path.join(dir, 'podcasts')
    await makePodcastLibrary(root)
    const app = await createInitialisedApp()
    t = app.t
    library = await createScannedPodcastLibrary(t, app.root.accessToken, root)
  })
  afterAll(async () => t?.close())

  it('makes the folder a podcast and its files episodes', async () => {
    const items = await itemsOf(t, library.id)
    expect([...items.keys()]).toEqual(['My Show'])
    const podcast = podcastMedia(items.get('My Show'))
    expect(podcast.metadata.title).toBe('My Show')
    expect(podcast.metadata.author).toBe('Host Person')
    // In order; `index` is null in Audiobookshelf's forms (only the podcast page's minified list numbers them).
    expect(podcast.episodes.map((e) => [e.index, e.title, e.publishedAt])).toEqual([
      [null, 'First Episode', Date.UTC(2024, 0, 2)],
      [null, 'Second Episode', Date.UTC(2024, 1, 3)],
    ])
    expect(podcast.episodes[0]?.pubDate).toBe(new Date(Date.UTC(2024, 0, 2)).toUTCString())
    expect(podcast.episodes[1]?.audioFile?.metadata.filename).toBe('ep2.mp3')
    expect(podcast.episodes[1]?.duration).toBeGreaterThan(2.9)
  })

  it('keeps episode ids across a forced rescan', async () => {
    const before = podcastMedia((await itemsOf(t, library.id)).get('My Show'))
    await settle(t, library.id, true)
    const after = podcastMedia((await itemsOf(t, library.id)).get('My Show'))
    expect(after.episodes.map((e) => e.id)).toEqual(before.episodes.map((e) => e.id))
  })
})
