import { z } from 'zod'
import { FeedMinified } from './feeds.ts'
import { queryFlag } from './query.ts'
import { MediaType } from './entities/library.ts'
import { CollapsedSeries, LibraryItem, MinifiedLibraryItem } from './entities/library-item.ts'

export * from './listing-values.ts'

/**
 * GET /api/libraries/:id/items — paged, sorted, filtered item lists (Audiobookshelf's query language).
 * Sort keys are an allowlist per media type; a filter is `<group>.<encodeURIComponent(base64(utf8 value))>`
 * or a bare group for groups without a value (issues, feed-open, share-open, abridged, explicit).
 */

/** Query of GET /api/libraries/:id/items. `limit` 0 means "all", clamped by the server. */
export const LibraryItemsQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  sort: z.string().max(100).optional(),
  desc: queryFlag.optional(),
  filter: z.string().max(2000).optional(),
  collapseseries: queryFlag.optional(),
  minified: queryFlag.optional(),
  include: z.string().max(200).optional(),
})
export type LibraryItemsQuery = z.input<typeof LibraryItemsQuery>

/** An item in a list: minified or expanded, plus the optional include fields. */
export const ListedItem = z
  .union([MinifiedLibraryItem, LibraryItem.and(z.object({ collapsedSeries: CollapsedSeries.optional() }))])
  .and(
    z.object({
      rssFeed: FeedMinified.nullable().optional(),
      mediaItemShare: z.null().optional(),
      /** With include=numEpisodesIncomplete, on podcasts: episodes the caller has not finished. */
      numEpisodesIncomplete: z.number().optional(),
    }),
  )
export type ListedItem = z.infer<typeof ListedItem>

export const LibraryItemsResponse = z.object({
  results: z.array(ListedItem),
  total: z.number(),
  /** The page size used (a requested 0 or oversize limit comes back clamped). */
  limit: z.number(),
  page: z.number(),
  sortBy: z.string().optional(),
  sortDesc: z.boolean(),
  filterBy: z.string().optional(),
  mediaType: MediaType,
  minified: z.boolean(),
  collapseseries: z.boolean(),
  include: z.string(),
  offset: z.number(),
})
export type LibraryItemsResponse = z.infer<typeof LibraryItemsResponse>
