import { z } from 'zod'
import { CronExpression } from './entities/library.ts'
import { episodeTypes, LibraryItem, PodcastEpisode, PodcastMetadata } from './entities/library-item.ts'
import { queryFlag } from './query.ts'
import { messages } from './rules/messages.ts'

/**
 * Podcasts (spec §2 Add / Latest / Download Queue, §3 Episode, §5 schedules, §7 episode calls):
 * feed previews, subscribing, OPML, episode edits, the download queue and its socket events.
 * Shapes follow Audiobookshelf's PodcastController so its apps work against Shelfcast.
 */

export { podcastSearchRegions, podcastCronPresets } from './podcasts-values.ts'

export const EpisodeType = z.enum(episodeTypes)

/** One episode as the feed describes it (not downloaded): what previews, checknew and downloads carry. */
export const FeedEpisode = z.object({
  guid: z.string().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  descriptionPlain: z.string().nullable(),
  /** RFC 822 date as the feed wrote it, or null when missing. */
  pubDate: z.string().nullable(),
  publishedAt: z.number().nullable(),
  season: z.string().nullable(),
  episode: z.string().nullable(),
  episodeType: EpisodeType,
  explicit: z.boolean(),
  /** Seconds, when the feed says. */
  duration: z.number().nullable(),
  enclosure: z.object({ url: z.string(), type: z.string().nullable(), length: z.string().nullable() }),
  chaptersUrl: z.string().nullable(),
  transcriptUrl: z.string().nullable(),
})
export type FeedEpisode = z.infer<typeof FeedEpisode>

export const FeedPodcastMetadata = PodcastMetadata.omit({ titleIgnorePrefix: true }).extend({
  title: z.string(),
  descriptionPlain: z.string().nullable(),
})
export type FeedPodcastMetadata = z.infer<typeof FeedPodcastMetadata>

/** POST /api/podcasts/feed {rssFeed} -> {podcast}: a parsed feed to preview before subscribing. */
export const PodcastFeedRequest = z.object({
  rssFeed: z.string().trim().min(1, 'Invalid podcast feed URL').max(4096),
})
export const PodcastFeed = z.object({
  metadata: FeedPodcastMetadata,
  episodes: z.array(FeedEpisode),
  numEpisodes: z.number(),
  hasEpisodesWithoutPubDate: z.boolean(),
})
export type PodcastFeed = z.infer<typeof PodcastFeed>
export const PodcastFeedResponse = z.object({ podcast: PodcastFeed })
export type PodcastFeedResponse = z.infer<typeof PodcastFeedResponse>

/** The schedule fields of a podcast (item edit "schedule" tab, create form). 0 = unlimited. */
export const PodcastScheduleInput = z.object({
  autoDownloadEpisodes: z.boolean().optional(),
  autoDownloadSchedule: CronExpression.optional(),
  maxEpisodesToKeep: z.number().int().min(0).max(100_000).optional(),
  maxNewEpisodesToDownload: z.number().int().min(0).max(100_000).optional(),
})
export type PodcastScheduleInput = z.infer<typeof PodcastScheduleInput>

/** POST /api/podcasts: subscribe — make the folder and the item, then queue the chosen episodes. */
export const CreatePodcastRequest = z.object({
  libraryId: z.string().min(1),
  folderId: z.string().min(1),
  /** Absolute folder for the podcast, inside the library folder (the server re-checks). */
  path: z.string().trim().min(1, 'Path is required').max(4096),
  media: PodcastScheduleInput.extend({
    metadata: FeedPodcastMetadata.partial().extend({
      title: z.string().trim().min(1, messages.titleRequired).max(1000),
    }),
    tags: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
  }),
  episodesToDownload: z.array(FeedEpisode).max(5000).optional(),
})
export type CreatePodcastRequest = z.infer<typeof CreatePodcastRequest>
/** Answer: the new item, expanded. */
export const CreatePodcastResponse = LibraryItem
export type CreatePodcastResponse = LibraryItem

/** PATCH /api/items/:id/media for a podcast: any subset of its metadata, its tags and its schedule. */
export const UpdatePodcastMediaRequest = PodcastScheduleInput.extend({
  metadata: FeedPodcastMetadata.omit({ descriptionPlain: true })
    .partial()
    .extend({ title: z.string().trim().min(1, messages.titleRequired).max(1000).optional() })
    .optional(),
  tags: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
})
export type UpdatePodcastMediaRequest = z.infer<typeof UpdatePodcastMediaRequest>

/** GET /api/libraries/:id/podcast-titles: what the Add page uses to mark feeds already subscribed. */
export const PodcastTitle = z.object({
  title: z.string(),
  itunesId: z.string().nullable(),
  feedUrl: z.string().nullable(),
  libraryItemId: z.string(),
  libraryId: z.string(),
})
export const PodcastTitlesResponse = z.object({ podcasts: z.array(PodcastTitle) })
export type PodcastTitlesResponse = z.infer<typeof PodcastTitlesResponse>

/** POST /api/podcasts/opml/parse {opmlText} -> {feeds}. */
export const OpmlParseRequest = z.object({ opmlText: z.string().min(1, 'OPML file is empty').max(5_000_000) })
export const OpmlFeed = z.object({ title: z.string().nullable(), feedUrl: z.string() })
export type OpmlFeed = z.infer<typeof OpmlFeed>
export const OpmlParseResponse = z.object({ feeds: z.array(OpmlFeed) })
export type OpmlParseResponse = z.infer<typeof OpmlParseResponse>

