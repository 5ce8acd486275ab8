import type { LibraryItemsResponse, SearchResponse, SeriesListResponse, Shelf } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, enc, type BrowseScenario } from '../test-support/browse-scenario.ts'

/** Every case reads an answer (so it is cached), writes, and expects the next answer to show the write. */
describe('cached answers follow every write', () => {
  let s: BrowseScenario
  beforeAll(async () => {
    s = await createBrowseScenario()
  })
  afterAll(() => s.t.close())

  const ok = async <T>(url: string, token?: string) => {
    const res = await s.get<T>(url, token)
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
    return res.body
  }
  const titles = (r: LibraryItemsResponse) =>
    r.results.map((i) => (i.media.metadata as { title?: string }).title)
  const page = (query = 'sort=media.metadata.title', token?: string) =>
    ok<LibraryItemsResponse>(`/api/libraries/${s.books}/items?${query}`, token)
  const shelf = async (id: string, token?: string) =>
    (await ok<Shelf[]>(`/api/libraries/${s.books}/personalized`, token))
      .find((sh) => sh.id === id)
      ?.entities.map((e) => e.id) ?? []

  it('serves a repeated call from the cache (same text) and a different query anew', async () => {
    const a = await s.get(`/api/libraries/${s.books}/items?sort=media.metadata.title`)
    const b = await s.get(`/api/libraries/${s.books}/items?sort=media.metadata.title`)
    expect(b.text).toBe(a.text)
    expect(a.text).toBe(JSON.stringify(a.body))
    const desc = await page('sort=media.metadata.title&desc=1')
    expect(titles(desc)).toEqual(titles(a.body as LibraryItemsResponse).toReversed())
  })

  it('an edited item or series shows in the next page and series list', async () => {
    expect(titles(await page())).toContain('Dune')
    const series = await ok<SeriesListResponse>(`/api/libraries/${s.books}/series`)
    await s.t.ctx.database.db
      .updateTable('library_items')
      .set({ title: 'Arrakis' })
      .where('id', '=', s.id.dune)
      .execute()
    expect(titles(await page())).not.toContain('Dune')
    await s.t.ctx.database.db
      .updateTable('series')
      .set({ name: 'Middle-earth' })
      .where('name', '=', 'Middle Earth')
      .execute()
    const after = await ok<SeriesListResponse>(`/api/libraries/${s.books}/series`)
    expect(after.results.map((r) => r.name)).not.toEqual(series.results.map((r) => r.name))
    expect(after.results.map((r) => r.name)).toContain('Middle-earth')
  })

  it('a new item shows in the next page, its total and search', async () => {
    const before = await page()
    const search = () => ok<SearchResponse>(`/api/libraries/${s.books}/search?q=brand`)
    expect((await search()).book).toEqual([])
    const id = await s.fx.item(s.books, { title: 'Brand New Book', authors: ['Someone New'] })
    const after = await page()
    expect(after.total).toBe(before.total + 1)
    expect(after.results.map((r) => r.id)).toContain(id)
    expect((await search()).book?.map((b) => b.libraryItem.id)).toEqual([id])
  })

  it('a progress sync moves the shelves and progress lists of that user only', async () => {
    const other = await s.t.createUser(s.root.accessToken, {
      username: 'reader',
      password: 'pw',
      permissions: { accessAllLibraries: true, accessAllTags: true, accessExplicitContent: true },
    })
    const otherToken = (await s.t.login('reader', 'pw')).accessToken
    expect(await shelf('continue-listening')).not.toContain(s.id.fellowship)
    const inProgress = () => page(`filter=progress.${enc('in-progress')}`)
    expect((await inProgress()).results.map((r) => r.id)).not.toContain(s.id.fellowship)
    const othersShelf = await shelf('continue-listening', otherToken)
    const res = await s.t.call('PATCH', `/api/me/progress/${s.id.fellowship}`, s.root.accessToken, {
      duration: 1000,
      currentTime: 100,
      progress: 0.1,
    })
    expect(res.statusCode).toBe(200)
    expect(await shelf('continue-listening')).toContain(s.id.fellowship)
    expect((await inProgress()).results.map((r) => r.id)).toContain(s.id.fellowship)
    expect(await shelf('continue-listening', otherToken)).toEqual(othersShelf)
    expect(other.id).not.toBe(s.root.user.id)
  })

  it("an opened item follows edits and the caller's own progress", async () => {
    type Item = { media: { metadata: { title: string } }; userMediaProgress?: { currentTime: number } }
    const item = (token?: string) =>
      ok<Item>(`/api/items/${s.id.earthsea}?expanded=1&include=progress`, token)
    const title = (await item()).media.metadata.title
    await s.t.ctx.database.db
      .updateTable('library_items')
      .set({ title: `${title} (edited)` })
      .where('id', '=', s.id.earthsea)
      .execute()
    expect((await item()).media.metadata.title).toBe(`${title} (edited)`)
    expect((await item()).userMediaProgress).toBeNull() // Audiobookshelf: null without progress
    const res = await s.t.call('PATCH', `/api/me/progress/${s.id.earthsea}`, s.root.accessToken, {
      duration: 1000,
      currentTime: 42,
      progress: 0.042,
    })
    expect(res.statusCode).toBe(200)
    expect((await item()).userMediaProgress?.currentTime).toBe(42)
  })

  it('a permission change changes the next answer of that user', async () => {
    const user = await s.t.createUser(s.root.accessToken, {
      username: 'kid',
      password: 'pw',
      permissions: { accessAllLibraries: true, accessAllTags: true, accessExplicitContent: true },
    })
    const token = (await s.t.login('kid', 'pw')).accessToken
    expect((await page(undefined, token)).results.map((r) => r.id)).toContain(s.id.dune)
    expect((await s.get(`/api/items/${s.id.dune}`, token)).status).toBe(200)
    const res = await s.t.call('PATCH', `/api/users/${user.id}`, s.root.accessToken, {
      permissions: { accessExplicitContent: false },
    })
    expect(res.statusCode).toBe(200)
    expect((await page(undefined, token)).results.map((r) => r.id)).not.toContain(s.id.dune)
    expect((await s.get(`/api/items/${s.id.dune}`, token)).status).toBe(404)
    // The administrator, who may see it, still does.
    expect((await page()).results.map((r) => r.id)).toContain(s.id.dune)
  })

  it('a server setting that changes the order changes the next page', async () => {
    const orderWith = async (sortingIgnorePrefix: boolean) => {
      expect(
        (await s.t.call('PATCH', '/api/settings', s.root.accessToken, { sortingIgnorePrefix })).statusCode,
      ).toBe(200)
      return titles(await page('sort=media.metadata.title'))
    }
    const ignoring = await orderWith(true)
    const plain = await orderWith(false)
    expect(plain).not.toEqual(ignoring)
    expect(await orderWith(true)).toEqual(ignoring)
  })
})
