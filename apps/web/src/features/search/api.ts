import { browseRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { emptySearchResults } from './model/search-state.ts'

export const searchKeys = {
  all: ['search'] as const,
  query: (libraryId: string, q: string, limit: number) => ['search', libraryId, q, limit] as const,
}

/** GET /api/libraries/:id/search?q=&limit=, every group present. A failed search is an empty result (spec §8), logged. */
export function useLibrarySearch(libraryId: string, q: string, limit: number) {
  const api = useApiClient()
  const query = q.trim()
  return useQuery({
    queryKey: searchKeys.query(libraryId, query, limit),
    enabled: query.length > 0,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.call(browseRoutes.search, {
          params: { id: libraryId },
          // minified=1: cards need no files or tracks (Audiobookshelf ignores the flag and answers expanded hits).
          query: { q: query, limit, minified: 1 },
          signal,
        })
        // Audiobookshelf leaves out the keys of the other media type (a book library has no `podcast`).
        return { ...emptySearchResults(), ...answer }
      } catch (error) {
        if (signal.aborted) throw error
        console.error('[search] failed', error)
        return emptySearchResults()
      }
    },
  })
}
