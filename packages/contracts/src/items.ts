import { z } from 'zod'
import { queryFlag } from './query.ts'
import { FullLibraryItem, LibraryItem } from './entities/library-item.ts'
import { MediaProgress } from './entities/user.ts'
import { EpisodeDownload } from './podcasts.ts'
import { MAX_BATCH_GET_IDS } from './items-values.ts'
import { FeedMinified } from './feeds.ts'

/** Reading single items: GET /api/items/:id, batch get, covers, files and ebooks. */

/** GET /api/items/:id?expanded=1&include=progress,rssfeed,share,downloads&episode=<episodeId>. */
export const ItemQuery = z.object({
  expanded: queryFlag.optional(),
  include: z.string().max(200).optional(),
  episode: z.string().max(100).optional(),
  /**
   * Shelfcast's podcast page: `minified` leaves each episode's description, chapters, enclosure and track out
   * (5,000 episodes: ~2 MB instead of ~10 MB); the episode call answers them in full.
   */
  episodes: z.enum(['full', 'minified']).optional(),
})
export type ItemQuery = z.input<typeof ItemQuery>

const itemExtras = {
  /** With include=progress: the caller's progress (of `episode` for a podcast), if any. */
  userMediaProgress: MediaProgress.nullable().optional(),
  /** With include=rssfeed: the item's open feed, or null. */
  rssFeed: FeedMinified.nullable().optional(),
  mediaItemShare: z.null().optional(),
  /** Expanded podcasts with include=downloads: its queued downloads, and those running (when any). */
  episodeDownloadsQueued: z.array(EpisodeDownload).optional(),
  episodesDownloading: z.array(EpisodeDownload).optional(),
}
/** Minified unless expanded=1. */
/** GET /api/items/:id: the expanded item with `expanded=1`, the full one without. */
export const ItemResponse = z.union([LibraryItem, FullLibraryItem]).and(z.object(itemExtras))
export type ItemResponse = z.infer<typeof ItemResponse>
/** GET /api/items/:id?expanded=1. */
export const ExpandedItemResponse = LibraryItem.and(z.object(itemExtras))
export type ExpandedItemResponse = z.infer<typeof ExpandedItemResponse>

export { MAX_BATCH_GET_IDS }
/** POST /api/items/batch/get. Ids the caller may not see are left out of the answer. */
export const BatchGetItemsRequest = z.object({
  libraryItemIds: z
    .array(z.string().min(1).max(100), { error: 'libraryItemIds must be an array of ids' })
    .max(MAX_BATCH_GET_IDS, `At most ${MAX_BATCH_GET_IDS} ids`),
})
export type BatchGetItemsRequest = z.infer<typeof BatchGetItemsRequest>
export const BatchGetItemsResponse = z.object({ libraryItems: z.array(LibraryItem) })
export type BatchGetItemsResponse = z.infer<typeof BatchGetItemsResponse>

export const coverFormats = ['webp', 'jpeg', 'png'] as const
export const MAX_COVER_DIMENSION = 3000
/**
 * The widths and heights a resized cover may have: a requested size snaps up to the next step (the web
 * client asks for these widths; Audiobookshelf apps ask for 400, 800 ...), so any query makes one of a
 * few files per cover instead of one per pixel.
 */
export const COVER_SIZE_STEPS = [
  80,
  120,
  160,
  240,
  320,
  400,
  480,
  640,
  800,
  1000,
  1200,
  1600,
  2000,
  MAX_COVER_DIMENSION,
] as const
/** GET /api/items/:id/cover and GET /api/authors/:id/image. `ts` only makes the URL cacheable. */
export const CoverQuery = z.object({
  width: z.coerce.number().int().min(1).max(MAX_COVER_DIMENSION).optional(),
  height: z.coerce.number().int().min(1).max(MAX_COVER_DIMENSION).optional(),
  format: z.enum([...coverFormats, 'jpg']).optional(),
  raw: queryFlag.optional(),
  ts: z.string().max(50).optional(),
  token: z.string().optional(),
})
export type CoverQuery = z.input<typeof CoverQuery>
