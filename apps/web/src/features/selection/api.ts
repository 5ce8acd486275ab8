import type { BatchProgressUpdate, BatchUpdateRequest, LibraryItem, User } from '@shelfcast/contracts'
import {
  MAX_BATCH_GET_IDS,
  itemRoutes,
  meRoutes,
  metadataRoutes,
  fileRoutes,
  fillPath,
  itemEditRoutes,
  scanRoutes,
  playbackRoutes,
} from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { getAccessToken } from '@/lib/session-store.ts'

/** Query keys of the selection feature. */
export const selectionKeys = {
  batchItems: (ids: readonly string[]) => ['batch-items', ...ids] as const,
  providers: ['search-providers'] as const,
}

/** The server caps batch get and progress updates at 1,000 entries a request. */
export const BATCH_REQUEST_MAX = MAX_BATCH_GET_IDS

/** `list` in runs of at most `size`, in order. */
export function inChunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size))
  return out
}

/**
 * POST /api/items/batch/get: the expanded items, in request order (ones the user may not see are left
 * out); a selection beyond the server's cap is asked for in turns.
 */
export async function fetchBatchItems(api: ApiClient, ids: readonly string[]): Promise<LibraryItem[]> {
  const items: LibraryItem[] = []
  for (const chunk of inChunks(ids, BATCH_REQUEST_MAX)) {
    const answer = await api.call(itemRoutes.batchGet, { body: { libraryItemIds: chunk } })
    items.push(...answer.libraryItems)
  }
  return items
}

export function useBatchItems(ids: readonly string[]) {
  const api = useApiClient()
  return useQuery({
    queryKey: selectionKeys.batchItems(ids),
    queryFn: () => fetchBatchItems(api, ids),
    enabled: ids.length > 0,
    // The page edits what it loaded: a refetch under the user's hands would reset the forms.
    staleTime: Infinity,
    gcTime: 0,
  })
}

export function batchUpdateItems(api: ApiClient, updates: BatchUpdateRequest) {
  return api.call(itemEditRoutes.updateMany, { body: updates })
}

/** POST /api/items/batch/delete; `hard` also removes the files from disk. */
export async function batchDeleteItems(api: ApiClient, ids: readonly string[], hard: boolean): Promise<void> {
  await api.call(itemEditRoutes.removeMany, {
    body: { libraryItemIds: [...ids] },
    query: { hard: hard ? 1 : 0 },
  })
}

/** PATCH /api/me/progress/batch/update, then the user again so progress bars show the change at once. */
export async function batchSetFinished(
  api: ApiClient,
  ids: readonly string[],
  isFinished: boolean,
): Promise<User> {
  for (const chunk of inChunks(ids, BATCH_REQUEST_MAX)) {
    const body: BatchProgressUpdate = chunk.map((libraryItemId) => ({ libraryItemId, isFinished }))
    await api.call(playbackRoutes.updateProgresses, { body })
  }
  return api.call(meRoutes.get)
}

export async function batchRescanItems(api: ApiClient, ids: readonly string[]): Promise<void> {
  await api.call(scanRoutes.scanItems, { body: { libraryItemIds: [...ids] } })
}

/** Options of POST /api/items/batch/quickmatch (spec §3: both overrides default to true). */
export interface QuickMatchOptions {
  provider: string
  overrideDetails: boolean
  overrideCover: boolean
}

export async function batchQuickMatch(
  api: ApiClient,
  ids: readonly string[],
  options: QuickMatchOptions,
): Promise<void> {
  await api.call(metadataRoutes.quickMatchBatch, { body: { options, libraryItemIds: [...ids] } })
}

/**
 * The zip of several items of a library (at most 40: the ids ride in the URL). A browser download
 * sends no header, so the token goes in the query as for media URLs.
 */
export function batchDownloadUrl(api: ApiClient, libraryId: string, ids: readonly string[]): string {
  return api.url(fillPath(fileRoutes.downloadLibraryItems.path, { id: libraryId }), {
    ids: ids.join(','),
    token: getAccessToken(),
  })
}

export interface ProviderChoice {
  value: string
  text: string
}

/** Used until the server lists its providers (or when it cannot). */
export const fallbackBookProviders: readonly ProviderChoice[] = [
  { value: 'google', text: 'Google Books' },
  { value: 'openlibrary', text: 'Open Library' },
  { value: 'itunes', text: 'iTunes' },
  { value: 'audible', text: 'Audible.com' },
  { value: 'fantlab', text: 'FantLab.ru' },
]

/** GET /api/search/providers: the book providers (built-in and custom), else the fixed list. */
export function useBookProviders(enabled: boolean): readonly ProviderChoice[] {
  const api = useApiClient()
  const query = useQuery({
    queryKey: selectionKeys.providers,
    // The whole answer is cached, as item-edit caches it under the same key; each picks its list.
    queryFn: ({ signal }) => api.call(metadataRoutes.providers, { signal }),
    select: (answer) => answer.providers.books,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  })
  return query.data && query.data.length > 0 ? query.data : fallbackBookProviders
}
