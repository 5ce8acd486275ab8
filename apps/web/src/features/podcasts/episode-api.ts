import type { PodcastEpisode, SearchEpisodeResponse, UpdateEpisodeRequest } from '@shelfcast/contracts'
import { useQuery } from '@tanstack/react-query'
import { itemKeys } from '@/features/browse/index.ts'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'

const enc = encodeURIComponent

/** One episode lives under its item's key, so refreshing the item refreshes the open episode modals. */
export const episodeKeys = {
  detail: (libraryItemId: string, episodeId: string) =>
    [...itemKeys.detail(libraryItemId), 'episode', episodeId] as const,
}

const episodePath = (libraryItemId: string, episodeId: string) =>
  `/api/podcasts/${enc(libraryItemId)}/episode/${enc(episodeId)}`

/** GET /api/podcasts/:id/episode/:episodeId. */
export function fetchEpisode(api: ApiClient, libraryItemId: string, episodeId: string, signal?: AbortSignal) {
  return api.get<PodcastEpisode>(episodePath(libraryItemId, episodeId), { signal })
}

export function episodeQueryOptions(api: ApiClient, libraryItemId: string, episodeId: string) {
  return {
    queryKey: episodeKeys.detail(libraryItemId, episodeId),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchEpisode(api, libraryItemId, episodeId, signal),
  }
}

export function useEpisode(libraryItemId: string, episodeId: string) {
  const api = useApiClient()
  return useQuery(episodeQueryOptions(api, libraryItemId, episodeId))
}

/** PATCH /api/podcasts/:id/episode/:episodeId (update permission). */
export function updateEpisode(
  api: ApiClient,
  libraryItemId: string,
  episodeId: string,
  body: UpdateEpisodeRequest,
): Promise<unknown> {
  return api.patch<unknown>(episodePath(libraryItemId, episodeId), body)
}

/** DELETE /api/podcasts/:id/episode/:episodeId; `hard` also deletes the audio file. */
export function deleteEpisode(
  api: ApiClient,
  libraryItemId: string,
  episodeId: string,
  hard: boolean,
): Promise<unknown> {
  return api.delete<unknown>(episodePath(libraryItemId, episodeId), { query: hard ? { hard: 1 } : undefined })
}

/** GET /api/podcasts/:id/search-episode?title= (admin): the feed's episodes nearest the title. */
export function searchFeedEpisodes(
  api: ApiClient,
  libraryItemId: string,
  title: string,
  signal?: AbortSignal,
): Promise<SearchEpisodeResponse> {
  return api.get<SearchEpisodeResponse>(`/api/podcasts/${enc(libraryItemId)}/search-episode`, {
    query: { title },
    signal,
  })
}
