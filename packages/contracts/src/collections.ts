import { z } from 'zod'
import { LibraryItem, MinifiedLibraryItem, PodcastEpisode } from './entities/library-item.ts'

/**
 * Collections and playlists as the library tabs list them (GET /api/libraries/:id/collections and
 * /playlists → `{results}`), following Audiobookshelf. Only what the lists read is required; the
 * routes that create and edit them come with their own capability.
 */

export const Collection = z.object({
  id: z.string(),
  libraryId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  books: z.array(z.union([LibraryItem, MinifiedLibraryItem])),
  lastUpdate: z.number(),
  createdAt: z.number(),
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
  lastUpdate: z.number(),
  createdAt: z.number(),
})
export type Playlist = z.infer<typeof Playlist>

export const CollectionsListResponse = z.object({ results: z.array(Collection) })
export type CollectionsListResponse = z.infer<typeof CollectionsListResponse>
export const PlaylistsListResponse = z.object({ results: z.array(Playlist) })
export type PlaylistsListResponse = z.infer<typeof PlaylistsListResponse>
