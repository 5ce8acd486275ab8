import type { Shelf } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'

describe('GET /api/libraries/:id/personalized', () => {
  let s: BrowseScenario
  let twoTowers: string
  beforeAll(async () => {
    s = await createBrowseScenario()
    twoTowers = await s.fx.item(s.books, {
      title: 'The Two Towers',
      authors: ['J. R. R. Tolkien'],
      series: [{ name: 'Middle Earth', sequence: '3' }],
    })
    const userId = s.root.user.id
    await s.fx.progress({ userId, itemId: s.id.hobbit, isFinished: true, lastUpdate: 100, finishedAt: 100 })
    await s.fx.progress({ userId, itemId: s.id.dune, currentTime: 300, lastUpdate: 300 })
    await s.fx.progress({
      userId,
      itemId: s.id.emile,
      currentTime: 50,
      lastUpdate: 200,
      hideFromContinueListening: true,
    })
    await s.fx.progress({ userId, itemId: s.id.earthsea, ebookProgress: 0.5, lastUpdate: 250 })
  })
  afterAll(() => s.t.close())

  const shelves = async (lib: string, token?: string) => {
    const res = await s.get<Shelf[]>(`/api/libraries/${lib}/personalized?limit=10`, token)
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
    return new Map(res.body.map((sh) => [sh.id, sh]))
  }
  const titles = (sh: Shelf | undefined) =>
    (sh?.entities ?? []).map((e) =>
      'media' in e ? (e.media.metadata as { title?: string }).title : 'name' in e ? e.name : '',
    )

  it('builds the book shelves, leaving empty ones out', async () => {
    const m = await shelves(s.books)
    expect([...m.keys()]).toEqual([
      'continue-listening',
      'continue-reading',
      'continue-series',
      'recently-added',
      'recent-series',
      'discover',
      'listen-again',
      'newest-authors',
    ])
    const cl = m.get('continue-listening')
    expect(cl).toMatchObject({
      label: 'Continue Listening',
      labelStringKey: 'LabelContinueListening',
      type: 'book',
      total: 1,
    })
    expect(titles(cl)).toEqual(['Dune']) // Émile is hidden from continue listening
    expect(titles(m.get('continue-reading'))).toEqual(['A Wizard of Earthsea'])
    // Hobbit finished, Fellowship not started: Fellowship is next.
    expect(titles(m.get('continue-series'))).toEqual(['Fellowship of the Ring'])
    expect(titles(m.get('recently-added'))[0]).toBe('The Two Towers')
    expect(m.get('recently-added')?.total).toBe(7)
    const rs = m.get('recent-series')
    expect(rs?.type).toBe('series')
    expect(titles(rs)).toEqual(['Middle Earth', 'Earthsea'])
    const discover = titles(m.get('discover'))
    expect([...discover].sort()).toEqual(['Fellowship of the Ring', 'The Two Towers', 'Zebra Stories'])
    expect(titles(m.get('listen-again'))).toEqual(['The Hobbit'])
    expect(m.get('newest-authors')?.type).toBe('authors')
    expect(titles(m.get('newest-authors'))[0]).toBe('Jean-Jacques Rousseau')
    expect(twoTowers).toBeTruthy()
  })

  it("answers Audiobookshelf's entities: minified items, series without counts, authors without lastFirst", async () => {
    const m = await shelves(s.books)
    expect(m.get('continue-listening')?.entities[0]).not.toHaveProperty('progressLastUpdate')
    expect(Object.keys(m.get('recent-series')?.entities[0] ?? {})).toEqual([
      'id',
      'name',
      'nameIgnorePrefix',
      'description',
      'addedAt',
      'updatedAt',
      'libraryId',
      'books',
    ])
    const series = m.get('recent-series')?.entities[0] as { books: object[] } | undefined
    expect(series?.books.filter((b) => 'sequence' in b)).toEqual([])
    expect(Object.keys(m.get('newest-authors')?.entities[0] ?? {}).sort()).toEqual([
      'addedAt',
      'asin',
      'description',
      'id',
      'imagePath',
      'libraryId',
      'name',
      'numBooks',
      'updatedAt',
    ])
  })

  it('continue series honours "only later books" and hidden series', async () => {
    await s.t.call('PATCH', `/api/libraries/${s.books}`, s.root.accessToken, {
      settings: { onlyShowLaterBooksInContinueSeries: true },
    })
    // Finish book 2 while book 1 is unfinished: only book 3 may come next.
    await s.t.ctx.database.db
      .deleteFrom('media_progress')
      .where('library_item_id', '=', s.id.hobbit)
      .execute()
    await s.fx.progress({
      userId: s.root.user.id,
      itemId: s.id.fellowship,
      isFinished: true,
      lastUpdate: 400,
    })
    expect(titles((await shelves(s.books)).get('continue-series'))).toEqual(['The Two Towers'])
    await s.t.call('PATCH', `/api/libraries/${s.books}`, s.root.accessToken, {
      settings: { onlyShowLaterBooksInContinueSeries: false },
    })
    expect(titles((await shelves(s.books)).get('continue-series'))).toEqual(['The Hobbit'])
  })

  it('builds the podcast shelves', async () => {
    const [first] = await s.fx.episodeIds(s.id.show)
    await s.fx.progress({
      userId: s.root.user.id,
      itemId: s.id.show,
      episodeId: first,
      currentTime: 30,
      lastUpdate: 500,
    })
    const m = await shelves(s.podcasts)
    expect([...m.keys()]).toEqual(['continue-listening', 'newest-episodes', 'recently-added'])
    const cl = m.get('continue-listening')
    expect(cl?.type).toBe('episode')
    expect(cl?.entities.map((e) => ('recentEpisode' in e ? e.recentEpisode?.title : null))).toEqual([
      'First Episode',
    ])
    expect(
      m.get('newest-episodes')?.entities.map((e) => ('recentEpisode' in e ? e.recentEpisode?.title : null)),
    ).toEqual(['Second Episode about Dragons', 'First Episode', 'Pilot'])
    expect(m.get('recently-added')?.type).toBe('podcast')
  })

  it('shows only what the user may see; 404 without library access; limits are bounded', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'noexplicit',
      password: 'pw',
      permissions: { accessExplicitContent: false },
    })
    const token = (await s.t.login('noexplicit', 'pw')).accessToken
    const m = await shelves(s.podcasts, token)
    expect(
      m.get('newest-episodes')?.entities.map((e) => ('recentEpisode' in e ? e.recentEpisode?.title : null)),
    ).toEqual(['Second Episode about Dragons', 'First Episode'])
    expect(titles((await shelves(s.books, token)).get('recently-added'))).not.toContain('Dune')
    await s.t.createUser(s.root.accessToken, {
      username: 'none',
      password: 'pw',
      permissions: { accessAllLibraries: false },
    })
    expect(
      (await s.get(`/api/libraries/${s.books}/personalized`, (await s.t.login('none', 'pw')).accessToken))
        .status,
    ).toBe(404)
    for (const q of ['limit=0', 'limit=1000', 'limit=x'])
      expect((await s.get(`/api/libraries/${s.books}/personalized?${q}`)).status).toBe(400)
  })
})
