import type {
  EpisodeDownload,
  FeedEpisode,
  PodcastLibraryItem,
  Podcast,
  PodcastEpisode,
  RecentEpisode,
} from '@shelfcast/contracts'
import { itemHeadFixture } from './item-fixtures.ts'

/** One download of the queue, queued unless told otherwise. */
export function downloadFixture(id: string, over: Partial<EpisodeDownload> = {}): EpisodeDownload {
  return {
    id,
    episodeDisplayTitle: `Episode ${id}`,
    url: `http://feeds.test/${id}.mp3`,
    libraryItemId: 'pod1',
    libraryId: 'a',
    podcastTitle: 'The Show',
    podcastExplicit: false,
    season: null,
    episode: null,
    episodeType: 'full',
    publishedAt: Date.UTC(2026, 0, 2),
    guid: `guid-${id}`,
    isFinished: false,
    failed: false,
    error: null,
    progress: null,
    bytesDownloaded: 0,
    createdAt: 1,
    startedAt: null,
    finishedAt: null,
    ...over,
  }
}

export function podcastEpisodeFixture(id: string, over: Partial<PodcastEpisode> = {}): PodcastEpisode {
  return {
    libraryItemId: 'pod1',
    podcastId: 'pod1-media',
    id,
    index: null,
    season: null,
    episode: null,
    episodeType: 'full',
    title: `Episode ${id}`,
    subtitle: null,
    description: null,
    enclosure: { url: `http://feeds.test/${id}.mp3`, type: 'audio/mpeg', length: null },
    guid: `guid-${id}`,
    pubDate: null,
    chapters: [],
    audioFile: null,
    publishedAt: Date.UTC(2026, 0, 2),
    addedAt: 1,
    updatedAt: 1,
    duration: 600,
    size: 1_000_000,
    ...over,
  }
}

export function recentEpisodeFixture(id: string, over: Partial<PodcastEpisode> = {}): RecentEpisode {
  return {
    ...podcastEpisodeFixture(id, over),
    podcast: {
      id: 'pod1-media',
      libraryItemId: 'pod1',
      coverPath: null,
      metadata: podcastMetadataFixture(),
    },
  }
}

export function podcastMetadataFixture(): Podcast['metadata'] {
  return {
    title: 'The Show',
    titleIgnorePrefix: null,
    author: 'Host',
    description: null,
    releaseDate: null,
    genres: [],
    feedUrl: 'http://feeds.test/show.xml',
    imageUrl: null,
    itunesPageUrl: null,
    itunesId: null,
    itunesArtistId: null,
    explicit: false,
    language: null,
    type: 'episodic',
  }
}

export function feedEpisodeFixture(id: string, over: Partial<FeedEpisode> = {}): FeedEpisode {
  return {
    guid: `guid-${id}`,
    title: `Episode ${id}`,
    subtitle: null,
    description: null,
    descriptionPlain: null,
    pubDate: null,
    publishedAt: Date.UTC(2026, 0, 2),
    season: null,
    episode: null,
    episodeType: 'full',
    explicit: false,
    duration: 600,
    enclosure: { url: `http://feeds.test/${id}.mp3`, type: 'audio/mpeg', length: '1000' },
    chaptersUrl: null,
    transcriptUrl: null,
    ...over,
  }
}

/** An expanded podcast item (GET /api/items/:id?expanded=1). */
export function podcastItemFixture(
  id = 'pod1',
  over: { episodes?: PodcastEpisode[]; media?: Partial<Podcast> } = {},
): PodcastLibraryItem {
  const media: Podcast = {
    id: `${id}-media`,
    libraryItemId: id,
    metadata: podcastMetadataFixture(),
    coverPath: null,
    tags: [],
    episodes: over.episodes ?? [],
    numEpisodes: over.episodes?.length ?? 0,
    autoDownloadEpisodes: false,
    autoDownloadSchedule: '0 * * * *',
    lastEpisodeCheck: 0,
    maxEpisodesToKeep: 0,
    maxNewEpisodesToDownload: 3,
    size: 0,
    ...over.media,
  }
  return {
    ...itemHeadFixture(id, 'a'),
    mediaType: 'podcast',
    media,
    numFiles: 0,
    libraryFiles: [],
    size: 0,
  }
}
