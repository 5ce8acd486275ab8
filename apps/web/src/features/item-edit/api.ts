import type {
  ExpandedItemResponse,
  LibraryItem,
  UpdateBookMediaRequest,
  UpdateChaptersRequest,
  UpdatePodcastMediaRequest,
} from '@shelfcast/contracts'
import { fillPath, itemEditRoutes } from '@shelfcast/contracts/client'
import { metadataRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { browseKeys, itemKeys } from '@/features/browse/index.ts'
import { libraryKeys } from '@/features/libraries/index.ts'
import { ApiError, messageFromErrorBody, useApiClient } from '@/lib/api/index.ts'
import { getAccessToken } from '@/lib/session-store.ts'

/** The expanded item (GET /api/items/:id?expanded=1), which the edit modal works on. */
export type EditableItem = ExpandedItemResponse
export type EditableBook = Extract<EditableItem, { mediaType: 'book' }>
export type EditablePodcast = Extract<EditableItem, { mediaType: 'podcast' }>

/** After an edit: the item page shows the server's answer at once; lists and filter data refetch. */
function refreshAfterEdit(queryClient: QueryClient, item: LibraryItem) {
  queryClient.setQueryData<ExpandedItemResponse>(itemKeys.detail(item.id), (old) =>
    old ? { ...item, userMediaProgress: old.userMediaProgress } : item,
  )
  void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(item.libraryId) })
  void queryClient.invalidateQueries({ queryKey: browseKeys.library(item.libraryId) })
}

/** PATCH /api/items/:id/media for a podcast: metadata, tags and the auto-download schedule (spec §5). */
export type PodcastMediaPatch = UpdatePodcastMediaRequest

/** PATCH /api/items/:id/media with only the changed fields. */
export function useUpdateMedia(itemId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateBookMediaRequest | PodcastMediaPatch) =>
      api.call(itemEditRoutes.updateMedia, { params: { id: itemId }, body }),
    onSuccess: (answer) => refreshAfterEdit(queryClient, answer.libraryItem),
  })
}

/** POST /api/items/:id/chapters. */
export function useUpdateChapters(itemId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateChaptersRequest) =>
      api.call(itemEditRoutes.updateChapters, { params: { id: itemId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) }),
  })
}

/** DELETE /api/items/:id, `hard` also removing the files from disk. */
export function useDeleteItem() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, hard }: { id: string; libraryId: string; hard: boolean }) =>
      api.call(itemEditRoutes.remove, { params: { id }, query: { hard: hard ? 1 : undefined } }),
    onSuccess: (_answer, { id, libraryId }) => {
      queryClient.removeQueries({ queryKey: itemKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: browseKeys.library(libraryId) })
      void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(libraryId) })
    },
  })
}

export type CoverChange = { kind: 'remove' } | { kind: 'url'; url: string } | { kind: 'upload'; file: File }

/** DELETE /api/items/:id/cover, POST {url}, or POST a multipart upload (field "cover"). */
export function useChangeCover(itemId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: CoverChange): Promise<unknown> => {
      const params = { id: itemId }
      if (change.kind === 'remove') return api.call(itemEditRoutes.removeCover, { params })
      if (change.kind === 'url')
        return api.call(itemEditRoutes.setCover, { params, body: { url: change.url } })
      // The api client sends JSON only; a file goes as multipart with the same bearer token.
      const form = new FormData()
      form.append('cover', change.file)
      const token = getAccessToken()
      const response = await fetch(api.url(fillPath(itemEditRoutes.setCover.path, params)), {
        method: 'POST',
        body: form,
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      })
      if (!response.ok)
        throw new ApiError(
          response.status,
          messageFromErrorBody(await response.text()) || response.statusText,
        )
      return response.json().catch(() => null)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) }),
  })
}

/** GET /api/search/providers: the book providers offered for matching (built-in and custom). */
export function useBookProviders() {
  const api = useApiClient()
  return useQuery({
    queryKey: ['search-providers'],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.call(metadataRoutes.providers, { signal }),
    select: (answer) => answer.providers.books,
  })
}

/** GET /api/search/providers: the cover providers ("all" first), for the cover search. */
export function useCoverProviders() {
  const api = useApiClient()
  return useQuery({
    queryKey: ['search-providers'],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.call(metadataRoutes.providers, { signal }),
    select: (answer) => answer.providers.booksCovers,
  })
}

/** GET /api/search/covers: image URLs of covers the providers know for a title and author. */
export function useSearchCovers() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (search: BookSearch) =>
      api.call(metadataRoutes.searchCovers, { query: { ...search }, timeoutMs: 60_000 }),
  })
}

export interface BookSearch {
  provider: string
  title: string
  author: string
}

/** GET /api/search/books for the item being matched. */
export function useSearchBooks(itemId: string) {
  const api = useApiClient()
  return useMutation({
    mutationFn: (search: BookSearch) =>
      api.call(metadataRoutes.searchBooks, {
        query: { ...search, id: itemId },
        // Providers are slow remote services.
        timeoutMs: 60_000,
      }),
  })
}
