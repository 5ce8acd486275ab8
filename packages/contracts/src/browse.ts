import { z } from 'zod'
import { FeedMinified } from './feeds.ts'
import { queryFlag } from './query.ts'
import {
  Author,
  FullLibraryItem,
  LibraryItem,
  MinifiedLibraryItem,
  PodcastEpisode,
  Series,
} from './entities/library-item.ts'
import { MediaProgress } from './entities/user.ts'

/**
 * Browsing a library beyond the item list: series, authors, narrators, the home shelves
 * (personalized), search and stats. Shapes follow Audiobookshelf.
 */

/** A book in a series context: the minified item with its sequence in that series. */
export const SeriesBook = MinifiedLibraryItem.and(z.object({ sequence: z.string().nullable() }))
export type SeriesBook = z.infer<typeof SeriesBook>

/**
 * A series as the series list, the "Recent Series" shelf and search show it: Audiobookshelf's series with its
 * books minified, in sequence order. No count, duration or sequence (a client counts `books`, sums their
 * `media.duration` and reads a book's sequence from `media.metadata.seriesName` "Name #N"); `rssFeed` only with
 * `include=rssfeed`.
 */
export const SeriesWithBooks = Series.extend({
  books: z.array(MinifiedLibraryItem),
  rssFeed: FeedMinified.nullable().optional(),
})
export type SeriesWithBooks = z.infer<typeof SeriesWithBooks>

export const seriesSortKeys = [
  'name',
  'numBooks',
  'addedAt',
  'totalDuration',
  'lastBookAdded',
  'lastBookUpdated',
] as const
export type SeriesSortKey = (typeof seriesSortKeys)[number]

/** GET /api/libraries/:id/series. `filter` uses the item filter language (a series matches through its books). */
export const SeriesListQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  sort: z.string().max(100).optional(),
  desc: queryFlag.optional(),
  filter: z.string().max(2000).optional(),
  minified: queryFlag.optional(),
  include: z.string().max(200).optional(),
})
export type SeriesListQuery = z.input<typeof SeriesListQuery>

export const SeriesListResponse = z.object({
  results: z.array(SeriesWithBooks),
  total: z.number(),
  limit: z.number(),
  page: z.number(),
  sortBy: z.string().optional(),
  sortDesc: z.boolean(),
  filterBy: z.string().optional(),
  minified: z.boolean(),
  include: z.string(),
})
export type SeriesListResponse = z.infer<typeof SeriesListResponse>

/** Progress of a user through a series (include=progress). */
export const SeriesProgress = z.object({
  libraryItemIds: z.array(z.string()),
  libraryItemIdsFinished: z.array(z.string()),
  isFinished: z.boolean(),
})

/** GET /api/series/:id and GET /api/libraries/:id/series/:seriesId. */
export const SeriesDetail = Series.extend({
  books: z.array(SeriesBook),
  numBooks: z.number(),
  totalDuration: z.number(),
  progress: SeriesProgress.optional(),
  rssFeed: FeedMinified.nullable().optional(),
})
export type SeriesDetail = z.infer<typeof SeriesDetail>
export const SeriesDetailQuery = z.object({ include: z.string().max(200).optional() })

export const AuthorWithCount = Author.extend({ numBooks: z.number(), lastFirst: z.string() })
export type AuthorWithCount = z.infer<typeof AuthorWithCount>

export const authorSortKeys = ['name', 'lastFirst', 'numBooks', 'addedAt', 'updatedAt'] as const
export type AuthorSortKey = (typeof authorSortKeys)[number]

/** GET /api/libraries/:id/authors. Without `limit` every author comes back as `{authors}`. */
export const AuthorsListQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  sort: z.string().max(100).optional(),
  desc: queryFlag.optional(),
  include: z.string().max(200).optional(),
})
export type AuthorsListQuery = z.input<typeof AuthorsListQuery>
export const AuthorsListResponse = z.union([
  z.object({ authors: z.array(AuthorWithCount) }),
  z.object({
    results: z.array(AuthorWithCount),
    total: z.number(),
    limit: z.number(),
    page: z.number(),
    sortBy: z.string().optional(),
    sortDesc: z.boolean(),
    include: z.string(),
    offset: z.number(),
  }),
])
export type AuthorsListResponse = z.infer<typeof AuthorsListResponse>

