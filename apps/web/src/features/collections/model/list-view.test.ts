import type { Playlist, PodcastEpisode } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { listedItemFixture } from '@/test/browse-fixtures.ts'
import { fanItems, playAllQueue, playlistView, totalDuration } from './list-view.ts'

const podcast = listedItemFixture(7, { mediaType: 'podcast', title: 'The Show' })
const episode = (id: string, withAudio: boolean): PodcastEpisode =>
  ({
    libraryItemId: podcast.id,
    id,
    title: `Episode ${id}`,
    duration: 600,
    audioFile: withAudio ? { ino: id } : null,
  }) as unknown as PodcastEpisode

const playlist: Playlist = {
  id: 'p1',
  libraryId: 'a',
  userId: 'u1',
  name: 'Mixed',
  description: null,
  items: [
    { libraryItemId: 'item-1', episodeId: null, libraryItem: listedItemFixture(1) },
    { libraryItemId: podcast.id, episodeId: 'e1', libraryItem: podcast, episode: episode('e1', true) },
    { libraryItemId: podcast.id, episodeId: 'e2', libraryItem: podcast, episode: episode('e2', false) },
    { libraryItemId: 'gone', episodeId: null },
  ],
  lastUpdate: 0,
  createdAt: 0,
}

describe('playlistView', () => {
  const view = playlistView(playlist)

  it('lists books and episodes, an episode under its podcast, keyed by item and episode', () => {
    expect(view.entries.map((e) => [e.key, e.title, e.subtitle, e.playable])).toEqual([
      ['item-1', 'Book 00001', 'Author 1', true],
      ['item-7:e1', 'Episode e1', 'The Show', true],
      ['item-7:e2', 'Episode e2', 'The Show', false],
      ['gone', null, null, false],
    ])
    expect(totalDuration(view.entries)).toBe(60 + 600 + 600)
  })

  it('plays what has audio, in order, and fans the first two different items', () => {
    expect(
      playAllQueue(view.entries, 'No Title').map((q) => [q.libraryItemId, q.episodeId, q.subtitle]),
    ).toEqual([
      ['item-1', null, 'Author 1'],
      ['item-7', 'e1', 'The Show'],
    ])
    expect(fanItems(view).map((i) => i.id)).toEqual(['item-1', 'item-7'])
  })
})

describe('a first screen of a big list', () => {
  it('is partial until the whole list is there, and counts every entry', () => {
    const items = [0, 1].map((i) => ({
      libraryItemId: `b${i}`,
      episodeId: null,
      libraryItem: listedItemFixture(i),
    }))
    const base: Playlist = {
      id: 'p',
      libraryId: 'lib',
      userId: 'u',
      name: 'Long',
      description: null,
      items,
      lastUpdate: 0,
      createdAt: 0,
    }
    expect(playlistView({ ...base, numItems: 5000 })).toMatchObject({ partial: true, total: 5000 })
    expect(playlistView({ ...base, numItems: 2 })).toMatchObject({ partial: false, total: 2 })
    expect(playlistView(base)).toMatchObject({ partial: false, total: 2 })
  })
})
