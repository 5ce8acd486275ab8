import { describe, expect, it } from 'vitest'
import { fakeApiClient, fakeServer, json } from '@/test/fake-server.ts'
import { fetchCollectionsPage } from './api.ts'

const lists = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}` }))

describe('fetchCollectionsPage', () => {
  it('asks the server for one page, minified', async () => {
    const fake = fakeServer({
      'GET /api/libraries/a/collections': () => json({ results: lists(2), total: 12 }),
    })
    const page = await fetchCollectionsPage(fakeApiClient(fake.fetch), 'a', 1, 10)
    expect(page).toEqual({ results: lists(2), total: 12 })
    expect(new URLSearchParams(fake.requests[0]!.search).toString()).toBe('limit=10&page=1&minified=1')
  })

  it('pages through every list itself when the server ignores paging', async () => {
    const fake = fakeServer({ 'GET /api/libraries/a/collections': () => json({ results: lists(25) }) })
    const page = await fetchCollectionsPage(fakeApiClient(fake.fetch), 'a', 2, 10)
    expect(page.total).toBe(25)
    expect(page.results.map((c) => c.id)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24'])
  })
})
