import type { FilterData, LibraryWithFilterData } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'
import { decadesOf } from './filter-data.service.ts'

describe('filter data', () => {
  let s: BrowseScenario
  beforeAll(async () => {
    s = await createBrowseScenario()
  })
  afterAll(() => s.t.close())

  it('GET /api/libraries/:id?include=filterdata answers every value of the library', async () => {
    const res = await s.get<LibraryWithFilterData>(`/api/libraries/${s.books}?include=filterdata`)
    expect(res.status).toBe(200)
    const f = res.body.filterdata
    expect(f.authors.map((a) => a.name)).toEqual([
      'Frank Herbert',
      'J. R. R. Tolkien',
      'Jean-Jacques Rousseau',
      'Ursula K. Le Guin',
    ])
    expect(f.series.map((x) => x.name)).toEqual(['Earthsea', 'Middle Earth'])
    expect(f.genres).toEqual(['Fantasy', 'Philosophy', 'Science Fiction'])
    expect(f.tags).toEqual(['classic', 'epic', 'kids'])
    expect(f.narrators).toEqual(['Rob Inglis', 'Scott Brick', 'Simon Vance', 'Émile Narrator'])
    expect(f.publishers).toEqual(['Allen & Unwin', 'Chilton'])
    expect(f.publishedDecades).toEqual(['1760', '1930', '1950', '1960'])
    expect(f.languages).toEqual(['English', 'French', 'German'])
    expect(f).toMatchObject({ bookCount: 6, podcastCount: 0, authorCount: 4, seriesCount: 2, numIssues: 1 })
    expect(res.body.issues).toBe(1)
    expect(res.body.numUserPlaylists).toBe(0)
    expect(res.body.library.id).toBe(s.books)
    const only = await s.get<FilterData>(`/api/libraries/${s.books}/filterdata`)
    expect({ ...only.body, loadedAt: 0 }).toEqual({ ...f, loadedAt: 0 })
  })

  it("answers from the answer cache until a write, keyed on the number of the user's playlists", async () => {
    const made = vi.spyOn(s.t.ctx.libraries, 'getWithFilterDataJson')
    const url = `/api/libraries/${s.books}?include=filterdata`
    const res = await s.t.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { authorization: `Bearer ${s.root.accessToken}` },
      payload: { libraryId: s.books, name: 'Mine', items: [{ libraryItemId: s.id.hobbit }] },
    })
    expect(res.statusCode).toBe(200)
    const first = await s.get<LibraryWithFilterData>(url)
    expect(first.body.numUserPlaylists).toBe(1)
    const again = await s.get<LibraryWithFilterData>(url)
    expect(again.text).toBe(first.text)
    expect(made).toHaveBeenCalledTimes(1)

    // Users who see the same items and have as many playlists share one answer.
    await s.t.createUser(s.root.accessToken, { username: 'reader', password: 'pw' })
    await s.t.createUser(s.root.accessToken, { username: 'listener', password: 'pw' })
    const reader = await s.get<LibraryWithFilterData>(url, (await s.t.login('reader', 'pw')).accessToken)
    expect(reader.body.numUserPlaylists).toBe(0)
    expect(reader.body.filterdata.authors).toEqual(first.body.filterdata.authors)
    const listener = await s.get<LibraryWithFilterData>(url, (await s.t.login('listener', 'pw')).accessToken)
    expect(listener.text).toBe(reader.text)
    expect(made).toHaveBeenCalledTimes(2)
    made.mockRestore()
  })

  it('counts podcasts in podcast libraries', async () => {
    const f = (await s.get<FilterData>(`/api/libraries/${s.podcasts}/filterdata`)).body
    expect(f).toMatchObject({
      podcastCount: 2,
      bookCount: 0,
      genres: ['Comedy', 'Talk'],
      tags: ['weekly'],
      authors: [],
    })
  })

  it('follows writes at once (the cache is dropped by any write)', async () => {
    const id = await s.fx.item(s.books, { title: 'New', genres: ['Horror'], authors: ['New Author'] })
    const f = (await s.get<FilterData>(`/api/libraries/${s.books}/filterdata`)).body
    expect(f.genres).toContain('Horror')
    expect(f.authors.map((a) => a.name)).toContain('New Author')
    await s.t.ctx.database.db.deleteFrom('library_items').where('id', '=', id).execute()
    expect((await s.get<FilterData>(`/api/libraries/${s.books}/filterdata`)).body.genres).not.toContain(
      'Horror',
    )
  })

  it('shows a restricted user only the values of items they may see', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'kid',
      password: 'pw',
      permissions: { accessAllTags: false, accessExplicitContent: false },
      itemTagsSelected: ['kids', 'epic'],
    })
    const token = (await s.t.login('kid', 'pw')).accessToken
    const f = (await s.get<FilterData>(`/api/libraries/${s.books}/filterdata`, token)).body
    // Earthsea (kids) and Fellowship (epic); Dune is epic but explicit.
    expect(f.authors.map((a) => a.name)).toEqual(['J. R. R. Tolkien', 'Ursula K. Le Guin'])
    expect(f.tags).toEqual(['classic', 'epic', 'kids'])
    expect(f.genres).toEqual(['Fantasy'])
    expect(f.languages).toEqual(['English'])
    expect(f.bookCount).toBe(2)
    expect(f.numIssues).toBe(0)
  })

  it('GET /api/tags and /api/genres list every value of every library, for admins', async () => {
    expect((await s.get('/api/tags')).body).toEqual({ tags: ['classic', 'epic', 'kids', 'weekly'] })
    expect((await s.get('/api/genres')).body).toEqual({
      genres: ['Comedy', 'Fantasy', 'Philosophy', 'Science Fiction', 'Talk'],
    })
    await s.t.createUser(s.root.accessToken, { username: 'tags-reader', password: 'tags-reader-pw' })
    const reader = (await s.t.login('tags-reader', 'tags-reader-pw')).accessToken
    expect((await s.get('/api/tags', reader)).status).toBe(403)
  })

  it('turns years into decades', () => {
    expect(decadesOf(['1937', '1954-06', '2001', 'unknown', '999', '1999'])).toEqual([
      '1930',
      '1950',
      '1990',
      '2000',
    ])
  })

  it('is 404 for inaccessible libraries', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'none',
      password: 'pw',
      permissions: { accessAllLibraries: false },
    })
    const token = (await s.t.login('none', 'pw')).accessToken
    expect((await s.get(`/api/libraries/${s.books}/filterdata`, token)).status).toBe(404)
    expect((await s.get(`/api/libraries/${s.books}?include=filterdata`, token)).status).toBe(404)
  })
})
