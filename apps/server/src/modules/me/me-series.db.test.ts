import type { Shelf, User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'
import { connectSocket } from '../../test-support/socket-client.ts'

describe('GET /api/me/series/:id/remove-from-continue-listening and readd-to-continue-listening', () => {
  let s: BrowseScenario
  let seriesId: string
  beforeAll(async () => {
    s = await createBrowseScenario()
    await s.fx.progress({
      userId: s.root.user.id,
      itemId: s.id.hobbit,
      isFinished: true,
      lastUpdate: 100,
      finishedAt: 100,
    })
    const lists = await s.get<{ results: { id: string; name: string }[] }>(
      `/api/libraries/${s.books}/series?limit=10`,
    )
    seriesId = lists.body.results.find((x) => x.name === 'Middle Earth')?.id ?? ''
  })
  afterAll(() => s.t.close())

  const continueSeries = async () =>
    (await s.get<Shelf[]>(`/api/libraries/${s.books}/personalized?limit=10`)).body.find(
      (sh) => sh.id === 'continue-series',
    )?.entities.length ?? 0

  it('hides the series from Continue Series and shows it again, answering the user and telling its sockets', async () => {
    expect(await continueSeries()).toBe(1)
    const shelf = (await s.get<Shelf[]>(`/api/libraries/${s.books}/personalized?limit=10`)).body.find(
      (sh) => sh.id === 'continue-series',
    )
    // Each book names the series it continues, so the web client's card menu can hide that series.
    expect((shelf?.entities[0] as { series?: { id: string } } | undefined)?.series?.id).toBe(seriesId)
    const socket = await connectSocket(await s.t.listen())
    await socket.auth(s.root.accessToken)
    const removed = await s.get<User>(`/api/me/series/${seriesId}/remove-from-continue-listening`)
    expect(removed.status).toBe(200)
    expect(removed.body.seriesHideFromContinueListening).toEqual([seriesId])
    expect(removed.body.mediaProgress.length).toBeGreaterThan(0)
    await socket.waitFor<User>('user_updated', (u) => u.seriesHideFromContinueListening.includes(seriesId))
    expect(await continueSeries()).toBe(0)

    const again = await s.get<User>(`/api/me/series/${seriesId}/readd-to-continue-listening`)
    expect(again.body.seriesHideFromContinueListening).toEqual([])
    expect(await continueSeries()).toBe(1)
    socket.close()
  })

  it('answers 404 for a series that does not exist or that the user may not see', async () => {
    expect((await s.get(`/api/me/series/nope/remove-from-continue-listening`)).status).toBe(404)
    await s.t.createUser(s.root.accessToken, {
      username: 'kid',
      password: 'pw',
      permissions: { accessAllTags: false },
      itemTagsSelected: ['kids'],
    })
    const kid = await s.t.login('kid', 'pw')
    expect(
      (await s.get(`/api/me/series/${seriesId}/remove-from-continue-listening`, kid.accessToken)).status,
    ).toBe(404)
  })
})
