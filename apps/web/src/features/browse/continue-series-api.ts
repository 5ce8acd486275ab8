import type { User } from '@shelfcast/contracts'
import { meRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { browseKeys } from './api.ts'

/**
 * Hides a series from (or shows it again on) the user's Continue Series shelf. The answer is the updated user:
 * stored at once, and the library's shelves refetch, so the shelf changes without waiting for `user_updated`.
 */
export function useContinueSeriesVisibility(libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ seriesId, hide }: { seriesId: string; hide: boolean }) =>
      api.call(hide ? meRoutes.hideSeries : meRoutes.showSeries, { params: { id: seriesId } }),
    onSuccess: async (user: User) => {
      useSessionStore.getState().setUser(user)
      await queryClient.invalidateQueries({ queryKey: browseKeys.personalized(libraryId) })
    },
  })
}
