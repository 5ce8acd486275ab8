import type { LibraryStats } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'

describe('GET /api/libraries/:id/stats', () => {
  let s: BrowseScenario
  beforeAll(async () => {
    s = await createBrowseScenario()
  })
  afterAll(() => s.t.close())

  it('answers totals and top lists', async () => {
    const r = (await s.get<LibraryStats>(`/api/libraries/${s.books}/stats`)).body
    expect(r).toMatchObject({
      totalItems: 6,
      totalAuthors: 4,
      totalGenres: 3,
      totalDuration: 40000 + 70000 + 0 + 75000 + 10 + 30000,
      totalSize: 3010,
      numAudioTracks: 17,
    })
    expect(r.longestItems[0]).toMatchObject({ title: 'Dune', duration: 75000 })
    expect(r.largestItems[0]).toMatchObject({ title: 'Dune', size: 1200 })
    expect(r.authorsWithCount[0]).toMatchObject({ name: 'J. R. R. Tolkien', count: 2 })
    expect(r.genresWithCount[0]).toEqual({ genre: 'Fantasy', count: 3 })
  })

  it('counts only what the user may see', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'noexplicit',
      password: 'pw',
      permissions: { accessExplicitContent: false },
    })
    const token = (await s.t.login('noexplicit', 'pw')).accessToken
    const r = (await s.get<LibraryStats>(`/api/libraries/${s.books}/stats`, token)).body
    expect(r.totalItems).toBe(5)
    expect(r.longestItems.map((i) => i.title)).not.toContain('Dune')
    expect(r.authorsWithCount.map((a) => a.name)).not.toContain('Frank Herbert')
  })
})
