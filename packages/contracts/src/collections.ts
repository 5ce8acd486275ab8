import { z } from 'zod'
import { FeedMinified } from './feeds.ts'
import { queryFlag } from './query.ts'
import { LibraryItem, MinifiedLibraryItem, PodcastEpisode } from './entities/library-item.ts'
import { messages } from './rules/messages.ts'

/**
 * Collections (a library's shared lists of books) and playlists (one user's lists of books and podcast
 * episodes), with the calls that create and edit them, following Audiobookshelf.
 */

export const Collection = z.object({
  id: z.string(),
  libraryId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  books: z.array(z.union([LibraryItem, MinifiedLibraryItem])),
  /** With `limit`: how many books there are in all (`books` holds the first ones). */
  numBooks: z.number().optional(),
  lastUpdate: z.number(),
  createdAt: z.number(),
  /** GET /api/collections/:id?include=rssfeed: its open feed, or null. */
  rssFeed: FeedMinified.nullable().optional(),
})
export type Collection = z.infer<typeof Collection>

export const PlaylistItem = z.object({
  libraryItemId: z.string(),
  episodeId: z.string().nullable().optional(),
  libraryItem: z.union([LibraryItem, MinifiedLibraryItem]).optional(),
  episode: PodcastEpisode.optional(),
})
export type PlaylistItem = z.infer<typeof PlaylistItem>

export const Playlist = z.object({
  id: z.string(),
  libraryId: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  coverPath: z.string().nullable().optional(),
  items: z.array(PlaylistItem),
  /** With `limit`: how many entries there are in all (`items` holds the first ones). */
  numItems: z.number().optional(),
  lastUpdate: z.number(),
  createdAt: z.number(),
})
export type Playlist = z.infer<typeof Playlist>

const paging = { total: z.number().optional(), limit: z.number().optional(), page: z.number().optional() }
export const CollectionsListResponse = z.object({ results: z.array(Collection), ...paging })
export type CollectionsListResponse = z.infer<typeof CollectionsListResponse>
export const PlaylistsListResponse = z.object({ results: z.array(Playlist), ...paging })
export type PlaylistsListResponse = z.infer<typeof PlaylistsListResponse>

/** Most entries one collection or playlist holds, and one request may name. */
export const MAX_LIST_ENTRIES = 10_000

const listName = z.string().trim().min(1, messages.nameRequired).max(500)
const listDescription = z.string().max(20_000).nullable().optional()
const itemId = z.string().min(1).max(100)
const itemIds = z.array(itemId).max(MAX_LIST_ENTRIES)

/** GET /api/libraries/:id/collections and /playlists: pages (limit 0 = all), books minified on request. */
export const NamedListsQuery = z.object({
  limit: z.coerce.number().int().min(0).max(MAX_LIST_ENTRIES).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  minified: queryFlag.optional(),
})
export type NamedListsQuery = z.input<typeof NamedListsQuery>

/**
 * GET /api/collections/:id and /api/playlists/:id: `minified=1` answers minified items (lighter for big lists);
 * `limit` only the first entries, with the count of all (a big list's first screen, before the whole list).
 */
export const NamedListQuery = z.object({
  minified: queryFlag.optional(),
  include: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_ENTRIES).optional(),
})

export const CreateCollectionRequest = z.object({
  libraryId: itemId,
  name: listName,
  description: listDescription,
  books: itemIds.optional(),
})
export type CreateCollectionRequest = z.infer<typeof CreateCollectionRequest>

/** PATCH /api/collections/:id: `books` is the whole new order (only books already in it). */
export const UpdateCollectionRequest = z.object({
  name: listName.optional(),
  description: listDescription,
  books: itemIds.optional(),
})
export type UpdateCollectionRequest = z.infer<typeof UpdateCollectionRequest>

export const CollectionBookRequest = z.object({ id: itemId })
export const CollectionBatchRequest = z.object({ books: itemIds.min(1, 'No books given') })
export type CollectionBatchRequest = z.infer<typeof CollectionBatchRequest>

export const PlaylistEntryRef = z.object({
  libraryItemId: itemId,
  episodeId: z.string().max(100).nullable().optional(),
})
export type PlaylistEntryRef = z.infer<typeof PlaylistEntryRef>
const entryRefs = z.array(PlaylistEntryRef).max(MAX_LIST_ENTRIES)

export const CreatePlaylistRequest = z.object({
  libraryId: itemId,
  name: listName,
  description: listDescription,
  items: entryRefs.optional(),
})
export type CreatePlaylistRequest = z.infer<typeof CreatePlaylistRequest>

/** PATCH /api/playlists/:id: `items` is the whole new order (only entries already in it). */
export const UpdatePlaylistRequest = z.object({
  name: listName.optional(),
  description: listDescription,
  items: entryRefs.optional(),
})
export type UpdatePlaylistRequest = z.infer<typeof UpdatePlaylistRequest>

export const PlaylistBatchRequest = z.object({ items: entryRefs.min(1, 'No items given') })
export type PlaylistBatchRequest = z.infer<typeof PlaylistBatchRequest>
