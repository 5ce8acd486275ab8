import { libraryFromJson, libraryRoutes, limits } from '@shelfcast/contracts/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'

export const libraryKeys = {
  all: ['libraries'] as const,
  list: () => [...libraryKeys.all, 'list'] as const,
  detail: (id: string) => [...libraryKeys.all, 'detail', id, 'filterdata'] as const,
}

/** The query of GET /api/libraries (also started ahead of the home page, right after sign-in). */
export function librariesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: libraryKeys.list(),
    staleTime: limits.libraryReloadThrottleMs,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.call(libraryRoutes.list, { signal })
        return answer.libraries.map(libraryFromJson)
      } catch (error) {
        console.error('[libraries] failed to load libraries', error)
        return []
      }
    },
  })
}

/** GET /api/libraries: reloaded at most every 5 minutes (socket events invalidate sooner). A failure is an empty list (spec §7). */
export function useLibraries() {
  const api = useApiClient()
  const userId = useSessionStore((s) => s.user?.id ?? null)
  return useQuery({ ...librariesQuery(api), enabled: userId !== null })
}

/** The query of GET /api/libraries/:id?include=filterdata, for hooks that need one library or several. */
export function libraryDetailQuery(api: ApiClient, libraryId: string) {
  return queryOptions({
    queryKey: libraryKeys.detail(libraryId),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const answer = await api.call(libraryRoutes.get, {
        params: { id: libraryId },
        query: { include: 'filterdata' },
        signal,
      })
      if (!('filterdata' in answer))
        throw new Error('The server answered the library without its filter data')
      return answer
    },
  })
}

/** GET /api/libraries/:id?include=filterdata: the library with its filter data, issue and playlist counts. */
export function useLibraryDetail(libraryId: string | null) {
  const api = useApiClient()
  return useQuery({ ...libraryDetailQuery(api, libraryId ?? ''), enabled: libraryId !== null })
}
