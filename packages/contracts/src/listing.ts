import { z } from 'zod'
import { queryFlag } from './query.ts'
import { MediaType } from './entities/library.ts'
import { CollapsedSeries, LibraryItem, MinifiedLibraryItem } from './entities/library-item.ts'

/**
 * GET /api/libraries/:id/items — paged, sorted, filtered item lists (Audiobookshelf's query language).
 * Sort keys are an allowlist per media type; a filter is `<group>.<encodeURIComponent(base64(utf8 value))>`
 * or a bare group for groups without a value (issues, feed-open, share-open, abridged, explicit).
 */

export const bookSortKeys = [
  'media.metadata.title',
  'media.metadata.authorName',
  'media.metadata.authorNameLF',
  'media.metadata.publishedYear',
  'media.duration',
  'addedAt',
  'size',
  'mtimeMs',
  'birthtimeMs',
  'progress',
  'sequence',
  'random',
  'media.numTracks',
] as const
export const podcastSortKeys = [
  'media.metadata.title',
  'media.metadata.author',
  'addedAt',
  'size',
  'mtimeMs',
  'birthtimeMs',
  'media.numTracks',
  'random',
] as const
export const itemSortKeys = [...new Set([...bookSortKeys, ...podcastSortKeys])] as const
export type BookSortKey = (typeof bookSortKeys)[number]
export type PodcastSortKey = (typeof podcastSortKeys)[number]
export type ItemSortKey = BookSortKey | PodcastSortKey

/** Filter groups whose value names an entity by id. */
export const idFilterGroups = ['authors', 'series'] as const
/** Filter groups whose value is the text itself. */
export const valueFilterGroups = [
  'genres',
  'tags',
  'narrators',
  'publishers',
  'languages',
  'publishedDecades',
] as const
/** Filter groups with a fixed set of values. */
export const enumFilterValues = {
  progress: ['finished', 'in-progress', 'not-started', 'not-finished'],
  missing: [
    'asin',
    'isbn',
    'subtitle',
    'authors',
    'publishedYear',
    'series',
    'description',
    'genres',
    'tags',
    'narrators',
    'publisher',
    'language',
    'cover',
  ],
  ebooks: ['ebook', 'no-ebook', 'supplementary'],
  tracks: ['none', 'single', 'multi'],
} as const
/** Groups that take no value. feed-open / share-open match nothing until feeds and shares exist. */
export const flagFilterGroups = ['issues', 'abridged', 'explicit', 'feed-open', 'share-open'] as const
export const filterGroups = [
  ...idFilterGroups,
  ...valueFilterGroups,
  ...(Object.keys(enumFilterValues) as (keyof typeof enumFilterValues)[]),
  ...flagFilterGroups,
] as const
export type FilterGroup = (typeof filterGroups)[number]
/** `series.no-series`: books in no series. */
export const NO_SERIES = 'no-series'

/** base64 of the UTF-8 bytes of a value (what Audiobookshelf clients put after the group). */
export function encodeFilterValue(value: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The `filter` query value for a group and value: `genres.RmFudGFzeQ%3D%3D` once in a URL. */
export const filterParam = (group: FilterGroup, value?: string) =>
  value === undefined ? group : `${group}.${encodeURIComponent(encodeFilterValue(value))}`

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
      rssFeed: z.null().optional(),
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

/** The biggest page the server answers (limit=0 asks for "all" and gets this many). */
export const MAX_PAGE_SIZE = 1000
