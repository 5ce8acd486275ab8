import { bookSortKeys, enumFilterValues } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { ItemFilter } from './listing-query.ts'
import { ListingRepository, type ListingSpec } from './listing.repository.ts'

/**
 * The three ways a filter is used (read the set first, probe a built set, test each item along the sort
 * index) must give the same pages and totals; on small data the thresholds force each of them.
 */
describe('ListingRepository strategies', () => {
  let s: BrowseScenario
  let user: UserRecord
  let restricted: UserRecord
  const repos = () => ({
    drive: new ListingRepository(s.t.ctx.database.db),
    probe: new ListingRepository(s.t.ctx.database.db, { drivingSetMax: 0, probedSetMax: 1_000_000 }),
    test: new ListingRepository(s.t.ctx.database.db, { drivingSetMax: 0, probedSetMax: 0 }),
  })

  beforeAll(async () => {
    s = await createBrowseScenario()
    const found = await s.t.ctx.users.get(s.root.user.id)
    if (!found) throw new Error('root not found')
    user = found
    restricted = {
      ...found,
      type: 'user',
      permissions: {
        ...found.permissions,
        accessExplicitContent: false,
        accessAllTags: false,
        selectedTagsNotAccessible: true,
      },
      itemTagsSelected: ['kids'],
    }
    await s.fx.progress({ userId: user.id, itemId: s.id.hobbit, isFinished: true })
    await s.fx.progress({ userId: user.id, itemId: s.id.dune, currentTime: 10 })
  })
  afterAll(() => s.t.close())

  // Thousands of queries: a ceiling far above a quiet machine's time (it took 76 s beside stress at load ~16).
  it('agree on every filter, sort, page and access rule', { timeout: 300_000 }, async () => {
    const tolkien = await s.fx.authorIdByName(s.books, 'J. R. R. Tolkien')
    const middleEarth = await s.fx.seriesIdByName(s.books, 'Middle Earth')
    const filters: (ItemFilter | null)[] = [
      null,
      { group: 'authors', id: tolkien },
      { group: 'series', id: middleEarth },
      { group: 'no-series' },
      { group: 'genres', value: 'Fantasy' },
      { group: 'tags', value: 'epic' },
      { group: 'narrators', value: 'Rob Inglis' },
      { group: 'publishers', value: 'Allen & Unwin' },
      { group: 'languages', value: 'English' },
      { group: 'publishedDecades', decade: 1960 },
      ...enumFilterValues.progress.map((value) => ({ group: 'progress' as const, value })),
      ...enumFilterValues.missing.map((field) => ({ group: 'missing' as const, field })),
      ...enumFilterValues.ebooks.map((value) => ({ group: 'ebooks' as const, value })),
      ...enumFilterValues.tracks.map((value) => ({ group: 'tracks' as const, value })),
      { group: 'issues' },
      { group: 'abridged' },
      { group: 'explicit' },
    ]
    const r = repos()
    for (const who of [user, restricted]) {
      for (const filter of filters) {
        for (const sort of bookSortKeys.filter((k) => k !== 'random')) {
          for (const [limit, offset] of [
            [50, 0],
            [2, 1],
          ] as const) {
            const spec: ListingSpec = {
              libraryId: s.books,
              mediaType: 'book',
              user: who,
              filter,
              sort,
              desc: sort === 'addedAt',
              ignorePrefix: false,
              limit,
              offset,
            }
            const [a, b, c] = [await r.drive.page(spec), await r.probe.page(spec), await r.test.page(spec)]
            expect([who.type, filter, sort, limit, b]).toEqual([who.type, filter, sort, limit, a])
            expect([who.type, filter, sort, limit, c]).toEqual([who.type, filter, sort, limit, a])
            const [ca, cb, cc] = [
              await r.drive.collapsedPage(spec),
              await r.probe.collapsedPage(spec),
              await r.test.collapsedPage(spec),
            ]
            expect([filter, sort, cb]).toEqual([filter, sort, ca])
            expect([filter, sort, cc]).toEqual([filter, sort, ca])
          }
        }
        const random: ListingSpec = {
          libraryId: s.books,
          mediaType: 'book',
          user: who,
          filter,
          sort: 'random',
          desc: false,
          ignorePrefix: false,
          limit: 50,
          offset: 0,
        }
        const sorted = (await r.drive.page({ ...random, sort: 'addedAt' })).ids.sort()
        for (const repo of Object.values(r)) expect((await repo.page(random)).ids.sort()).toEqual(sorted)
      }
    }
  })
})
