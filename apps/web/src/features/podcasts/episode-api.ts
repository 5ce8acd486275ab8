import {
  isFullAudioFile,
  type PodcastEpisode,
  type SearchEpisodeResponse,
  type UpdateEpisodeRequest,
} from '@shelfcast/contracts'
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
  const episode = await api.get<EpisodeAnswer>(episodePath(libraryItemId, episodeId), { signal })
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
