import type { ItemsInProgressResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'

describe('GET /api/me/items-in-progress', () => {
  let s: BrowseScenario
  let episodeId: string
  beforeAll(async () => {
    s = await createBrowseScenario()
    const userId = s.root.user.id
    episodeId = (await s.fx.episodeIds(s.id.show))[0] as string
    await s.fx.progress({ userId, itemId: s.id.hobbit, isFinished: true, currentTime: 100, lastUpdate: 100 })
    await s.fx.progress({ userId, itemId: s.id.dune, currentTime: 300, lastUpdate: 300 })
    await s.fx.progress({ userId, itemId: s.id.earthsea, ebookProgress: 0.5, lastUpdate: 250 })
    await s.fx.progress({ userId, itemId: s.id.fellowship, currentTime: 0, lastUpdate: 400 })
    await s.fx.progress({ userId, itemId: s.id.show, episodeId, currentTime: 30, lastUpdate: 350 })
  })
  afterAll(() => s.t.close())

  it('lists started, unfinished books and episodes across libraries, last listened first, as minified items', async () => {
    const res = await s.get<ItemsInProgressResponse>('/api/me/items-in-progress')
    expect(res.status).toBe(200)
    const list = res.body.libraryItems
    expect(list.map((i) => [i.id, i.progressLastUpdate])).toEqual([
      [s.id.show, 350],
      [s.id.dune, 300],
      [s.id.earthsea, 250],
    ])
    expect(list[0]?.recentEpisode?.id).toBe(episodeId)
    expect(list[1]).toMatchObject({
      mediaType: 'book',
      media: { numTracks: expect.any(Number), metadata: { title: 'Dune' } },
    })
    expect(list[1]?.recentEpisode).toBeUndefined()
    expect(
      (await s.get<ItemsInProgressResponse>('/api/me/items-in-progress?limit=1')).body.libraryItems,
    ).toHaveLength(1)
    expect(
      (await s.get<ItemsInProgressResponse>('/api/me/items-in-progress?limit=0')).body.libraryItems,
    ).toHaveLength(3)
    expect((await s.get('/api/me/items-in-progress?limit=x')).status).toBe(400)
  })

  it('leaves out what the user may no longer see', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'kid',
      password: 'pw',
      permissions: { accessAllTags: false },
      itemTagsSelected: ['kids'],
    })
    const kid = await s.t.login('kid', 'pw')
    await s.fx.progress({ userId: kid.user.id, itemId: s.id.earthsea, currentTime: 10, lastUpdate: 10 })
    await s.fx.progress({ userId: kid.user.id, itemId: s.id.dune, currentTime: 10, lastUpdate: 20 })
    const list = (await s.get<ItemsInProgressResponse>('/api/me/items-in-progress', kid.accessToken)).body
      .libraryItems
    expect(list.map((i) => i.id)).toEqual([s.id.earthsea])
  })
})
