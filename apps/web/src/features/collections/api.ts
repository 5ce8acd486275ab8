import type {
  Collection,
  CreateCollectionRequest,
  CreatePlaylistRequest,
  Playlist,
  PlaylistEntryRef,
  UpdateCollectionRequest,
  UpdatePlaylistRequest,
} from '@shelfcast/contracts'
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

const enc = encodeURIComponent

/** GET /api/libraries/:id/collections or /playlists: one page (minified entries), or every list with `limit` 0. */
async function fetchListsPage<T>(
  api: ApiClient,
  path: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<PageAnswer<T>> {
  const answer = await api.get<{ results: T[]; total?: number }>(path, {
    query: { limit, page, minified: 1 },
    signal,
  })
  const all = answer.results
  // A server that ignores paging (older Audiobookshelf) answers every list: page through it here.
  if (limit > 0 && all.length > limit)
    return { results: all.slice(page * limit, (page + 1) * limit), total: all.length }
  return { results: all, total: answer.total ?? all.length }
}

const listsPath = (libraryId: string, lists: 'collections' | 'playlists') =>
  `/api/libraries/${enc(libraryId)}/${lists}`

/** Every list of the library (the add modals show them all, with what each holds). */
function useAllLists<T>(queryKey: readonly unknown[], path: string) {
  const api = useApiClient()
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await fetchListsPage<T>(api, path, 0, 0, signal)).results,
  })
}

// ---- collections ----------------------------------------------------------------------------------

export const fetchCollectionsPage = (
  api: ApiClient,
  libraryId: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
) => fetchListsPage<Collection>(api, listsPath(libraryId, 'collections'), page, limit, signal)

export const useLibraryCollections = (libraryId: string) =>
  useAllLists<Collection>(collectionKeys.all(libraryId), listsPath(libraryId, 'collections'))

/** Entries asked for first: a screenful and some, shown while the whole list is on its way. */
export const FIRST_SCREEN_ENTRIES = 40

/**
 * A list page's data is the whole list (minified), with its first screen as placeholder until it arrives:
 * thousands of entries take the server hundreds of milliseconds, the first forty a few.
 */
function useFirstScreen<T>(key: readonly unknown[], path: string) {
  const api = useApiClient()
  return useQuery<T>({
    queryKey: [...key, 'first-screen'],
    queryFn: ({ signal }) =>
      api.get<T>(path, { query: { minified: 1, limit: FIRST_SCREEN_ENTRIES }, signal }),
  }).data
}

/** GET /api/collections/:id, minified: a list of thousands of books stays light. */
export function useCollection(id: string) {
  const api = useApiClient()
  const path = `/api/collections/${enc(id)}`
  const first = useFirstScreen<Collection>(collectionKeys.detail(id), path)
  return useQuery({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ signal }) => api.get<Collection>(path, { query: { minified: 1 }, signal }),
    placeholderData: first,
  })
}

export const collectionRequests = {
  create: (api: ApiClient, body: CreateCollectionRequest) => api.post<Collection>('/api/collections', body),
  update: (api: ApiClient, id: string, body: UpdateCollectionRequest) =>
    api.patch<Collection>(`/api/collections/${enc(id)}`, body),
  remove: (api: ApiClient, id: string) => api.delete<unknown>(`/api/collections/${enc(id)}`),
  addBooks: (api: ApiClient, id: string, books: readonly string[]) =>
    api.post<Collection>(`/api/collections/${enc(id)}/batch/add`, { books }),
  removeBooks: (api: ApiClient, id: string, books: readonly string[]) =>
    api.post<Collection>(`/api/collections/${enc(id)}/batch/remove`, { books }),
}

// ---- playlists ------------------------------------------------------------------------------------

export const fetchPlaylistsPage = (
  api: ApiClient,
  libraryId: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
) => fetchListsPage<Playlist>(api, listsPath(libraryId, 'playlists'), page, limit, signal)

export const useLibraryPlaylists = (libraryId: string) =>
  useAllLists<Playlist>(playlistKeys.all(libraryId), listsPath(libraryId, 'playlists'))

export function usePlaylist(id: string) {
  const api = useApiClient()
  const path = `/api/playlists/${enc(id)}`
  const first = useFirstScreen<Playlist>(playlistKeys.detail(id), path)
  return useQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => api.get<Playlist>(path, { query: { minified: 1 }, signal }),
    placeholderData: first,
  })
}

/** Removing a playlist's last entries deletes it: the server then answers {} instead of the playlist. */
export type PlaylistOrGone = Playlist | Record<string, never>

export const playlistRequests = {
  create: (api: ApiClient, body: CreatePlaylistRequest) => api.post<Playlist>('/api/playlists', body),
  update: (api: ApiClient, id: string, body: UpdatePlaylistRequest) =>
    api.patch<Playlist>(`/api/playlists/${enc(id)}`, body),
  remove: (api: ApiClient, id: string) => api.delete<unknown>(`/api/playlists/${enc(id)}`),
  addEntries: (api: ApiClient, id: string, items: readonly PlaylistEntryRef[]) =>
    api.post<Playlist>(`/api/playlists/${enc(id)}/batch/add`, { items }),
  removeEntries: (api: ApiClient, id: string, items: readonly PlaylistEntryRef[]) =>
    api.post<PlaylistOrGone>(`/api/playlists/${enc(id)}/batch/remove`, { items }),
}
