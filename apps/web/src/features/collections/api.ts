import type {
  AnswerOf,
  CreateCollectionRequest,
  CreatePlaylistRequest,
  PlaylistEntryRef,
  UpdateCollectionRequest,
  UpdatePlaylistRequest,
} from '@shelfcast/contracts'
import { collectionRoutes, playlistRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { browseKeys, type PageAnswer } from '@/features/browse/index.ts'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'

/**
 * Query keys. A library's lists live under browse's ['browse', libraryId, ...] so a change in the library
 * refreshes them with everything else; one collection or playlist under its own key.
 */
export const collectionKeys = {
  /** The library tab's pages (VirtualPagedGrid appends page size and page). */
  pages: (libraryId: string) => browseKeys.collections(libraryId),
  /** Every collection of the library, for the add modal. */
  all: (libraryId: string) => [...browseKeys.collections(libraryId), 'all'] as const,
  detail: (id: string) => ['collection', id] as const,
}

export const playlistKeys = {
  pages: (libraryId: string) => browseKeys.playlists(libraryId),
  all: (libraryId: string) => [...browseKeys.playlists(libraryId), 'all'] as const,
  detail: (id: string) => ['playlist', id] as const,
}

type PagingQuery = { limit: number; page: number; minified: 1 }
type ListsAnswer<T> = { results: T[]; total?: number }

/** GET /api/libraries/:id/collections or /playlists: one page (minified entries), or every list with `limit` 0. */
async function fetchListsPage<T>(
  get: (query: PagingQuery, signal?: AbortSignal) => Promise<ListsAnswer<T>>,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<PageAnswer<T>> {
  const answer = await get({ limit, page, minified: 1 }, signal)
  const all = answer.results
  // A server that ignores paging (older Audiobookshelf) answers every list: page through it here.
  if (limit > 0 && all.length > limit)
    return { results: all.slice(page * limit, (page + 1) * limit), total: all.length }
  return { results: all, total: answer.total ?? all.length }
}

const libraryCollections = (api: ApiClient, id: string) => (query: PagingQuery, signal?: AbortSignal) =>
  api.call(collectionRoutes.listForLibrary, { params: { id }, query, signal })
const libraryPlaylists = (api: ApiClient, id: string) => (query: PagingQuery, signal?: AbortSignal) =>
  api.call(playlistRoutes.listForLibrary, { params: { id }, query, signal })

/** Every list of the library (the add modals show them all, with what each holds). */
function useAllLists<T>(
  queryKey: readonly unknown[],
  get: (api: ApiClient) => (query: PagingQuery, signal?: AbortSignal) => Promise<ListsAnswer<T>>,
) {
  const api = useApiClient()
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await fetchListsPage(get(api), 0, 0, signal)).results,
  })
}

// ---- collections ----------------------------------------------------------------------------------

export const fetchCollectionsPage = (
  api: ApiClient,
  libraryId: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
) => fetchListsPage(libraryCollections(api, libraryId), page, limit, signal)

export const useLibraryCollections = (libraryId: string) =>
  useAllLists(collectionKeys.all(libraryId), (api) => libraryCollections(api, libraryId))

/** Entries asked for first: a screenful and some, shown while the whole list is on its way. */
export const FIRST_SCREEN_ENTRIES = 40

/**
 * A list page's data is the whole list (minified), with its first screen as placeholder until it arrives:
 * thousands of entries take the server hundreds of milliseconds, the first forty a few.
 */
function useFirstScreen<T>(key: readonly unknown[], get: (limit: number, signal: AbortSignal) => Promise<T>) {
  return useQuery({
    queryKey: [...key, 'first-screen'],
    queryFn: ({ signal }) => get(FIRST_SCREEN_ENTRIES, signal),
  }).data
}

/** GET /api/collections/:id, minified: a list of thousands of books stays light. */
export function useCollection(id: string) {
  const api = useApiClient()
  const get = (limit: number | undefined, signal: AbortSignal) =>
    api.call(collectionRoutes.get, {
      params: { id },
      query: { minified: 1, include: 'rssfeed', limit },
      signal,
    })
  const first = useFirstScreen(collectionKeys.detail(id), get)
  return useQuery({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ signal }) => get(undefined, signal),
    placeholderData: first,
  })
}

export const collectionRequests = {
  create: (api: ApiClient, body: CreateCollectionRequest) => api.call(collectionRoutes.create, { body }),
  update: (api: ApiClient, id: string, body: UpdateCollectionRequest) =>
    api.call(collectionRoutes.update, { params: { id }, body }),
  remove: (api: ApiClient, id: string) => api.call(collectionRoutes.remove, { params: { id } }),
  addBooks: (api: ApiClient, id: string, books: readonly string[]) =>
    api.call(collectionRoutes.addBooks, { params: { id }, body: { books: [...books] } }),
  removeBooks: (api: ApiClient, id: string, books: readonly string[]) =>
    api.call(collectionRoutes.removeBooks, { params: { id }, body: { books: [...books] } }),
}

// ---- playlists ------------------------------------------------------------------------------------

export const fetchPlaylistsPage = (
  api: ApiClient,
  libraryId: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
) => fetchListsPage(libraryPlaylists(api, libraryId), page, limit, signal)

export const useLibraryPlaylists = (libraryId: string) =>
  useAllLists(playlistKeys.all(libraryId), (api) => libraryPlaylists(api, libraryId))

export function usePlaylist(id: string) {
  const api = useApiClient()
  const get = (limit: number | undefined, signal: AbortSignal) =>
    api.call(playlistRoutes.get, { params: { id }, query: { minified: 1, limit }, signal })
  const first = useFirstScreen(playlistKeys.detail(id), get)
  return useQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => get(undefined, signal),
    placeholderData: first,
  })
}

/** Removing a playlist's last entries deletes it: the server then answers {} instead of the playlist. */
export type PlaylistOrGone = AnswerOf<typeof playlistRoutes.removeEntries>

export const playlistRequests = {
  create: (api: ApiClient, body: CreatePlaylistRequest) => api.call(playlistRoutes.create, { body }),
  update: (api: ApiClient, id: string, body: UpdatePlaylistRequest) =>
    api.call(playlistRoutes.update, { params: { id }, body }),
  remove: (api: ApiClient, id: string) => api.call(playlistRoutes.remove, { params: { id } }),
  addEntries: (api: ApiClient, id: string, items: readonly PlaylistEntryRef[]) =>
    api.call(playlistRoutes.addEntries, { params: { id }, body: { items: [...items] } }),
  removeEntries: (api: ApiClient, id: string, items: readonly PlaylistEntryRef[]) =>
    api.call(playlistRoutes.removeEntries, { params: { id }, body: { items: [...items] } }),
}
