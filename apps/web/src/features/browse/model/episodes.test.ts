import type { PodcastEpisode } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { pageSlice, sortEpisodes } from './episodes.ts'

const ep = (id: string, over: Partial<PodcastEpisode>) =>
  ({ id, title: id, season: null, episode: null, publishedAt: null, duration: 0, ...over }) as PodcastEpisode

describe('episode list', () => {
  const list = [
    ep('b', { publishedAt: 200, episode: '10', duration: 30 }),
    ep('a', { publishedAt: 100, episode: '9', duration: 60 }),
    ep('c', { publishedAt: null, episode: null, duration: 10 }),
  ]

  it('sorts by date, number (numerically) and title, either way', () => {
    expect(sortEpisodes(list, 'publishedAt', true).map((e) => e.id)).toEqual(['b', 'a', 'c'])
    expect(sortEpisodes(list, 'episode', false).map((e) => e.id)).toEqual(['c', 'a', 'b'])
    expect(sortEpisodes(list, 'title', false).map((e) => e.id)).toEqual(['a', 'b', 'c'])
    expect(sortEpisodes(list, 'duration', true).map((e) => e.id)).toEqual(['a', 'b', 'c'])
  })

  it('pages the list and clamps the page', () => {
    const items = Array.from({ length: 60 }, (_, i) => i)
    expect(pageSlice(items, 0)).toMatchObject({ pages: 3, page: 0 })
    expect(pageSlice(items, 2).items).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59])
    expect(pageSlice(items, 9).page).toBe(2)
    expect(pageSlice([], 0)).toEqual({ items: [], pages: 1, page: 0 })
  })
})
