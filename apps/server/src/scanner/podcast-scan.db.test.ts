import fs from 'node:fs'
import path from 'node:path'
import { isFullAudioFile, type Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCoverImage } from '../../../../scripts/media/index.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import { createScannedPodcastLibrary, itemsOf, makePodcastLibrary, settle } from './test-library.ts'
import { podcastMedia } from '../test-support/media-of.ts'

/** Subscribed podcasts: shows without episodes yet, episodes whose facts came from a feed, removed episodes. */
describe('podcast scan of subscribed shows', () => {
  let t: TestApp
  let library: Library
  let root: string
  const podcastOf = async (name: string) => (await itemsOf(t, library.id)).get(name)

  beforeAll(async () => {
    root = path.join(tempDir('shelfcast-subscribed-'), 'podcasts')
    await makePodcastLibrary(root)
    fs.mkdirSync(path.join(root, 'Fresh Show'), { recursive: true })
    fs.writeFileSync(
      path.join(root, 'Fresh Show', 'metadata.json'),
      JSON.stringify({
        title: 'Fresh Show',
        author: 'New Host',
        feedUrl: 'https://example.com/fresh.xml',
        itunesId: '77',
      }),
    )
    await makeCoverImage({
      path: path.join(root, 'Cover Only', 'cover.jpg'),
      width: 32,
      height: 32,
      colour: '#123456',
    })
    fs.mkdirSync(path.join(root, 'Empty Folder'))
    fs.mkdirSync(path.join(root, 'Notes Only'))
    fs.writeFileSync(path.join(root, 'Notes Only', 'notes.txt'), 'not a podcast')
    const app = await createInitialisedApp()
    t = app.t
    library = await createScannedPodcastLibrary(t, app.root.accessToken, root)
  })
  afterAll(async () => t?.close())

  it('keeps a show with only metadata.json or a cover as an item with no episodes, across rescans', async () => {
    const names = () => itemsOf(t, library.id).then((m) => [...m.keys()].sort())
    expect(await names()).toEqual(['Cover Only', 'Fresh Show', 'My Show'])
    const fresh = await podcastOf('Fresh Show')
    expect(podcastMedia(fresh).episodes).toEqual([])
    expect(podcastMedia(fresh).metadata).toMatchObject({
      author: 'New Host',
      feedUrl: 'https://example.com/fresh.xml',
      itunesId: '77',
    })
    expect((await podcastOf('Cover Only'))?.media.coverPath).toContain('cover.jpg')
    await settle(t, library.id, true)
    await settle(t, library.id)
    expect(await names()).toEqual(['Cover Only', 'Fresh Show', 'My Show'])
    expect((await podcastOf('Fresh Show'))?.isMissing).toBe(false)
  })

  it('keeps the feed facts of an episode that came from a feed instead of its tags', async () => {
    const show = await podcastOf('My Show')
    const [first] = podcastMedia(show).episodes
    if (!show || !first) throw new Error('no episode')
    const feed = {
      title: 'Feed Title',
      description: '<p>From the feed</p>',
      pub_date: 'Fri, 01 Mar 2024 10:00:00 GMT',
      published_at: Date.UTC(2024, 2, 1, 10),
      season: '3',
      episode: '12',
      episode_type: 'bonus' as const,
      guid: 'feed-guid-1',
      enclosure: JSON.stringify({ url: 'https://example.com/1.mp3', type: 'audio/mpeg', length: '100' }),
    }
    await t.ctx.database.db.updateTable('podcast_episodes').set(feed).where('id', '=', first.id).execute()
    await settle(t, library.id, true)
    const after = podcastMedia(await podcastOf('My Show')).episodes.find((e) => e.id === first.id)
    expect(after).toMatchObject({
      title: 'Feed Title',
      description: '<p>From the feed</p>',
      publishedAt: Date.UTC(2024, 2, 1, 10),
      season: '3',
      episode: '12',
      episodeType: 'bonus',
      guid: 'feed-guid-1',
      enclosure: { url: 'https://example.com/1.mp3', type: 'audio/mpeg', length: '100' },
    })
    // An episode added by hand still takes its tags.
    const other = podcastMedia(await podcastOf('My Show')).episodes.find((e) => e.id !== first.id)
    expect(other?.title).toBe('Second Episode')
  })

  it('does not add back an episode removed while its file stays, but does a new file of that name', async () => {
    const show = await podcastOf('My Show')
    const episodes = podcastMedia(show).episodes
    const second = episodes.find((e) => e.title === 'Second Episode')
    const secondFile = second?.audioFile
    if (!show || !second || !isFullAudioFile(secondFile)) throw new Error('no episode')
    const { relPath, mtimeMs } = secondFile.metadata
    const removed = [{ relPath, ino: secondFile.ino, mtimeMs }]
    await t.ctx.database.db.deleteFrom('podcast_episodes').where('id', '=', second.id).execute()
    await t.ctx.database.db
      .updateTable('library_items')
      .set({
        podcast: JSON.stringify({
          ...JSON.parse((await rowPodcast(show.id)) ?? '{}'),
          removedEpisodeFiles: removed,
        }),
      })
      .where('id', '=', show.id)
      .execute()
    await settle(t, library.id, true)
    expect(podcastMedia(await podcastOf('My Show')).episodes.map((e) => e.title)).toEqual(['Feed Title'])

    // The same name downloaded again (a new file): a new episode, and the stale removal is forgotten.
    const file = path.join(root, 'My Show', relPath)
    const bytes = fs.readFileSync(file)
    fs.rmSync(file)
    fs.writeFileSync(file, bytes)
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000))
    await settle(t, library.id)
    const titles = podcastMedia(await podcastOf('My Show')).episodes.map((e) => e.title)
    expect(titles.sort()).toEqual(['Feed Title', 'Second Episode'])
    expect(JSON.parse((await rowPodcast(show.id)) ?? '{}')).toMatchObject({ removedEpisodeFiles: [] })
  })

  async function rowPodcast(id: string) {
    const row = await t.ctx.database.db
      .selectFrom('library_items')
      .select('podcast')
      .where('id', '=', id)
      .executeTakeFirst()
    return row?.podcast ?? null
  }
})
