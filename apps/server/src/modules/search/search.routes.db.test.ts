import type { SearchResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'
import { ftsQuery, searchTokens } from './search-text.ts'

describe('GET /api/libraries/:id/search', () => {
  let s: BrowseScenario
  beforeAll(async () => {
    s = await createBrowseScenario()
  })
  afterAll(() => s.t.close())

  const search = async (lib: string, q: string, token?: string) => {
    const res = await s.get<SearchResponse>(
      `/api/libraries/${lib}/search?q=${encodeURIComponent(q)}&limit=5`,
      token,
    )
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
    return res.body
  }
  const titles = (r: SearchResponse, key: 'book' | 'podcast' = 'book') =>
    (r[key] ?? []).map((h) => h.libraryItem.media.metadata.title)

  it('matches word prefixes across fields; a hit is its item alone, as in Audiobookshelf', async () => {
    const r = await search(s.books, 'hob')
    expect(titles(r)).toEqual(['The Hobbit'])
    expect(Object.keys(r.book?.[0] ?? {})).toEqual(['libraryItem'])
    // Audiobookshelf's keys for a book library, in its order: no podcast or episode groups.
    expect(Object.keys(r)).toEqual(['book', 'narrators', 'tags', 'genres', 'series', 'authors'])
    const byAuthor = await search(s.books, 'tolk')
    expect(titles(byAuthor).sort()).toEqual(['Fellowship of the Ring', 'The Hobbit'])
    expect(byAuthor.authors?.map((a) => [a.name, a.numBooks])).toEqual([['J. R. R. Tolkien', 2]])
    expect((await search(s.books, 'middle ear')).series?.map((x) => [x.series.name, x.books.length])).toEqual(
      [['Middle Earth', 2]],
    )
    expect((await search(s.books, 'rob')).narrators).toEqual([{ name: 'Rob Inglis', numBooks: 2 }])
    expect((await search(s.books, 'epi')).tags).toEqual([{ name: 'epic', numItems: 2 }])
    expect((await search(s.books, 'fanta')).genres).toEqual([{ name: 'Fantasy', numItems: 3 }])
    expect(titles(await search(s.books, '9780261103344'))).toEqual(['The Hobbit'])
  })

  it("answers Audiobookshelf's forms: expanded book hits and full series books; minified hits on request", async () => {
    const r = await search(s.books, 'middle ear')
    const book = (await search(s.books, 'hob')).book?.[0]?.libraryItem
    expect(book).toHaveProperty('media.tracks')
    expect(book).toHaveProperty('libraryFiles')
    expect(r.series?.[0]?.books[0]).toHaveProperty('libraryFiles')
    expect(r.series?.[0]?.books[0]).not.toHaveProperty('numFiles')
    const lean = await s.get<SearchResponse>(`/api/libraries/${s.books}/search?q=hob&minified=1`)
    expect(lean.body.book?.[0]?.libraryItem).toHaveProperty('numFiles')
    expect(lean.body.book?.[0]?.libraryItem).not.toHaveProperty('libraryFiles')
  })

  it('folds diacritics both ways', async () => {
    expect(titles(await search(s.books, 'emile'))).toEqual(['Émile, or On Education'])
    expect(titles(await search(s.books, 'ÉMILE'))).toEqual(['Émile, or On Education'])
    expect((await search(s.books, 'emile narr')).narrators).toEqual([{ name: 'Émile Narrator', numBooks: 1 }])
  })

  it('never lets query text become FTS syntax: hostile input is empty or a plain match, never 500', async () => {
    for (const q of [
      '"',
      '*',
      'NEAR(',
      ')',
      '(',
      'hob"',
      '"hob',
      'a OR',
      'OR',
      'AND',
      'NOT hob',
      '^hob',
      'title:hob',
      '{title}: x',
      "'; DROP TABLE items_fts; --",
      '\u0000',
      '-',
      '+',
      'hob*)',
      'x'.repeat(400),
      '🙂',
      '   ',
    ]) {
      const res = await s.get<SearchResponse>(`/api/libraries/${s.books}/search?q=${encodeURIComponent(q)}`)
      expect([q, res.status]).toEqual([q, 200])
    }
    expect(titles(await search(s.books, 'hob"'))).toEqual(['The Hobbit'])
    expect(titles(await search(s.books, 'NOT hob'))).toEqual([]) // "not" and "hob" are both required words
    expect((await s.get(`/api/libraries/${s.books}/search?q=${'x'.repeat(600)}`)).status).toBe(400)
    expect((await s.get(`/api/libraries/${s.books}/search?q=a&limit=0`)).status).toBe(400)
    expect(titles(await search(s.books, ''))).toEqual([])
  })

  it('builds safe MATCH expressions', () => {
    expect(searchTokens('NEAR("x" * y) Ünïcode')).toEqual(['near', 'x', 'y', 'unicode'])
    expect(ftsQuery(['a', 'b'])).toBe('"a"* AND "b"*')
    expect(ftsQuery(['a'], 'authors')).toBe('authors : ("a"*)')
    expect(searchTokens('a b c d e f g h i j k')).toHaveLength(8)
  })

  it('searches podcasts and their episodes', async () => {
    const r = await search(s.podcasts, 'show')
    expect(titles(r, 'podcast')).toEqual(['My Show'])
    // Audiobookshelf's keys for a podcast library, in its order: no book-library groups.
    expect(Object.keys(r)).toEqual(['podcast', 'tags', 'genres', 'episodes'])
    const eps = await search(s.podcasts, 'dragons')
    expect(
      eps.episodes?.map((e) => [
        Object.keys(e),
        e.libraryItem.recentEpisode.title,
        e.libraryItem.media.metadata.title,
      ]),
    ).toEqual([[['libraryItem'], 'Second Episode about Dragons', 'My Show']])
    expect((await search(s.podcasts, 'talk')).genres).toEqual([{ name: 'Talk', numItems: 2 }])
  })

  it('only finds what the user may see', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'noexplicit',
      password: 'pw',
      permissions: { accessExplicitContent: false },
    })
    const token = (await s.t.login('noexplicit', 'pw')).accessToken
    const r = await search(s.books, 'dune', token)
    expect(r.book).toEqual([])
    expect((await search(s.books, 'herbert', token)).authors).toEqual([])
    expect((await search(s.books, 'scott', token)).narrators).toEqual([])
    expect((await search(s.books, 'epic', token)).tags).toEqual([{ name: 'epic', numItems: 1 }])
    expect((await search(s.podcasts, 'pilot', token)).episodes).toEqual([])
    await s.t.createUser(s.root.accessToken, {
      username: 'none',
      password: 'pw',
      permissions: { accessAllLibraries: false },
    })
    expect(
      (await s.get(`/api/libraries/${s.books}/search?q=hob`, (await s.t.login('none', 'pw')).accessToken))
        .status,
    ).toBe(404)
  })
})
