import type { FeedEpisode } from '@shelfcast/contracts'

/** A feed episode for tests: number n, published on 2024-01-n, its enclosure on localhost. */
export const feedEpisode = (n: number, over: Partial<FeedEpisode> = {}): FeedEpisode => ({
  guid: `guid-${n}`,
  title: `Episode ${n}`,
  subtitle: null,
  description: null,
  descriptionPlain: null,
  pubDate: null,
  publishedAt: Date.UTC(2024, 0, n),
  season: null,
  episode: String(n),
  episodeType: 'full',
  explicit: false,
  duration: null,
  enclosure: { url: `http://localhost/audio/${n}.mp3`, type: 'audio/mpeg', length: null },
  chaptersUrl: null,
  transcriptUrl: null,
  ...over,
})
