import path from 'node:path'
import type { MediaProgress, OpenPlaybackSession, Podcast } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLibrary, itemsOf, makePodcastLibrary, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { podcastMedia } from '../../test-support/media-of.ts'

describe('playing a podcast episode', () => {
  let t: TestApp
  let token: string
  let podcastId: string
  let episodes: Podcast['episodes']

  beforeAll(async () => {
    const root = path.join(tempDir('shelfcast-podplay-'), 'podcasts')
    await makePodcastLibrary(root)
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    const lib = await createLibrary(t, token, {
      name: 'Pods',
      folders: [{ fullPath: root }],
      mediaType: 'podcast',
      settings: { disableWatcher: true },
    })
    await settle(t, lib.id)
    const item = [...(await itemsOf(t, lib.id)).values()][0]
    if (!item) throw new Error('no podcast')
    podcastId = item.id
    episodes = podcastMedia(item).episodes
  }, 60_000)
  afterAll(async () => t?.close())

  it('plays one episode, keeps its progress apart, and needs a real episode id', async () => {
    const [first, second] = episodes
    if (!first || !second) throw new Error('two episodes expected')
    const res = await t.call('POST', `/api/items/${podcastId}/play/${first.id}`, token, {
      supportedMimeTypes: ['audio/mpeg'],
    })
    expect(res.statusCode).toBe(200)
    const s = res.json<OpenPlaybackSession>()
    expect(s).toMatchObject({
      mediaType: 'podcast',
      episodeId: first.id,
      displayTitle: first.title,
      playMethod: 0,
    })
    expect(s.audioTracks).toHaveLength(1)
    expect((await t.inject({ method: 'GET', url: s.audioTracks[0]?.contentUrl ?? '' })).statusCode).toBe(200)
    expect(
      (await t.call('POST', `/api/session/${s.id}/sync`, token, { currentTime: 1, timeListened: 1 }))
        .statusCode,
    ).toBe(200)
    const p = (await t.call('GET', `/api/me/progress/${podcastId}/${first.id}`, token)).json<MediaProgress>()
    expect(p).toMatchObject({
      episodeId: first.id,
      mediaItemId: first.id,
      mediaItemType: 'podcastEpisode',
      currentTime: 1,
    })
    expect((await t.call('GET', `/api/me/progress/${podcastId}/${second.id}`, token)).statusCode).toBe(404)
    expect((await t.call('GET', `/api/me/progress/${podcastId}`, token)).statusCode).toBe(404)
    expect((await t.call('POST', `/api/items/${podcastId}/play`, token, {})).statusCode).toBe(404)
    expect((await t.call('POST', `/api/items/${podcastId}/play/not-an-episode`, token, {})).statusCode).toBe(
      404,
    )
    expect(
      (await t.call('PATCH', `/api/me/progress/${podcastId}/not-an-episode`, token, { currentTime: 1 }))
        .statusCode,
    ).toBe(404)
    await t.call('POST', `/api/session/${s.id}/close`, token)
  })
})
