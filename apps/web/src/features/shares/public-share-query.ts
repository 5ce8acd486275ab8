import { shareRoutes } from '@shelfcast/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '@/lib/api/index.ts'

/**
 * GET /public/share/:slug without a token: the share, the book's timeline and where to start. First-load code
 * (the route asks for it while the page's chunk is still on its way), so it stays this small.
 */
export const publicShareQuery = (api: ApiClient, slug: string) =>
  queryOptions({
    queryKey: ['public-share', slug] as const,
    queryFn: ({ signal }) => api.call(shareRoutes.page, { params: { slug }, auth: false, signal }),
    retry: false,
    // Read once per visit: the server keeps this browser's session (cookie) and its position.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
