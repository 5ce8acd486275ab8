import type {
  LibraryItem,
  PodcastEpisode,
  SearchEpisodeResponse,
  UpdateEpisodeRequest,
} from '@shelfcast/contracts'
import { isFullAudioFile, podcastRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { itemKeys } from '@/features/browse/index.ts'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'

/** One episode lives under its item's key, so refreshing the item refreshes the open episode modals. */
export const episodeKeys = {
  detail: (libraryItemId: string, episodeId: string) =>
    [...itemKeys.detail(libraryItemId), 'episode', episodeId] as const,
}

/** One episode as it may come: Audiobookshelf answers it without `duration` and `size` (its file has them). */
type EpisodeAnswer = Omit<PodcastEpisode, 'duration' | 'size'> &
  Partial<Pick<PodcastEpisode, 'duration' | 'size'>>

/** GET /api/podcasts/:id/episode/:episodeId, with duration and size taken from the file when left out. */
export async function fetchEpisode(
  api: ApiClient,
  libraryItemId: string,
  episodeId: string,
  signal?: AbortSignal,
): Promise<PodcastEpisode> {
  const episode: EpisodeAnswer = await api.call(podcastRoutes.episode, {
    params: { id: libraryItemId, episodeId },
    signal,
  })
  const file = episode.audioFile
  return {
    ...episode,
    duration: episode.duration ?? (isFullAudioFile(file) ? file.duration : 0),
    size: episode.size ?? file?.metadata.size ?? 0,
  }
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

/** PATCH /api/podcasts/:id/episode/:episodeId (update permission); answers the whole podcast item. */
export function updateEpisode(
  api: ApiClient,
  libraryItemId: string,
  episodeId: string,
  body: UpdateEpisodeRequest,
): Promise<LibraryItem> {
  return api.call(podcastRoutes.updateEpisode, { params: { id: libraryItemId, episodeId }, body })
}

/** DELETE /api/podcasts/:id/episode/:episodeId; `hard` also deletes the audio file. */
export function deleteEpisode(
  api: ApiClient,
  libraryItemId: string,
  episodeId: string,
  hard: boolean,
): Promise<LibraryItem> {
  return api.call(podcastRoutes.removeEpisode, {
    params: { id: libraryItemId, episodeId },
    query: hard ? { hard: 1 } : undefined,
  })
}

/** GET /api/podcasts/:id/search-episode?title= (admin): the feed's episodes nearest the title. */
export function searchFeedEpisodes(
  api: ApiClient,
  libraryItemId: string,
  title: string,
  signal?: AbortSignal,
): Promise<SearchEpisodeResponse> {
  return api.call(podcastRoutes.searchEpisode, { params: { id: libraryItemId }, query: { title }, signal })
}
