import type { Series, UpdateSeriesRequest } from '@shelfcast/contracts'
import { itemEditRoutes, seriesRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { libraryKeys } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { browseKeys } from './api.ts'

/** Lists, shelves, series pages and the filter data (issue count, series names) of a library: refetched. */
async function refreshLibrary(queryClient: ReturnType<typeof useQueryClient>, libraryId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: browseKeys.library(libraryId) }),
    queryClient.invalidateQueries({ queryKey: libraryKeys.detail(libraryId) }),
  ])
}

/** DELETE /api/libraries/:id/issues (admins): the library's missing and invalid items leave it (files stay). */
export function useRemoveIssues(libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.call(itemEditRoutes.removeIssues, { params: { id: libraryId } }),
    onSuccess: () => refreshLibrary(queryClient, libraryId),
  })
}

/** PATCH /api/series/:id (update permission): name and description; the answer goes into the open page. */
export function useUpdateSeries(libraryId: string, seriesId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateSeriesRequest) =>
      api.call(seriesRoutes.update, { params: { id: seriesId }, body }),
    onSuccess: async (series: Series) => {
      queryClient.setQueryData(browseKeys.seriesDetail(libraryId, seriesId), (old: object | undefined) =>
        old ? { ...old, ...series } : old,
      )
      await refreshLibrary(queryClient, libraryId)
    },
  })
}
