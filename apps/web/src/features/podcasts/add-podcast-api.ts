import type { CreatePodcastRequest, OpmlCreateRequest } from '@shelfcast/contracts'
import { metadataRoutes, podcastRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { podcastKeys } from './api.ts'
import type { PodcastSearchRegion } from './model/add-podcast-search.ts'

/** Query keys of the Add page, under the feature's ['podcasts'] root. */
export const addPodcastKeys = {
  search: (term: string, country: string) => [...podcastKeys.all, 'search', country, term] as const,
}

/** GET /api/search/podcast?term&country: the iTunes directory; only runs for a submitted term. */
export function usePodcastDirectorySearch(query: { term: string; country: PodcastSearchRegion } | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: addPodcastKeys.search(query?.term ?? '', query?.country ?? ''),
    enabled: query !== null,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      api.call(metadataRoutes.searchPodcasts, {
        query: { term: query?.term, country: query?.country },
        signal,
      }),
  })
}

/** GET /api/libraries/:id/podcast-titles: what is subscribed already, to mark results. */
export function usePodcastTitles(libraryId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: podcastKeys.titles(libraryId),
    staleTime: 60_000,
    queryFn: ({ signal }) => api.call(podcastRoutes.titles, { params: { id: libraryId }, signal }),
  })
}

/** POST /api/podcasts/feed: fetch and parse a feed for the preview (the server fetches it). */
export function usePodcastFeedPreview() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (rssFeed: string) => api.call(podcastRoutes.feed, { body: { rssFeed }, timeoutMs: 60_000 }),
  })
}

/** POST /api/podcasts: subscribe; the library's lists and titles refresh. */
export function useCreatePodcast(libraryId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // The server makes the folder and fetches the cover before it answers.
    mutationFn: (body: CreatePodcastRequest) => api.call(podcastRoutes.create, { body, timeoutMs: 60_000 }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: podcastKeys.titles(libraryId) })
      void queryClient.invalidateQueries({ queryKey: ['browse', libraryId] })
    },
  })
}

/** POST /api/podcasts/opml/parse: the feeds an OPML file lists. */
export function useParseOpml() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (opmlText: string) => api.call(podcastRoutes.parseOpml, { body: { opmlText } }),
  })
}

/** POST /api/podcasts/opml/create: subscribe to the chosen feeds as one server task (answers at once). */
export function useCreateFromOpml() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (body: OpmlCreateRequest) => api.call(podcastRoutes.createFromOpml, { body }),
  })
}

/**
 * GET /api/libraries/:id/opml through the API client (bearer token, refresh on 401, the server's message
 * on failure); the page hands the text to the browser as a file.
 */
export function useExportOpml(libraryId: string) {
  const api = useApiClient()
  return useMutation({
    mutationFn: () => api.call(podcastRoutes.exportOpml, { params: { id: libraryId }, timeoutMs: 60_000 }),
  })
}
