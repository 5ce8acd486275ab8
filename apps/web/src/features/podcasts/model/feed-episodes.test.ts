import { describe, expect, it } from 'vitest'
import { feedEpisodeFixture } from '@/test/podcast-download-fixtures.ts'
import { downloadedMatcher, newestFirst, searchEpisodes } from './feed-episodes.ts'

describe('feed episodes', () => {
  it('knows downloaded episodes by guid, enclosure URL or title', () => {
    const has = downloadedMatcher([
      { title: 'Pilot', guid: 'g1' },
      { title: 'Other', guid: null, enclosure: { url: 'http://x/2.mp3' } },
      { title: '  Third Episode ', guid: 'renamed' },
    ])
    expect(has(feedEpisodeFixture('a', { guid: 'g1', title: 'New name' }))).toBe(true)
    expect(
      has(
        feedEpisodeFixture('b', {
          guid: 'g2',
          enclosure: { url: 'http://x/2.mp3', type: null, length: null },
        }),
      ),
    ).toBe(true)
    expect(has(feedEpisodeFixture('c', { guid: 'g3', title: 'third episode' }))).toBe(true)
    expect(has(feedEpisodeFixture('d', { guid: null }))).toBe(false)
  })

  it('orders newest first with undated episodes last, and searches titles', () => {
    const list = [
      feedEpisodeFixture('old', { publishedAt: 1 }),
      feedEpisodeFixture('none', { publishedAt: null }),
      feedEpisodeFixture('new', { publishedAt: 3, subtitle: 'Special guest' }),
    ]
    expect(newestFirst(list).map((e) => e.title)).toEqual(['Episode new', 'Episode old', 'Episode none'])
    expect(searchEpisodes(list, 'GUEST').map((e) => e.title)).toEqual(['Episode new'])
    expect(searchEpisodes(list, ' ')).toHaveLength(3)
  })
})
