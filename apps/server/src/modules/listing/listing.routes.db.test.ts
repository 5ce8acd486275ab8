import type { LibraryItemsResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, enc, type BrowseScenario } from '../../test-support/browse-scenario.ts'

describe('GET /api/libraries/:id/items', () => {
  let s: BrowseScenario
  let items: (query: string, token?: string) => Promise<LibraryItemsResponse>
  let titles: (query: string, token?: string) => Promise<string[]>
  let status: (query: string) => Promise<number>

  beforeAll(async () => {
    s = await createBrowseScenario()
    items = async (query, token) => {
      const res = await s.get<LibraryItemsResponse>(
        `/api/libraries/${s.books}/items?minified=1&${query}`,
        token,
      )
      if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
      return res.body
    }
    titles = async (query, token) =>
      (await items(query, token)).results.map((r) => String(r.media.metadata.title))
    status = async (query) => (await s.get(`/api/libraries/${s.books}/items?${query}`)).status
    // Progress of root: Hobbit finished, Dune in progress (updated last), Earthsea read as an ebook.
    const userId = s.root.user.id
    await s.fx.progress({
      userId,
      itemId: s.id.hobbit,
      isFinished: true,
      currentTime: 40000,
      lastUpdate: 1000,
    })
    await s.fx.progress({ userId, itemId: s.id.earthsea, ebookProgress: 0.3, lastUpdate: 2000 })
    await s.fx.progress({ userId, itemId: s.id.dune, currentTime: 100, lastUpdate: 3000 })
  })
  afterAll(() => s.t.close())

  it('answers the Audiobookshelf envelope, sorted by title by default', async () => {
    const body = await items('limit=10')
    expect(body).toMatchObject({
      total: 6,
      limit: 10,
      page: 0,
      sortDesc: false,
      mediaType: 'book',
      minified: true,
      collapseseries: false,
      offset: 0,
    })
    // NOCASE ordering, as Audiobookshelf: ASCII case is folded, an accented first letter sorts after Z.
    expect(body.results.map((r) => r.media.metadata.title)).toEqual([
      'A Wizard of Earthsea',
      'Dune',
      'Fellowship of the Ring',
      'The Hobbit',
      'Zebra Stories',
      'Émile, or On Education',
    ])
    expect(await titles('sort=media.metadata.title&desc=1')).toEqual([
      'Émile, or On Education',
      'Zebra Stories',
      'The Hobbit',
      'Fellowship of the Ring',
      'Dune',
      'A Wizard of Earthsea',
    ])
  })

  it('sorts titles without their prefix when the server setting says so', async () => {
    expect(
      (await s.t.call('PATCH', '/api/settings', s.root.accessToken, { sortingIgnorePrefix: true }))
        .statusCode,
    ).toBe(200)
    try {
      expect(await titles('sort=media.metadata.title')).toEqual([
        'Dune',
        'Fellowship of the Ring',
        'The Hobbit',
        'A Wizard of Earthsea',
        'Zebra Stories',
        'Émile, or On Education',
      ])
    } finally {
      await s.t.call('PATCH', '/api/settings', s.root.accessToken, { sortingIgnorePrefix: false })
    }
  })

  it('sorts by every allowed key', async () => {
    const byAuthor = await titles('sort=media.metadata.authorName')
    // No author sorts first; Tolkien's two books tie (their order is stable, by id).
    expect([byAuthor.slice(0, 2), byAuthor.slice(2, 4).sort(), byAuthor.slice(4)]).toEqual([
      ['Zebra Stories', 'Dune'],
      ['Fellowship of the Ring', 'The Hobbit'],
      ['Émile, or On Education', 'A Wizard of Earthsea'],
    ])
    expect(await titles('sort=media.metadata.authorName')).toEqual(byAuthor)
    expect((await titles('sort=media.metadata.authorNameLF')).slice(0, 3)).toEqual([
      'Zebra Stories',
      'Dune',
      'A Wizard of Earthsea',
    ])
    expect(await titles('sort=media.metadata.publishedYear&desc=1')).toEqual([
      'A Wizard of Earthsea',
      'Dune',
      'Fellowship of the Ring',
      'The Hobbit',
      'Émile, or On Education',
      'Zebra Stories',
    ])
    expect(await titles('sort=media.duration')).toEqual([
      'A Wizard of Earthsea',
      'Zebra Stories',
      'Émile, or On Education',
      'The Hobbit',
      'Fellowship of the Ring',
      'Dune',
    ])
    expect(await titles('sort=size&desc=1')).toEqual([
      'Dune',
      'Fellowship of the Ring',
      'The Hobbit',
      'Émile, or On Education',
      'A Wizard of Earthsea',
      'Zebra Stories',
    ])
    const byAdded = [
      'The Hobbit',
      'Fellowship of the Ring',
      'A Wizard of Earthsea',
      'Dune',
      'Zebra Stories',
      'Émile, or On Education',
    ]
    expect(await titles('sort=addedAt')).toEqual(byAdded)
    expect(await titles('sort=addedAt&desc=1')).toEqual([...byAdded].reverse())
    expect(await titles('sort=mtimeMs')).toEqual(byAdded)
    expect(await titles('sort=birthtimeMs')).toEqual(byAdded)
    const byTracks = await titles('sort=media.numTracks&desc=1')
    // Fellowship and Zebra both have one track: a tie, in a stable order.
    expect([byTracks.slice(0, 3), byTracks.slice(3, 5).sort(), byTracks[5]]).toEqual([
      ['The Hobbit', 'Dune', 'Émile, or On Education'],
      ['Fellowship of the Ring', 'Zebra Stories'],
      'A Wizard of Earthsea',
    ])
    expect((await titles('sort=random')).sort()).toEqual([...byAdded].sort())
  })

  it('sorts by the caller’s progress: most recent first, then the rest by title', async () => {
    expect(await titles('sort=progress&desc=1')).toEqual([
      'Dune',
      'A Wizard of Earthsea',
      'The Hobbit',
      'Fellowship of the Ring',
      'Zebra Stories',
      'Émile, or On Education',
    ])
    expect(await titles('sort=progress')).toEqual([
      'Fellowship of the Ring',
      'Zebra Stories',
      'Émile, or On Education',
      'The Hobbit',
      'A Wizard of Earthsea',
      'Dune',
    ])
    // Paging crosses from one segment into the other.
    expect(await titles('sort=progress&desc=1&limit=2&page=1')).toEqual([
      'The Hobbit',
      'Fellowship of the Ring',
    ])
  })

  it('sorts a series by sequence', async () => {
    const series = await s.fx.seriesIdByName(s.books, 'Middle Earth')
    expect(await titles(`sort=sequence&filter=series.${enc(series)}`)).toEqual([
      'The Hobbit',
      'Fellowship of the Ring',
    ])
    expect(await titles(`sort=sequence&desc=1&filter=series.${enc(series)}`)).toEqual([
      'Fellowship of the Ring',
      'The Hobbit',
    ])
  })

  it('refuses sorts outside the allowlist with a message', async () => {
    for (const sort of [
      'title',
      'media.metadata.author',
      'id;DROP TABLE library_items',
      'media.metadata.title ',
      'rowid',
    ]) {
      const res = await s.get(`/api/libraries/${s.books}/items?sort=${encodeURIComponent(sort)}`)
      expect(res.status).toBe(400)
      expect(res.text).toMatch(/Invalid sort/)
    }
    // Podcast libraries have their own list.
    expect((await s.get(`/api/libraries/${s.podcasts}/items?sort=media.metadata.author`)).status).toBe(200)
    expect((await s.get(`/api/libraries/${s.podcasts}/items?sort=media.duration`)).status).toBe(400)
  })

  it('filters by every group', async () => {
    const tolkien = await s.fx.authorIdByName(s.books, 'J. R. R. Tolkien')
    const middleEarth = await s.fx.seriesIdByName(s.books, 'Middle Earth')
    const cases: [string, string[]][] = [
      [`authors.${enc(tolkien)}`, ['Fellowship of the Ring', 'The Hobbit']],
      [`series.${enc(middleEarth)}`, ['Fellowship of the Ring', 'The Hobbit']],
      [`series.${enc('no-series')}`, ['Dune', 'Zebra Stories', 'Émile, or On Education']],
      ['series.no-series', ['Dune', 'Zebra Stories', 'Émile, or On Education']],
      [`genres.${enc('Fantasy')}`, ['A Wizard of Earthsea', 'Fellowship of the Ring', 'The Hobbit']],
      [`tags.${enc('epic')}`, ['Dune', 'Fellowship of the Ring']],
      [`narrators.${enc('Rob Inglis')}`, ['Fellowship of the Ring', 'The Hobbit']],
      [`narrators.${enc('Émile Narrator')}`, ['Émile, or On Education']],
      [`publishers.${enc('Allen & Unwin')}`, ['Fellowship of the Ring', 'The Hobbit']],
      [`languages.${enc('German')}`, ['Dune']],
      [`publishedDecades.${enc('1960')}`, ['A Wizard of Earthsea', 'Dune']],
      [`publishedDecades.1760`, ['Émile, or On Education']],
      [`progress.${enc('finished')}`, ['The Hobbit']],
      [`progress.${enc('in-progress')}`, ['A Wizard of Earthsea', 'Dune']],
      [
        `progress.${enc('not-started')}`,
        ['Fellowship of the Ring', 'Zebra Stories', 'Émile, or On Education'],
      ],
      [
        `progress.${enc('not-finished')}`,
        ['A Wizard of Earthsea', 'Dune', 'Fellowship of the Ring', 'Zebra Stories', 'Émile, or On Education'],
      ],
      ['progress.finished', ['The Hobbit']],
      [`missing.${enc('isbn')}`, ['A Wizard of Earthsea', 'Dune', 'Zebra Stories', 'Émile, or On Education']],
      [
        `missing.${enc('asin')}`,
        ['A Wizard of Earthsea', 'Dune', 'Fellowship of the Ring', 'Zebra Stories', 'Émile, or On Education'],
      ],
      [
        `missing.${enc('subtitle')}`,
        ['A Wizard of Earthsea', 'Dune', 'Fellowship of the Ring', 'Zebra Stories', 'Émile, or On Education'],
      ],
      [`missing.${enc('authors')}`, ['Zebra Stories']],
      [`missing.${enc('publishedYear')}`, ['Zebra Stories']],
      [`missing.${enc('series')}`, ['Dune', 'Zebra Stories', 'Émile, or On Education']],
      [
        `missing.${enc('description')}`,
        ['A Wizard of Earthsea', 'Dune', 'Zebra Stories', 'Émile, or On Education'],
      ],
      [`missing.${enc('genres')}`, ['Zebra Stories']],
      [`missing.${enc('tags')}`, ['Zebra Stories', 'Émile, or On Education']],
      [`missing.${enc('narrators')}`, ['A Wizard of Earthsea', 'Zebra Stories']],
      [`missing.${enc('publisher')}`, ['A Wizard of Earthsea', 'Zebra Stories', 'Émile, or On Education']],
      [`missing.${enc('language')}`, ['Zebra Stories']],
      [
        `missing.${enc('cover')}`,
        ['A Wizard of Earthsea', 'Dune', 'Fellowship of the Ring', 'Zebra Stories', 'Émile, or On Education'],
      ],
      [`ebooks.${enc('ebook')}`, ['A Wizard of Earthsea']],
      [
        `ebooks.${enc('no-ebook')}`,
        ['Dune', 'Fellowship of the Ring', 'The Hobbit', 'Zebra Stories', 'Émile, or On Education'],
      ],
      [`ebooks.${enc('supplementary')}`, []],
      [`tracks.${enc('none')}`, ['A Wizard of Earthsea']],
      [`tracks.${enc('single')}`, ['Fellowship of the Ring', 'Zebra Stories']],
      [`tracks.${enc('multi')}`, ['Dune', 'The Hobbit', 'Émile, or On Education']],
      ['abridged', ['A Wizard of Earthsea']],
      ['explicit', ['Dune']],
      ['issues', ['Zebra Stories']],
      ['feed-open', []],
      ['share-open', []],
      [
        'all',
        [
          'A Wizard of Earthsea',
          'Dune',
          'Fellowship of the Ring',
          'The Hobbit',
          'Zebra Stories',
          'Émile, or On Education',
        ],
      ],
    ]
    for (const [filter, expected] of cases) {
      const body = await items(`filter=${filter}`)
      expect([filter, body.results.map((r) => r.media.metadata.title)]).toEqual([filter, expected])
      expect([filter, body.total]).toEqual([filter, expected.length])
      expect(body.filterBy).toBe(decodeURIComponent(filter))
    }
  })

  it('combines a filter with every sort', async () => {
    for (const sort of [
      'media.metadata.title',
      'media.metadata.authorName',
      'addedAt',
      'size',
      'progress',
      'random',
      'media.numTracks',
      'media.duration',
    ]) {
      const got = await titles(`sort=${sort}&filter=genres.${enc('Fantasy')}`)
      expect([sort, [...got].sort()]).toEqual([
        sort,
        ['A Wizard of Earthsea', 'Fellowship of the Ring', 'The Hobbit'],
      ])
    }
  })

  it('finds the supplementary ebooks named in library files', async () => {
    const id = await s.fx.item(s.books, {
      title: 'Extras Book',
      libraryFiles: [
        {
          ino: '77',
          metadata: {
            filename: 'extra.pdf',
            ext: '.pdf',
            path: '/x/extra.pdf',
            relPath: 'extra.pdf',
            size: 1,
            mtimeMs: 0,
            ctimeMs: 0,
            birthtimeMs: 0,
          },
          isSupplementary: true,
          addedAt: 0,
          updatedAt: 0,
          fileType: 'ebook',
        },
      ],
    })
    expect(await titles(`filter=ebooks.${enc('supplementary')}`)).toEqual(['Extras Book'])
    await s.t.ctx.database.db.deleteFrom('library_items').where('id', '=', id).execute()
  })

  it('answers 400 for hostile filters, never 500', async () => {
    for (const filter of [
      'genres.%25%25%25', // "%%%" after one decoding
      'genres.!!!!',
      `genres.${encodeURIComponent('/w==')}`, // not UTF-8
      'genres.',
      'genres',
      'nosuchgroup.YQ==',
      'progress.' + enc('half-done'),
      'missing.' + enc('everything'),
      'publishedDecades.' + enc('nineties'),
      'tracks.' + enc('many'),
      'authors.' + 'A'.repeat(1900),
    ]) {
      const res = await s.get(`/api/libraries/${s.books}/items?filter=${filter}`)
      expect([filter, res.status]).toEqual([filter, 400])
      expect(res.text).toMatch(/filter|Invalid|Too big/i)
    }
    // A well-formed value nothing matches is simply empty.
    expect((await items(`filter=authors.${enc('no-such-author')}`)).total).toBe(0)
    expect((await items(`filter=genres.${enc("'); DROP TABLE library_items; --")}`)).total).toBe(0)
  })

  it('pages with limit and page, keeps the total, clamps limits', async () => {
    const all = await titles('')
    const pages = [
      await items('limit=2&page=0'),
      await items('limit=2&page=1'),
      await items('limit=2&page=2'),
      await items('limit=2&page=3'),
    ]
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6, 6])
    expect(pages.map((p) => p.offset)).toEqual([0, 2, 4, 6])
    expect(pages.flatMap((p) => p.results.map((r) => r.media.metadata.title))).toEqual(all)
    expect((await items('limit=0')).results).toHaveLength(6)
    expect((await items('limit=0')).limit).toBe(1000)
    expect((await items('limit=1000000000')).limit).toBe(1000)
    for (const q of ['limit=-1', 'page=-1', 'limit=abc', 'page=1.5', 'limit=1e400', 'desc=yes'])
      expect([q, await status(q)]).toEqual([q, 400])
    expect((await items('limit=5&page=1000000')).results).toEqual([])
  })

  it('collapses series into one entry each', async () => {
    const body = await items('collapseseries=1')
    expect(body.collapseseries).toBe(true)
    expect(body.total).toBe(5) // 3 standalone books + Middle Earth + Earthsea
    const entries = body.results.map((r) => [
      r.media.metadata.title,
      r.collapsedSeries?.name ?? null,
      r.collapsedSeries?.numBooks ?? null,
    ])
    expect(entries).toEqual([
      ['Dune', null, null],
      ['A Wizard of Earthsea', 'Earthsea', 1],
      ['The Hobbit', 'Middle Earth', 2],
      ['Zebra Stories', null, null],
      ['Émile, or On Education', null, null],
    ])
    const middleEarth = body.results.find((r) => r.collapsedSeries?.name === 'Middle Earth')
    expect(middleEarth?.collapsedSeries).toMatchObject({
      sequence: '1',
      libraryItemIds: [s.id.hobbit, s.id.fellowship],
      nameIgnorePrefix: 'Middle Earth',
    })
    // Other sorts place a series by its first book.
    const byAdded = await items('collapseseries=1&sort=addedAt&desc=1')
    expect(byAdded.results.map((r) => r.media.metadata.title)).toEqual([
      'Émile, or On Education',
      'Zebra Stories',
      'Dune',
      'A Wizard of Earthsea',
      'The Hobbit',
    ])
    // With a filter only matching books count, and paging works across the merged streams.
    const fantasy = await items(`collapseseries=1&filter=genres.${enc('Fantasy')}`)
    expect(fantasy.results.map((r) => [r.media.metadata.title, r.collapsedSeries?.numBooks])).toEqual([
      ['A Wizard of Earthsea', 1],
      ['The Hobbit', 2],
    ])
    const page2 = await items('collapseseries=1&limit=2&page=1')
    expect(page2.total).toBe(5)
    expect(page2.results.map((r) => r.media.metadata.title)).toEqual(['The Hobbit', 'Zebra Stories'])
    // A series filter shows the books themselves.
    const series = await s.fx.seriesIdByName(s.books, 'Middle Earth')
    expect((await items(`collapseseries=1&filter=series.${enc(series)}`)).collapseseries).toBe(false)
  })

  it('answers minified items with or without minified=1 (as Audiobookshelf), with include fields', async () => {
    const full = await s.get<LibraryItemsResponse>(
      `/api/libraries/${s.books}/items?limit=1&include=rssfeed,share`,
    )
    expect(full.body.minified).toBe(false)
    expect(full.body.include).toBe('rssfeed,share')
    const item = full.body.results[0] as Record<string, unknown>
    expect(item).not.toHaveProperty('libraryFiles')
    expect(item).toHaveProperty('numFiles')
    expect(item.media).not.toHaveProperty('audioFiles')
    expect(item.media).toHaveProperty('numTracks')
    expect(item.rssFeed).toBeNull()
    expect(item.mediaItemShare).toBeNull()
    const min = (await items('limit=1')).results[0] as Record<string, unknown>
    expect(min).not.toHaveProperty('libraryFiles')
    expect(Object.keys(min).sort()).toEqual(
      Object.keys(item)
        .filter((k) => k !== 'rssFeed' && k !== 'mediaItemShare')
        .sort(),
    )
    const collapsed = (await s.get<LibraryItemsResponse>(`/api/libraries/${s.books}/items?collapseseries=1`))
      .body.results
    expect(collapsed.every((r) => !('libraryFiles' in r))).toBe(true)
  })

  it('lists podcasts with their episode counts', async () => {
    const body = (
      await s.get<LibraryItemsResponse>(
        `/api/libraries/${s.podcasts}/items?minified=1&sort=media.numTracks&desc=1`,
      )
    ).body
    expect(body.mediaType).toBe('podcast')
    expect(
      body.results.map((r) => [
        r.media.metadata.title,
        r.mediaType === 'podcast' ? r.media.numEpisodes : null,
      ]),
    ).toEqual([
      ['My Show', 2],
      ['The Late Talk', 1],
    ])
  })

  describe('access', () => {
    let tokenOf: (permissions: Record<string, unknown>, extra?: Record<string, unknown>) => Promise<string>
    let n = 0
    beforeAll(() => {
      tokenOf = async (permissions, extra = {}) => {
        const username = `reader${++n}`
        await s.t.createUser(s.root.accessToken, { username, password: 'pw', permissions, ...extra })
        return (await s.t.login(username, 'pw')).accessToken
      }
    })

    it('hides libraries the user cannot open: 404 like a missing one', async () => {
      const token = await tokenOf({ accessAllLibraries: false }, { librariesAccessible: [s.podcasts] })
      const res = await s.get(`/api/libraries/${s.books}/items`, token)
      expect(res.status).toBe(404)
      expect(res.text).toBe((await s.get('/api/libraries/nope/items', token)).text)
      expect((await s.get(`/api/libraries/${s.podcasts}/items`, token)).status).toBe(200)
    })

    it('applies tag allow and deny lists and the explicit-content permission to items and totals', async () => {
      const allow = await tokenOf({ accessAllTags: false }, { itemTagsSelected: ['classic'] })
      expect(await titles('', allow)).toEqual(['Fellowship of the Ring', 'The Hobbit'])
      expect((await items('limit=1', allow)).total).toBe(2)
      expect(await titles(`filter=tags.${enc('epic')}`, allow)).toEqual(['Fellowship of the Ring'])
      expect(
        (await items('collapseseries=1', allow)).results.map((r) => r.collapsedSeries?.libraryItemIds),
      ).toEqual([[s.id.hobbit, s.id.fellowship]])

      const deny = await tokenOf(
        { accessAllTags: false, selectedTagsNotAccessible: true },
        { itemTagsSelected: ['EPIC'] },
      )
      expect(await titles('', deny)).toEqual([
        'A Wizard of Earthsea',
        'The Hobbit',
        'Zebra Stories',
        'Émile, or On Education',
      ])

      const noExplicit = await tokenOf({ accessExplicitContent: false })
      expect(await titles('', noExplicit)).not.toContain('Dune')
      expect((await items('limit=1', noExplicit)).total).toBe(5)
      expect((await items(`limit=1&filter=genres.${enc('Science Fiction')}`, noExplicit)).total).toBe(0)
      expect((await items('explicit', noExplicit)).total).toBe(5)
      expect((await items('filter=explicit', noExplicit)).total).toBe(0)
    })
  })
})

