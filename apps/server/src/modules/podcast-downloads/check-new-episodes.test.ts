import { describe, expect, it } from 'vitest'
import { selectNewEpisodes } from './check-new-episodes.ts'
import { feedEpisode } from './test-episodes.ts'

describe('selectNewEpisodes', () => {
  const feed = [1, 2, 3, 4, 5].map((n) => feedEpisode(n))
  const after = Date.UTC(2024, 0, 2)

  it('answers episodes published after the last check that the podcast lacks, newest first', () => {
    const fresh = selectNewEpisodes(feed, after, new Set(['guid:guid-4']), 0)
    expect(fresh.map((e) => e.title)).toEqual(['Episode 5', 'Episode 3'])
  })

  it('knows episodes by enclosure URL too, skips undated ones and honours the limit', () => {
    const undated = feedEpisode(9, { publishedAt: null })
    const fresh = selectNewEpisodes(
      [...feed, undated],
      after,
      new Set(['url:http://localhost/audio/5.mp3']),
      1,
    )
    expect(fresh.map((e) => e.title)).toEqual(['Episode 4'])
  })
})
