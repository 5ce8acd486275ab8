import type { AuthorDetail, AuthorWithCount } from '@shelfcast/contracts'
import { authorRoutes, metadataRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { authorKeys, browseKeys, itemKeys } from '@/features/browse/index.ts'
import { libraryKeys } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import type { AuthorMatchPayload, AuthorPatch } from './model/author-form.ts'

/** The author as the modal edits it (no items or series); under ['author', id] so author changes refresh it. */
export const authorEditKey = (id: string) => [...authorKeys.all, id, 'edit'] as const

/**
 * GET /api/authors/:id. Opened from the author page, the page's copy shows at once (as old as that copy,
 * so it is refetched behind the form).
 */
export function useEditedAuthor(id: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const cached = () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: [...authorKeys.all, id] })
      .find((query) => query.state.data !== undefined)
  return useQuery({
    queryKey: authorEditKey(id),
    queryFn: ({ signal }) => api.call(authorRoutes.get, { params: { id }, signal }),
    initialData: () => cached()?.state.data as AuthorDetail | undefined,
    initialDataUpdatedAt: () => cached()?.state.dataUpdatedAt,
  })
}

/**
 * After a change: cached author pages take the new fields at once (keeping their books), then the author,
 * the library's lists (authors grid, item lists), item pages (author names) and filter data refetch.
 */
function refreshAuthor(queryClient: QueryClient, author: AuthorWithCount) {
  queryClient.setQueriesData<AuthorWithCount>({ queryKey: [...authorKeys.all, author.id] }, (old) =>
    old ? { ...old, ...author } : old,
  )
  void queryClient.invalidateQueries({ queryKey: [...authorKeys.all, author.id] })
  refreshLibrary(queryClient, author.libraryId)
}

function refreshLibrary(queryClient: QueryClient, libraryId: string) {
  void queryClient.invalidateQueries({ queryKey: browseKeys.library(libraryId) })
  void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(libraryId) })
  void queryClient.invalidateQueries({ queryKey: itemKeys.all })
}

/** PATCH /api/authors/:id with only the changed fields; a merge drops the merged author's caches. */
export function useUpdateAuthor(id: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: AuthorPatch) => api.call(authorRoutes.update, { params: { id }, body: patch }),
    onSuccess: (answer) => {
      if (answer.author.id !== id) queryClient.removeQueries({ queryKey: [...authorKeys.all, id] })
      refreshAuthor(queryClient, answer.author)
    },
  })
}

/** DELETE /api/authors/:id */
export function useDeleteAuthor(id: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (_libraryId: string) => api.call(authorRoutes.remove, { params: { id } }),
    onSuccess: (_answer, libraryId) => {
      queryClient.removeQueries({ queryKey: [...authorKeys.all, id] })
      refreshLibrary(queryClient, libraryId)
    },
  })
}

/** POST /api/authors/:id/image {url} (the server downloads it) or DELETE /api/authors/:id/image. */
export function useChangeAuthorImage(id: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (url: string | null) =>
      url === null
        ? api.call(authorRoutes.removeImage, { params: { id } })
        : api.call(authorRoutes.setImage, { params: { id }, body: { url } }),
    onSuccess: (answer) => refreshAuthor(queryClient, answer.author),
  })
}

/** POST /api/authors/:id/match; 404 when Audible knows no such author. */
export function useMatchAuthor(id: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: AuthorMatchPayload) =>
      // Audnexus is a slow remote service.
      api.call(metadataRoutes.matchAuthor, { params: { id }, body: payload, timeoutMs: 60_000 }),
    onSuccess: (answer) => {
      if (answer.author.id !== id) queryClient.removeQueries({ queryKey: [...authorKeys.all, id] })
      refreshAuthor(queryClient, answer.author)
    },
  })
}
