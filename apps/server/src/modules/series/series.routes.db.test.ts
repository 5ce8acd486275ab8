import type { SeriesDetail, SeriesListResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, enc, type BrowseScenario } from '../../test-support/browse-scenario.ts'

describe('series routes', () => {
  let s: BrowseScenario
  let middleEarth: string
  let earthsea: string
  beforeAll(async () => {
    s = await createBrowseScenario()
    middleEarth = await s.fx.seriesIdByName(s.books, 'Middle Earth')
    earthsea = await s.fx.seriesIdByName(s.books, 'Earthsea')
    await s.fx.item(s.books, {
      title: 'The Two Towers',
      series: [{ name: 'Middle Earth', sequence: '3' }],
      duration: 50000,
      genres: ['Epic Fantasy'],
    })
    await s.fx.item(s.books, { title: 'Unnumbered Tale', series: [{ name: 'Middle Earth' }], duration: 10 })
  })
  afterAll(() => s.t.close())

  const list = async (query = '', token?: string) => {
    const res = await s.get<SeriesListResponse>(`/api/libraries/${s.books}/series?${query}`, token)
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
    return res.body
  }

  it('lists series as Audiobookshelf does: its series keys and the books minified in sequence order, nothing else', async () => {
    const body = await list('limit=10')
    expect(body).toMatchObject({ total: 2, limit: 10, page: 0, sortDesc: false })
    expect(body).not.toHaveProperty('offset')
    const me = body.results.find((r) => r.id === middleEarth)
    expect(me?.books.map((b) => b.media.metadata.title)).toEqual([
      'The Hobbit',
      'Fellowship of the Ring',
      'The Two Towers',
      'Unnumbered Tale',
    ])
    expect(Object.keys(me ?? {})).toEqual([
      'id',
      'name',
      'nameIgnorePrefix',
      'description',
      'addedAt',
      'updatedAt',
      'libraryId',
      'books',
    ])
    expect(me?.books[0]).not.toHaveProperty('sequence')
    const withFeed = await list('limit=10&include=rssfeed')
    expect(withFeed.results.find((r) => r.id === middleEarth)).toHaveProperty('rssFeed', null)
  })

  it('sorts by every allowed key and refuses others', async () => {
    const names = async (q: string) => (await list(q)).results.map((r) => r.name)
    expect(await names('sort=name')).toEqual(['Earthsea', 'Middle Earth'])
    expect(await names('sort=name&desc=1')).toEqual(['Middle Earth', 'Earthsea'])
    expect(await names('sort=numBooks&desc=1')).toEqual(['Middle Earth', 'Earthsea'])
    expect(await names('sort=totalDuration')).toEqual(['Earthsea', 'Middle Earth'])
    expect(await names('sort=lastBookAdded&desc=1')).toEqual(['Middle Earth', 'Earthsea'])
    expect(await names('sort=lastBookUpdated&desc=1')).toEqual(['Middle Earth', 'Earthsea'])
    expect((await names('sort=addedAt')).sort()).toEqual(['Earthsea', 'Middle Earth'])
    expect((await s.get(`/api/libraries/${s.books}/series?sort=id`)).status).toBe(400)
    expect((await s.get(`/api/libraries/${s.books}/series?filter=nope.x`)).status).toBe(400)
    expect((await s.get(`/api/libraries/${s.books}/series?limit=-2`)).status).toBe(400)
  })

  it('filters series through their books and pages', async () => {
    expect((await list(`filter=tags.${enc('kids')}`)).results.map((r) => r.name)).toEqual(['Earthsea'])
    expect((await list(`filter=genres.${enc('Epic Fantasy')}`)).results.map((r) => r.name)).toEqual([
      'Middle Earth',
    ])
    expect((await list(`filter=genres.${enc('Science Fiction')}`)).total).toBe(0)
    const p1 = await list('limit=1&page=1')
    expect([p1.total, p1.results.map((r) => r.name)]).toEqual([2, ['Middle Earth']])
  })

  it('hides single-book series when the library says so', async () => {
    await s.t.call('PATCH', `/api/libraries/${s.books}`, s.root.accessToken, {
      settings: { hideSingleBookSeries: true },
    })
    expect((await list()).results.map((r) => r.name)).toEqual(['Middle Earth'])
    await s.t.call('PATCH', `/api/libraries/${s.books}`, s.root.accessToken, {
      settings: { hideSingleBookSeries: false },
    })
  })

  it('GET one series by both routes, with progress on request', async () => {
    await s.fx.progress({ userId: s.root.user.id, itemId: s.id.hobbit, isFinished: true })
    const a = await s.get<SeriesDetail>(`/api/series/${middleEarth}?include=progress`)
    expect(a.status).toBe(200)
    expect(a.body.books.map((b) => b.media.metadata.title)).toEqual([
      'The Hobbit',
      'Fellowship of the Ring',
      'The Two Towers',
      'Unnumbered Tale',
    ])
    expect(a.body.progress).toMatchObject({ libraryItemIdsFinished: [s.id.hobbit], isFinished: false })
    const b = await s.get<SeriesDetail>(`/api/libraries/${s.books}/series/${earthsea}`)
    expect(b.body.name).toBe('Earthsea')
    expect((await s.get(`/api/libraries/${s.podcasts}/series/${earthsea}`)).status).toBe(404)
    expect((await s.get('/api/series/nope')).status).toBe(404)
  })

  it('answers 404 for series of inaccessible libraries or without a visible book', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'none',
      password: 'pw',
      permissions: { accessAllLibraries: false },
    })
    const none = (await s.t.login('none', 'pw')).accessToken
    await s.t.createUser(s.root.accessToken, {
      username: 'kids',
      password: 'pw',
      permissions: { accessAllTags: false },
      itemTagsSelected: ['kids'],
    })
    const kids = (await s.t.login('kids', 'pw')).accessToken
    expect((await s.get(`/api/series/${middleEarth}`, none)).status).toBe(404)
    expect((await s.get(`/api/libraries/${s.books}/series`, none)).status).toBe(404)
    expect((await s.get(`/api/series/${middleEarth}`, kids)).status).toBe(404)
    expect((await s.get(`/api/series/${earthsea}`, kids)).status).toBe(200)
    expect((await list('', kids)).results.map((r) => [r.name, r.books.length])).toEqual([['Earthsea', 1]])
  })
})