/** POST /api/podcasts/opml/create: subscribe to many feeds as one task (answers 200 at once). */
export const OpmlCreateRequest = z.object({
  feeds: z.array(z.string().trim().min(1).max(4096)).min(1, 'No feeds to import').max(1000),
  libraryId: z.string().min(1),
  folderId: z.string().min(1),
  autoDownloadEpisodes: z.boolean().optional(),
})
export type OpmlCreateRequest = z.infer<typeof OpmlCreateRequest>

/** DELETE /api/podcasts/:id/episode/:episodeId?hard=1 also deletes the episode's audio file. */
export const DeleteEpisodeQuery = z.object({ hard: queryFlag.optional() })

/** PATCH /api/podcasts/:id/episode/:episodeId (update permission). */
export const UpdateEpisodeRequest = z.object({
  title: z.string().trim().min(1, messages.titleRequired).max(1000).optional(),
  subtitle: z.string().max(2000).nullable().optional(),
  description: z.string().max(200_000).nullable().optional(),
  pubDate: z.string().max(200).nullable().optional(),
  publishedAt: z.number().int().nullable().optional(),
  season: z.string().max(50).nullable().optional(),
  episode: z.string().max(50).nullable().optional(),
  episodeType: EpisodeType.optional(),
  guid: z.string().max(2000).nullable().optional(),
  enclosure: FeedEpisode.shape.enclosure.nullable().optional(),
})
export type UpdateEpisodeRequest = z.infer<typeof UpdateEpisodeRequest>

/** GET /api/podcasts/:id/search-episode?title= -> feed episodes nearest that title. */
export const SearchEpisodeResponse = z.object({
  episodes: z.array(z.object({ episode: FeedEpisode, levenshtein: z.number() })),
})
export type SearchEpisodeResponse = z.infer<typeof SearchEpisodeResponse>
export const SearchEpisodeQuery = z.object({ title: z.string().trim().min(1, 'Title is required').max(1000) })

/** POST /api/podcasts/:id/match-episodes?override=1 also replaces details the episodes already have. */
export const MatchEpisodesQuery = z.object({ override: queryFlag.optional() })
export const MatchEpisodesResponse = z.object({ numEpisodesUpdated: z.number() })
export type MatchEpisodesResponse = z.infer<typeof MatchEpisodesResponse>

/** GET /api/podcasts/:id/checknew?limit= -> the new feed episodes it queued. */
export const CheckNewResponse = z.object({ episodes: z.array(FeedEpisode) })
export type CheckNewResponse = z.infer<typeof CheckNewResponse>
/** At most this many new episodes (0 = all; left out: the podcast's own `maxNewEpisodesToDownload`). */
export const CheckNewQuery = z.object({ limit: z.coerce.number().int().min(0).max(100_000).optional() })

/** POST /api/podcasts/:id/download-episodes: body is an array of feed episodes. */
export const DownloadEpisodesRequest = z.array(FeedEpisode).min(1, 'No episodes to download').max(5000)

/** One queued, running or finished episode download. */
export const EpisodeDownload = z.object({
  id: z.string(),
  episodeDisplayTitle: z.string(),
  url: z.string(),
  libraryItemId: z.string(),
  libraryId: z.string(),
  podcastTitle: z.string().nullable(),
  podcastExplicit: z.boolean(),
  season: z.string().nullable(),
  episode: z.string().nullable(),
  episodeType: z.string().nullable(),
  publishedAt: z.number().nullable(),
  guid: z.string().nullable(),
  isFinished: z.boolean(),
  failed: z.boolean(),
  /** Why it failed, for the queue page. */
  error: z.string().nullable(),
  /** 0-100 while downloading when the host sent a length, else null. */
  progress: z.number().nullable(),
  bytesDownloaded: z.number(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
})
export type EpisodeDownload = z.infer<typeof EpisodeDownload>

/** The answer of POST /api/podcasts/:id/download-episodes: the downloads it queued. */
export const DownloadEpisodesResponse = z.object({ downloads: z.array(EpisodeDownload) })
export type DownloadEpisodesResponse = z.infer<typeof DownloadEpisodesResponse>

/**
 * GET /api/libraries/:id/episode-downloads and GET /api/podcasts/:id/downloads. Downloads run a few at a
 * time: `currentDownloads` lists them all; `currentDownload` (Audiobookshelf's field) is the first.
 */
export const EpisodeDownloadQueue = z.object({
  currentDownload: EpisodeDownload.nullable(),
  currentDownloads: z.array(EpisodeDownload),
  queue: z.array(EpisodeDownload),
})
export type EpisodeDownloadQueue = z.infer<typeof EpisodeDownloadQueue>

/** GET /api/libraries/:id/recent-episodes?limit&page: newest episodes of the library (Latest page). */
export const RecentEpisodesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
})
export const RecentEpisode = PodcastEpisode.extend({
  podcast: z.object({
    id: z.string(),
    libraryItemId: z.string(),
    metadata: PodcastMetadata,
    coverPath: z.string().nullable(),
  }),
})
export type RecentEpisode = z.infer<typeof RecentEpisode>
export const RecentEpisodesResponse = z.object({
  episodes: z.array(RecentEpisode),
  total: z.number(),
  limit: z.number(),
  page: z.number(),
})
export type RecentEpisodesResponse = z.infer<typeof RecentEpisodesResponse>
