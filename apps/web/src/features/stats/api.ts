import { browseRoutes, playbackRoutes, statsRoutes } from '@shelfcast/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'

export const statsKeys = {
  myListening: () => ['me', 'listening-stats'] as const,
  library: (id: string) => ['stats', 'library', id] as const,
  myYear: (year: number) => ['stats', 'me', 'year', year] as const,
  serverYear: (year: number) => ['stats', 'server', 'year', year] as const,
  server: () => ['stats', 'server'] as const,
}

/** GET /api/me/listening-stats: the caller's days, items and recent sessions. */
export function useMyListeningStats() {
  const api = useApiClient()
  return useQuery({
    queryKey: statsKeys.myListening(),
    queryFn: ({ signal }) => api.call(playbackRoutes.myListeningStats, { signal }),
  })
}

/** GET /api/libraries/:id/stats (admin). */
export function useLibraryStats(libraryId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: statsKeys.library(libraryId),
    queryFn: ({ signal }) => api.call(browseRoutes.stats, { params: { id: libraryId }, signal }),
  })
}

/** GET /api/me/stats/year/:year: the caller's year in review. */
export function useMyYearStats(year: number, enabled = true) {
  const api = useApiClient()
  return useQuery({
    queryKey: statsKeys.myYear(year),
    queryFn: ({ signal }) => api.call(statsRoutes.myYear, { params: { year }, signal }),
    enabled,
    // The previous year's answer keeps the year picker's list while another year loads.
    placeholderData: keepPreviousData,
  })
}

/** GET /api/stats/year/:year (admin): the server's year. */
export function useServerYearStats(year: number, enabled: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: statsKeys.serverYear(year),
    queryFn: ({ signal }) => api.call(statsRoutes.serverYear, { params: { year }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  })
}

/** GET /api/stats/server (admin): today's totals of the server. */
export function useServerStats(enabled: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: statsKeys.server(),
    queryFn: ({ signal }) => api.call(statsRoutes.server, { signal }),
    enabled,
  })
}
