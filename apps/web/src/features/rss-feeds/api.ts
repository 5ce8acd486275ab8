import type {
  ExpandedItemResponse,
  Collection,
  FeedMetadataDetails,
  FeedMinified,
  FeedsResponse,
  SeriesDetail,
} from '@shelfcast/contracts'
import { feedRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { browseKeys, itemKeys } from '@/features/browse/index.ts'
import { collectionKeys } from '@/features/collections/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import type { RssFeedTarget } from '@/lib/rss-feed-modal.ts'
import { socketEvents } from '@/lib/socket/index.ts'

export const feedKeys = { all: ['rss-feeds'] as const }

/** What the open form sends (the slug already sanitised). */
export interface OpenFeedInput {
  serverAddress: string
  slug: string
  metadataDetails: FeedMetadataDetails
}

/**
 * Puts the entity's new feed state (the open feed, or null once closed) into the cached item, collection and
 * series, so their pages and the modal show it at once; then lists (cover badges, feed-open filter) refetch.
 */
export function applyFeedState(
  queryClient: QueryClient,
  entity: { entityType: FeedMinified['entityType']; entityId: string },
  feed: FeedMinified | null,
): void {
  const withFeed = <T extends object>(old: T | undefined) => (old ? { ...old, rssFeed: feed } : old)
  if (entity.entityType === 'item') {
    queryClient.setQueryData<ExpandedItemResponse>(itemKeys.detail(entity.entityId), withFeed)
  } else if (entity.entityType === 'collection') {
    queryClient.setQueryData<Collection>(collectionKeys.detail(entity.entityId), withFeed)
  } else {
    // Series details are kept per library: ['browse', libraryId, 'series-detail', seriesId].
    queryClient.setQueriesData<SeriesDetail>(
      {
        predicate: (query) => query.queryKey[2] === 'series-detail' && query.queryKey[3] === entity.entityId,
      },
      withFeed,
    )
  }
  void queryClient.invalidateQueries({ queryKey: browseKeys.all })
  void queryClient.invalidateQueries({ queryKey: feedKeys.all })
}

/** POST /api/feeds/{item|collection|series}/:id/open */
export function useOpenFeed(target: RssFeedTarget) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: OpenFeedInput) => {
      const id = target.entityId
      switch (target.entityType) {
        case 'item':
          return api.call(feedRoutes.openForItem, { params: { itemId: id }, body })
        case 'collection':
          return api.call(feedRoutes.openForCollection, { params: { collectionId: id }, body })
        case 'series':
          return api.call(feedRoutes.openForSeries, { params: { seriesId: id }, body })
      }
    },
    onSuccess: ({ feed }) => applyFeedState(queryClient, feed, feed),
  })
}

/** POST /api/feeds/:id/close */
export function useCloseFeed() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (feed: Pick<FeedMinified, 'id' | 'entityType' | 'entityId'>) => {
      await api.call(feedRoutes.close, { params: { id: feed.id } })
      return feed
    },
    onSuccess: (feed) => applyFeedState(queryClient, feed, null),
  })
}

/** GET /api/feeds (admin), kept current while shown: another admin opening or closing a feed refetches it. */
export function useOpenFeeds() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  useEffect(() => {
    const offOpen = socketEvents.register('rss_feed_open', (_context, feed) =>
      applyFeedState(queryClient, feed, feed),
    )
    const offClosed = socketEvents.register('rss_feed_closed', (_context, feed) =>
      applyFeedState(queryClient, feed, null),
    )
    return () => {
      offOpen()
      offClosed()
    }
  }, [queryClient])
  return useQuery({
    queryKey: feedKeys.all,
    queryFn: ({ signal }): Promise<FeedsResponse> => api.call(feedRoutes.list, { signal }),
  })
}
