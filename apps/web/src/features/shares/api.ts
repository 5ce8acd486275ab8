import type { CreateShareRequest, MediaItemShare } from '@shelfcast/contracts'
import { fillPath, itemRoutes, shareRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { publicShareQuery } from './public-share-query.ts'

/** Under the item's own key (['item', id]), so whatever refreshes the item refreshes its share too. */
export const shareKeys = {
  ofItem: (libraryItemId: string) => ['item', libraryItemId, 'share'] as const,
}

/** GET /api/items/:id?include=share: the book's active share, or null. */
export function useItemShare(libraryItemId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: shareKeys.ofItem(libraryItemId),
    queryFn: async ({ signal }) => {
      const answer = await api.call(itemRoutes.get, {
        params: { id: libraryItemId },
        query: { include: 'share' },
        signal,
      })
      return answer.mediaItemShare ?? null
    },
    staleTime: 0,
  })
}

/** POST /api/share/mediaitem: the new share replaces "not shared" in the cache at once. */
export function useCreateShare() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: CreateShareRequest) => api.call(shareRoutes.create, { body: request }),
    onSuccess: (share) => queryClient.setQueryData(shareKeys.ofItem(share.mediaItemId), share),
  })
}

/** DELETE /api/share/mediaitem/:id: the book reads as not shared at once. */
export function useDeleteShare() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (share: MediaItemShare) => {
      await api.call(shareRoutes.remove, { params: { id: share.id } })
      return share
    },
    onSuccess: (share) => queryClient.setQueryData(shareKeys.ofItem(share.mediaItemId), null),
  })
}

/** GET /public/share/:slug without a token (prefetched by the route, see PrefetchPublicShare). */
export function usePublicShare(slug: string) {
  return useQuery(publicShareQuery(useApiClient(), slug))
}

/** The URLs of a share's files under the router's base path. */
export function usePublicShareUrls(slug: string) {
  const api = useApiClient()
  return useMemo(() => publicShareUrls(api, slug), [api, slug])
}

function publicShareUrls(api: ApiClient, slug: string) {
  return {
    track: (index: number) => api.url(fillPath(shareRoutes.track.path, { slug, index })),
    cover: api.url(fillPath(shareRoutes.cover.path, { slug })),
    download: api.url(fillPath(shareRoutes.download.path, { slug })),
    /** PATCH /public/share/:slug/progress (the share session's cookie says whose); failures are let go. */
    sendProgress: (currentTime: number) => {
      api
        .call(shareRoutes.progress, { params: { slug }, body: { currentTime }, auth: false })
        .catch(() => undefined)
    },
    /** The same as the page goes away: `keepalive` lets the request outlive it. */
    sendProgressOnLeave: (currentTime: number) => {
      void fetch(api.url(fillPath(shareRoutes.progress.path, { slug })), {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ currentTime }),
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => undefined)
    },
  }
}