describe('GET /api/libraries/:id/items?include=numEpisodesIncomplete (ShelfPlayer)', () => {
  let s: BrowseScenario
  beforeAll(async () => {
    s = await createBrowseScenario()
  })
  afterAll(() => s.t.close())

  const counts = async (libraryId: string) => {
    const res = await s.get<LibraryItemsResponse>(
      `/api/libraries/${libraryId}/items?include=numEpisodesIncomplete`,
    )
    return Object.fromEntries(
      res.body.results.map((r) => [
        r.media.metadata.title,
        (r as { numEpisodesIncomplete?: number }).numEpisodesIncomplete,
      ]),
    )
  }

  it("counts each podcast's episodes the caller has not finished, and follows their progress", async () => {
    expect(await counts(s.podcasts)).toEqual({ 'My Show': 2, 'The Late Talk': 1 })
    const [first, second] = await s.fx.episodeIds(s.id.show)
    const finish = (episodeId: string | undefined, isFinished: boolean) =>
      s.t.call('PATCH', `/api/me/progress/${s.id.show}/${episodeId}`, s.root.accessToken, { isFinished })
    expect((await finish(first, true)).statusCode).toBe(200)
    expect((await finish(second, false)).statusCode).toBe(200)
    expect(await counts(s.podcasts)).toEqual({ 'My Show': 1, 'The Late Talk': 1 })
  })

  it('leaves books without it', async () => {
    expect(Object.values(await counts(s.books)).every((n) => n === undefined)).toBe(true)
  })
})