/**
 * GET /api/authors/:id?include=items,series&library=: the author as Audiobookshelf sends it, without a book count
 * or `lastFirst` (a client counts `libraryItems`).
 */
export const AuthorQuery = z.object({
  include: z.string().max(200).optional(),
  library: z.string().max(100).optional(),
})
export const AuthorDetail = Author.omit({ numBooks: true }).extend({
  libraryItems: z.array(MinifiedLibraryItem).optional(),
  series: z.array(z.object({ id: z.string(), name: z.string(), items: z.array(SeriesBook) })).optional(),
})
export type AuthorDetail = z.infer<typeof AuthorDetail>

/** GET /api/libraries/:id/narrators. The id is base64 of the name (the narrator routes take it). */
export const NarratorsResponse = z.object({
  narrators: z.array(z.object({ id: z.string(), name: z.string(), numBooks: z.number() })),
})
export type NarratorsResponse = z.infer<typeof NarratorsResponse>

/**
 * A list item on a shelf; episode shelves carry the episode, and podcast progress shelves the last update
 * (book shelves carry the minified item alone, as in Audiobookshelf).
 */
export const ShelfItem = MinifiedLibraryItem.and(
  z.object({
    progressLastUpdate: z.number().optional(),
    recentEpisode: PodcastEpisode.optional(),
    userMediaProgress: MediaProgress.optional(),
    /** Continue Series: the series this book continues (the menu hides that series from the shelf). */
    series: z.object({ id: z.string(), name: z.string() }).optional(),
  }),
)
export type ShelfItem = z.infer<typeof ShelfItem>

/**
 * GET /api/me/items-in-progress?limit= (the Android app's Android Auto list): the caller's unfinished books and
 * episodes across libraries, last listened first; `limit` 0 or absent means 25, as in Audiobookshelf.
 */
export const ItemsInProgressQuery = z.object({ limit: z.coerce.number().int().min(0).max(1000).optional() })
export const ItemsInProgressResponse = z.object({
  libraryItems: z.array(
    MinifiedLibraryItem.and(
      z.object({ progressLastUpdate: z.number(), recentEpisode: PodcastEpisode.optional() }),
    ),
  ),
})
export type ItemsInProgressResponse = z.infer<typeof ItemsInProgressResponse>

export const bookShelfIds = [
  'continue-listening',
  'continue-reading',
  'continue-series',
  'recently-added',
  'recent-series',
  'discover',
  'listen-again',
  'read-again',
  'newest-authors',
] as const
export const podcastShelfIds = [
  'continue-listening',
  'newest-episodes',
  'recently-added',
  'listen-again',
] as const

const shelfBase = { id: z.string(), label: z.string(), labelStringKey: z.string(), total: z.number() }
export const Shelf = z.discriminatedUnion('type', [
  z.object({ ...shelfBase, type: z.literal('book'), entities: z.array(ShelfItem) }),
  z.object({ ...shelfBase, type: z.literal('podcast'), entities: z.array(ShelfItem) }),
  z.object({ ...shelfBase, type: z.literal('episode'), entities: z.array(ShelfItem) }),
  z.object({ ...shelfBase, type: z.literal('series'), entities: z.array(SeriesWithBooks) }),
  z.object({ ...shelfBase, type: z.literal('authors'), entities: z.array(Author) }),
])
export type Shelf = z.infer<typeof Shelf>
export const PersonalizedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  include: z.string().max(200).optional(),
})
/** GET /api/libraries/:id/personalized: shelves in display order; empty shelves are left out. */
export const PersonalizedResponse = z.array(Shelf)
export type PersonalizedResponse = z.infer<typeof PersonalizedResponse>

