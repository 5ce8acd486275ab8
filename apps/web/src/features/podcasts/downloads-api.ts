import type { FeedEpisode } from '@shelfcast/contracts'
import { podcastDownloadRoutes, podcastRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { itemKeys } from '@/features/browse/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { podcastKeys } from './api.ts'

/** Rows of the latest episodes page (spec §2). */
export const RECENT_EPISODES_PAGE_SIZE = 25

/** GET /api/libraries/:id/episode-downloads: running, queued and recently finished downloads. */
export function useDownloadQueue(libraryId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: podcastKeys.downloadQueue(libraryId),
    queryFn: ({ signal }) =>
      api.call(podcastDownloadRoutes.libraryQueue, { params: { id: libraryId }, signal }),
  })
}

/** DELETE /api/podcasts/downloads/:downloadId: cancels one queued or running download. */
export function useCancelDownload(libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (downloadId: string) => api.call(podcastDownloadRoutes.cancel, { params: { downloadId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: podcastKeys.downloadQueue(libraryId) }),
  })
}

/** GET /api/podcasts/:id/clear-queue: drops a podcast's queued (not running) downloads. */
export function useClearPodcastQueue(libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (libraryItemId: string) =>
      api.call(podcastDownloadRoutes.clearQueue, { params: { id: libraryItemId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: podcastKeys.downloadQueue(libraryId) }),
  })
}

/** GET /api/libraries/:id/recent-episodes, one page (0-based). */
export function useRecentEpisodes(libraryId: string, page: number) {
  const api = useApiClient()
  return useQuery({
    queryKey: podcastKeys.recentEpisodesPage(libraryId, page),
    queryFn: ({ signal }) =>
      api.call(podcastRoutes.recentEpisodes, {
        params: { id: libraryId },
        query: { limit: RECENT_EPISODES_PAGE_SIZE, page },
        signal,
      }),
    placeholderData: (previous) => previous,
  })
}

/** GET /api/podcasts/:id/checknew: looks for new feed episodes now and queues them. */
export function useCheckNewEpisodes(libraryItemId: string) {
  const api = useApiClient()
  return useMutation({
    mutationFn: () =>
      api.call(podcastDownloadRoutes.checkNew, { params: { id: libraryItemId }, timeoutMs: 60_000 }),
  })
}

/** POST /api/podcasts/:id/match-episodes: fills episode details from the feed. */
export function useMatchEpisodes(libraryItemId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.call(podcastRoutes.matchEpisodes, { params: { id: libraryItemId }, timeoutMs: 60_000 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.detail(libraryItemId) }),
  })
}

/** POST /api/podcasts/feed {rssFeed}: the podcast's feed, parsed, to pick episodes from. */
export function usePodcastFeed(feedUrl: string | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: podcastKeys.feed(feedUrl ?? ''),
    enabled: !!feedUrl,
    retry: false,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api.call(podcastRoutes.feed, { body: { rssFeed: feedUrl ?? '' }, signal, timeoutMs: 60_000 }),
    select: (answer) => answer.podcast,
  })
}

/** POST /api/podcasts/:id/download-episodes: queues the chosen feed episodes. */
export function useDownloadEpisodes(libraryItemId: string, libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (episodes: FeedEpisode[]) =>
      api.call(podcastDownloadRoutes.downloadEpisodes, { params: { id: libraryItemId }, body: episodes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: podcastKeys.downloadQueue(libraryId) }),
  })
}
