import { z } from 'zod'
import {
  CreatePlaylistRequest,
  NamedListQuery,
  NamedListsQuery,
  Playlist,
  PlaylistBatchRequest,
  PlaylistEntryRef,
  PlaylistsListResponse,
  UpdatePlaylistRequest,
} from '../collections.ts'
import { defineRoute } from './route.ts'

const tag = 'Playlists'

/** Removing a playlist's last entries deletes it: the answer is then `{}` instead of the playlist. */
export const PlaylistOrGone = z.union([Playlist, z.object({}).strict()])

/** Playlists: one user's lists of books and episodes. Every route answers 404 for anyone else's. */
export const playlistRoutes = {
  listForLibrary: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/playlists',
    tag,
    summary: "The caller's playlists in a library, a page at a time (limit 0 = all)",
    query: NamedListsQuery,
    answer: PlaylistsListResponse,
    errors: { 404: 'No such library, or not accessible' },
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/api/playlists',
    tag,
    summary: "Every playlist of the caller's, in every library",
    query: NamedListQuery,
    answer: z.object({ playlists: z.array(Playlist) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/playlists/:id',
    tag,
    summary: 'One playlist with its entries (minified on request; the first `limit` with the count of all)',
    query: NamedListQuery,
    answer: Playlist,
    errors: { 404: 'No such playlist' },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/playlists',
    tag,
    summary: 'Creates a playlist',
    body: CreatePlaylistRequest,
    answer: Playlist,
    errors: { 400: 'Bad name, library or entries', 404: 'No such library' },
  }),
  createFromCollection: defineRoute({
    method: 'POST',
    path: '/api/playlists/collection/:collectionId',
    tag,
    summary: "Creates a playlist holding a collection's books",
    answer: Playlist,
    errors: { 404: 'No such collection' },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/playlists/:id',
    tag,
    summary: 'Renames, describes or reorders a playlist',
    body: UpdatePlaylistRequest,
    answer: Playlist,
    errors: { 400: 'Bad name or order', 404: 'No such playlist' },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/playlists/:id',
    tag,
    summary: 'Deletes a playlist',
    answer: z.object({}),
    errors: { 404: 'No such playlist' },
  }),
  addEntry: defineRoute({
    method: 'POST',
    path: '/api/playlists/:id/item',
    tag,
    summary: 'Adds one book or episode',
    body: PlaylistEntryRef,
    answer: Playlist,
    errors: { 404: 'No such playlist, item or episode' },
  }),
  removeEntry: defineRoute({
    method: 'DELETE',
    path: '/api/playlists/:id/item/:libraryItemId/:episodeId?',
    tag,
    summary: 'Removes one book or episode (the playlist is deleted with its last entry)',
    answer: PlaylistOrGone,
    errors: { 404: 'No such playlist' },
  }),
  addEntries: defineRoute({
    method: 'POST',
    path: '/api/playlists/:id/batch/add',
    tag,
    summary: 'Adds several books or episodes',
    body: PlaylistBatchRequest,
    answer: Playlist,
    errors: { 404: 'No such playlist, item or episode' },
  }),
  removeEntries: defineRoute({
    method: 'POST',
    path: '/api/playlists/:id/batch/remove',
    tag,
    summary: 'Removes several books or episodes (the playlist is deleted with its last entry)',
    body: PlaylistBatchRequest,
    answer: PlaylistOrGone,
    errors: { 404: 'No such playlist' },
  }),
} as const
