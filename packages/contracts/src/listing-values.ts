// The zod-free values of listing.ts: the web client loads them without zod (`@shelfcast/contracts/client`).

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
/** Groups that take no value. share-open matches nothing until shares exist. */
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

/** The biggest page the server answers (limit=0 asks for "all" and gets this many). */
export const MAX_PAGE_SIZE = 1000