/**
 * A hit: its item expanded, as Audiobookshelf answers it; a podcast's minified (Shelfcast's: the expanded podcast
 * would carry every episode, megabytes for a long show).
 */
export const SearchItemHit = z.object({ libraryItem: z.union([LibraryItem, MinifiedLibraryItem]) })
export type SearchItemHit = z.infer<typeof SearchItemHit>
/** An episode hit (podcast libraries), as Audiobookshelf answers it: the podcast with the episode as `recentEpisode`. */
export const SearchEpisodeHit = z.object({
  libraryItem: z.union([LibraryItem, MinifiedLibraryItem]).and(z.object({ recentEpisode: PodcastEpisode })),
})
export type SearchEpisodeHit = z.infer<typeof SearchEpisodeHit>

export const SearchQuery = z.object({
  q: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** Shelfcast's: item hits minified (what the web client's cards need) instead of expanded. */
  minified: queryFlag.optional(),
})
/**
 * GET /api/libraries/:id/search, as Audiobookshelf answers it: a book library's answer has `book`, `narrators`,
 * `tags`, `genres`, `series` and `authors`; a podcast library's `podcast`, `tags`, `genres` and `episodes`.
 */
export const SearchResponse = z.object({
  book: z.array(SearchItemHit).optional(),
  podcast: z.array(SearchItemHit).optional(),
  episodes: z.array(SearchEpisodeHit).optional(),
  narrators: z.array(z.object({ name: z.string(), numBooks: z.number() })).optional(),
  tags: z.array(z.object({ name: z.string(), numItems: z.number() })),
  genres: z.array(z.object({ name: z.string(), numItems: z.number() })),
  /** A matching series with its books in the full form, as Audiobookshelf answers them. */
  series: z.array(z.object({ series: Series, books: z.array(FullLibraryItem) })).optional(),
  authors: z.array(AuthorWithCount).optional(),
})
export type SearchResponse = z.infer<typeof SearchResponse>

/** GET /api/libraries/:id/stats. */
export const LibraryStats = z.object({
  totalItems: z.number(),
  totalAuthors: z.number(),
  totalGenres: z.number(),
  totalDuration: z.number(),
  totalSize: z.number(),
  numAudioTracks: z.number(),
  longestItems: z.array(z.object({ id: z.string(), title: z.string(), duration: z.number() })),
  largestItems: z.array(z.object({ id: z.string(), title: z.string(), size: z.number() })),
  authorsWithCount: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })),
  genresWithCount: z.array(z.object({ genre: z.string(), count: z.number() })),
})
export type LibraryStats = z.infer<typeof LibraryStats>

/** PATCH /api/authors/:id: a new name (merging onto an existing author of that name), ASIN or description. */
export const UpdateAuthorRequest = z.object({
  name: z.string().max(500).optional(),
  asin: z.string().max(50).nullable().optional(),
  description: z.string().max(100_000).nullable().optional(),
})
export type UpdateAuthorRequest = z.input<typeof UpdateAuthorRequest>
/** PATCH /api/authors/:id answer: the author (the surviving one after a merge) and whether it merged. */
export const UpdateAuthorResponse = z.object({
  author: AuthorWithCount,
  merged: z.boolean(),
  updated: z.boolean(),
})
export type UpdateAuthorResponse = z.infer<typeof UpdateAuthorResponse>

/** POST /api/authors/:id/image: an http(s) URL the server downloads the image from (through the guarded fetcher). */
export const AuthorImageRequest = z.object({
  url: z
    .string()
    .trim()
    .max(4096)
    .refine((u) => /^https?:\/\//i.test(u), 'Invalid image URL'),
})
/** POST and DELETE /api/authors/:id/image answer: the author with its new image (or none). */
export const AuthorImageResponse = z.object({ author: AuthorWithCount })
export type AuthorImageResponse = z.infer<typeof AuthorImageResponse>
