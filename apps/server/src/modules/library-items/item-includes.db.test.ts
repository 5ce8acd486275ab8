import path from 'node:path'
import type { LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, makePodcastLibrary, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { bookMedia, podcastMedia } from '../../test-support/media-of.ts'

type Answer = Record<string, unknown>

describe('include= values apps send on items, item lists and shelves', () => {
  let t: TestApp
  let token: string
  let podcastLib: string
  let podcast: LibraryItem
  let book: LibraryItem

  beforeAll(async () => {
    const dir = tempDir('shelfcast-includes-')
    await makePodcastLibrary(path.join(dir, 'podcasts'))
    await makeAudio({
      path: path.join(dir, 'books', 'Ann Writer', 'A Book', 'a.mp3'),
      durationSec: 1,
      tags: { album: 'A Book', artist: 'Ann Writer' },
    })
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    podcastLib = (
      await createLibrary(t, token, {
        name: 'Pods',
        folders: [{ fullPath: path.join(dir, 'podcasts') }],
        mediaType: 'podcast',
        settings: { disableWatcher: true },
      })
    ).id
    await settle(t, podcastLib)
    const bookLib = (
      await createLibrary(t, token, {
        name: 'Books',
        folders: [{ fullPath: path.join(dir, 'books') }],
        mediaType: 'book',
        settings: { disableWatcher: true },
      })
    ).id
    await settle(t, bookLib)
    podcast = [...(await itemsOf(t, podcastLib)).values()][0] as LibraryItem
    book = [...(await itemsOf(t, bookLib)).values()][0] as LibraryItem
  }, 60_000)
  afterAll(async () => t?.close())

  it('numEpisodesIncomplete counts the caller’s unfinished episodes in item lists and shelves, and follows progress', async () => {
    const episodes = podcastMedia(podcast).episodes
    expect(episodes.length).toBeGreaterThan(1)
    const listed = async () =>
      (
        await t.call('GET', `/api/libraries/${podcastLib}/items?include=numEpisodesIncomplete,rssfeed`, token)
      ).json<{ results: Answer[] }>().results[0]
    expect(await listed()).toMatchObject({
      id: podcast.id,
      numEpisodesIncomplete: episodes.length,
      rssFeed: null,
    })
    const first = episodes[0]
    expect(
      (await t.call('PATCH', `/api/me/progress/${podcast.id}/${first?.id}`, token, { isFinished: true }))
        .statusCode,
    ).toBe(200)
    expect(await listed()).toMatchObject({ numEpisodesIncomplete: episodes.length - 1 })
    // Without the include, the key is absent.
    expect(
      (await t.call('GET', `/api/libraries/${podcastLib}/items`, token)).json<{ results: Answer[] }>()
        .results[0],
    ).not.toHaveProperty('numEpisodesIncomplete')

    const shelves = (
      await t.call(
        'GET',
        `/api/libraries/${podcastLib}/personalized?include=numEpisodesIncomplete,rssfeed`,
        token,
      )
    ).json<{ type: string; entities: Answer[] }[]>()
    const entity = shelves.filter((s) => s.type === 'podcast').flatMap((s) => s.entities)[0]
    expect(entity).toMatchObject({ numEpisodesIncomplete: episodes.length - 1, rssFeed: null })
    const plain = (await t.call('GET', `/api/libraries/${podcastLib}/personalized`, token)).json<
      { type: string; entities: Answer[] }[]
    >()
    expect(plain.filter((s) => s.type === 'podcast').flatMap((s) => s.entities)[0]).not.toHaveProperty(
      'numEpisodesIncomplete',
    )
  })

  it('downloads on a podcast gives its queued episode downloads; progress and rssfeed on an item', async () => {
    const item = (
      await t.call('GET', `/api/items/${podcast.id}?expanded=1&include=downloads,progress,rssfeed`, token)
    ).json<Answer>()
    expect(item).toMatchObject({ id: podcast.id, episodeDownloadsQueued: [], rssFeed: null })
    expect(item).not.toHaveProperty('episodesDownloading')
    const first = podcastMedia(podcast).episodes[0]
    const withProgress = (
      await t.call('GET', `/api/items/${podcast.id}?expanded=1&include=progress&episode=${first?.id}`, token)
    ).json<Answer>()
    expect(withProgress.userMediaProgress).toMatchObject({ episodeId: first?.id, isFinished: true })
  })

  it('progress answers null without progress, and authors keeps {id, name} as Audiobookshelf 2.36 does', async () => {
    const [author] = bookMedia(book).metadata.authors
    const item = (
      await t.call('GET', `/api/items/${book.id}?expanded=1&include=progress,authors`, token)
    ).json<{ userMediaProgress: unknown; media: { metadata: { authors: Answer[] } } }>()
    expect(item.userMediaProgress).toBeNull()
    expect(item.media.metadata.authors).toEqual([{ id: author?.id, name: 'Ann Writer' }])
  })
})
