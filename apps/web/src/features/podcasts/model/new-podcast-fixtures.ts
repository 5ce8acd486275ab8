import type { FeedEpisode, PodcastFeed, PodcastSearchResult } from '@shelfcast/contracts'

/** Test data for the Add page: feed episodes, feeds and directory results in the contracts' shapes. */
export function feedEpisodeFixture(n: number, overrides: Partial<FeedEpisode> = {}): FeedEpisode {
  return {
    guid: `guid-${n}`,
    title: `Episode ${n}`,
    subtitle: null,
    description: `<p>About episode ${n}</p>`,
    descriptionPlain: `About episode ${n}`,
    pubDate: null,
    publishedAt: Date.UTC(2024, 0, n),
    season: null,
    episode: String(n),
    episodeType: 'full',
    explicit: false,
    duration: 600,
    enclosure: { url: `https://feeds.example/ep${n}.mp3`, type: 'audio/mpeg', length: '1000' },
    chaptersUrl: null,
    transcriptUrl: null,
    ...overrides,
  }
}

export function podcastFeedFixture(
  overrides: Partial<PodcastFeed['metadata']> = {},
  episodeCount = 3,
): PodcastFeed {
  return {
    metadata: {
      title: 'Night Show',
      author: 'Radio Team',
      description: '<p>Stories <b>after dark</b></p><script>alert(1)</script>',
      descriptionPlain: null,
      releaseDate: null,
      genres: ['History'],
      feedUrl: 'https://feeds.example/night.xml',
      imageUrl: 'https://feeds.example/night.jpg',
      itunesPageUrl: null,
      itunesId: null,
      itunesArtistId: null,
      explicit: false,
      language: 'en',
      type: 'episodic',
      ...overrides,
    },
    episodes: Array.from({ length: episodeCount }, (_, i) => feedEpisodeFixture(i + 1)),
    numEpisodes: episodeCount,
    hasEpisodesWithoutPubDate: false,
  }
}

export function searchResultFixture(overrides: Partial<PodcastSearchResult> = {}): PodcastSearchResult {
  return {
    id: 4242,
    artistId: 77,
    title: 'Night Show',
    artistName: 'Radio Team',
    description: null,
    descriptionPlain: null,
    releaseDate: null,
    genres: ['History', 'Podcasts'],
    cover: 'https://covers.example/night.jpg',
    trackCount: 120,
    feedUrl: 'https://feeds.example/night.xml',
    pageUrl: 'https://podcasts.example/night',
    explicit: false,
    ...overrides,
  }
}
