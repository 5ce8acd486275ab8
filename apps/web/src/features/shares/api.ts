import type { CreateShareRequest, MediaItemShare } from '@shelfcast/contracts'
import { itemRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { shareCalls } from './share-routes.ts'

/** Under the item's own key (['item', id]), so whatever refreshes the item refreshes its share too. */
export const shareKeys = {
  ofItem: (libraryItemId: string) => ['item', libraryItemId, 'share'] as const,
}

/** `mediaItemShare` of an include=share answer: the share, or null when the book is not shared. */
export function shareOfAnswer(answer: { mediaItemShare?: unknown }): MediaItemShare | null {
  const share = answer.mediaItemShare
  return isShare(share) ? share : null
}

function isShare(value: unknown): value is MediaItemShare {
  return typeof value === 'object' && value !== null && 'id' in value && 'slug' in value
}

/** GET /api/items/:id?include=share: the book's active share, or null. */
export function useItemShare(libraryItemId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: shareKeys.ofItem(libraryItemId),
    queryFn: async ({ signal }) =>
      shareOfAnswer(
        await api.call(itemRoutes.get, {
          params: { id: libraryItemId },
          query: { include: 'share' },
          signal,
        }),
      ),
    staleTime: 0,
  })
}

/** POST /api/share/mediaitem: the new share replaces "not shared" in the cache at once. */
export function useCreateShare() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: CreateShareRequest) => api.call(shareCalls.create, { body: request }),
    onSuccess: (share) => queryClient.setQueryData(shareKeys.ofItem(share.mediaItemId), share),
  })
}

/** DELETE /api/share/mediaitem/:id: the book reads as not shared at once. */
export function useDeleteShare() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (share: MediaItemShare) => {
      await api.call(shareCalls.remove, { params: { id: share.id } })
      return share
    },
    onSuccess: (share) => queryClient.setQueryData(shareKeys.ofItem(share.mediaItemId), null),
  })
}
