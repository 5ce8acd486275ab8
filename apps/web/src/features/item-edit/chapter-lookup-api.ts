import type { AudibleRegion } from '@shelfcast/contracts'
import { metadataRoutes } from '@shelfcast/contracts/client'
import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'

// Apart from api.ts, which the first load carries (the settings page's cover providers): only the chapter
// editor, loaded on demand, uses this.

/** GET /api/search/chapters: Audible's chapters of an ASIN through Audnexus, or `{error}` when it has none. */
export function useChapterLookup() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (lookup: { asin: string; region: AudibleRegion }) =>
      api.call(metadataRoutes.searchChapters, { query: lookup, timeoutMs: 60_000 }),
  })
}
