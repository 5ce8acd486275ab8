import type { MediaProgress, PodcastEpisode, User } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  episodeProgressIndex,
  episodeState,
  episodeTableRows,
  episodeTimeLeft,
  sortEpisodes,
} from './episodes.ts'

const ep = (id: string, over: Partial<PodcastEpisode>) =>
  ({ id, title: id, season: null, episode: null, publishedAt: null, duration: 0, ...over }) as PodcastEpisode

const progress = (episodeId: string, over: Partial<MediaProgress>): MediaProgress =>
  ({
    id: `p-${episodeId}`,
    libraryItemId: 'pod',
    episodeId,
    duration: 100,
    progress: 0,
    currentTime: 0,
    isFinished: false,
    ...over,
  }) as MediaProgress

describe('episode list', () => {
  const list = [
    ep('b', { publishedAt: 200, episode: '10', season: '1', duration: 30 }),
    ep('a', { publishedAt: 100, episode: '9', season: '2', duration: 60 }),
    ep('c', { publishedAt: null, episode: null, duration: 10 }),
  ]

  it('sorts by date, number (numerically), season and title, either way', () => {
    expect(sortEpisodes(list, 'publishedAt', true).map((e) => e.id)).toEqual(['b', 'a', 'c'])
    expect(sortEpisodes(list, 'episode', false).map((e) => e.id)).toEqual(['c', 'a', 'b'])
    expect(sortEpisodes(list, 'season', true).map((e) => e.id)).toEqual(['a', 'b', 'c'])
    expect(sortEpisodes(list, 'title', false).map((e) => e.id)).toEqual(['a', 'b', 'c'])
    expect(sortEpisodes(list, 'duration', true).map((e) => e.id)).toEqual(['a', 'b', 'c'])
  })

  it("reads the user's progress of this podcast's episodes only", () => {
    const user = {
      mediaProgress: [
        progress('a', { isFinished: true }),
        { ...progress('b', {}), libraryItemId: 'other' },
        { ...progress('x', {}), episodeId: null },
      ],
    } as unknown as User
    const index = episodeProgressIndex(user, 'pod')
    expect([...index.keys()]).toEqual(['a'])
    expect(episodeProgressIndex(null, 'pod').size).toBe(0)
  })

  it('filters by progress: incomplete is everything not finished, in progress needs a start', () => {
    const index = new Map([
      ['a', progress('a', { isFinished: true, progress: 1 })],
      ['b', progress('b', { currentTime: 12, progress: 0.12 })],
      ['c', progress('c', {})],
    ])
    const rows = (filter: 'all' | 'incomplete' | 'inProgress' | 'complete') =>
      episodeTableRows(list, { progress: index, filter, search: '', sort: 'title', desc: false }).map(
        (e) => e.id,
      )
    expect(rows('all')).toEqual(['a', 'b', 'c'])
    expect(rows('incomplete')).toEqual(['b', 'c'])
    expect(rows('inProgress')).toEqual(['b'])
    expect(rows('complete')).toEqual(['a'])
    expect(episodeState(index.get('c'))).toBe('new')
  })

  it('searches titles case-insensitively, then sorts what is left', () => {
    const titled = [
      ep('1', { title: 'The Big Interview' }),
      ep('2', { title: 'small talk' }),
      ep('3', { title: 'BIG news' }),
    ]
    const rows = episodeTableRows(titled, {
      progress: new Map(),
      filter: 'all',
      search: '  big ',
      sort: 'title',
      desc: true,
    })
    expect(rows.map((e) => e.id)).toEqual(['1', '3'])
  })

  it('gives the time left of a started episode only', () => {
    const episode = ep('a', { duration: 300 })
    expect(episodeTimeLeft(episode, progress('a', { currentTime: 40, progress: 0.4 }))).toBe(60)
    expect(episodeTimeLeft(episode, progress('a', { duration: 0, currentTime: 100 }))).toBe(200)
    expect(episodeTimeLeft(episode, progress('a', { isFinished: true }))).toBeNull()
    expect(episodeTimeLeft(episode, undefined)).toBeNull()
  })
})
