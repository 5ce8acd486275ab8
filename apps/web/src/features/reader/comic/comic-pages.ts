import type { ComicPage } from '@shelfcast/contracts'
import { comicPageRoutes, fillPath } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { isApiError, useApiClient, type ApiClient } from '@/lib/api/index.ts'

/** Pages read ahead of the one shown, so a page turn finds its image decoded already. */
export const PRELOAD_AHEAD = 2

/** The saved location (a 1-based page number) as a 0-based index; anything else starts at the first page. */
export function initialIndex(location: string | null): number {
  const page = location && /^\d{1,6}$/.test(location.trim()) ? Number(location.trim()) : 1
  return Math.max(0, page - 1)
}

export const clampIndex = (index: number, count: number) =>
  Math.min(Math.max(0, index), Math.max(0, count - 1))

/** The server path of one page image (without base path or token). */
export const pagePath = (libraryItemId: string, index: number) =>
  fillPath(comicPageRoutes.page.path, { id: libraryItemId, index })

/**
 * The URL an <img> loads a page from: an image request sends no bearer header, so the token rides as `?token=`
 * (the route accepts it there, as media and download routes do).
 */
export function pageUrl(
  api: ApiClient,
  libraryItemId: string,
  fileIno: string,
  index: number,
  token: string | null,
) {
  return api.url(pagePath(libraryItemId, index), { fileid: fileIno, token })
}

export type PageList =
  { state: 'loading' } | { state: 'ready'; pages: ComicPage[] } | { state: 'error'; message: string }

/** The comic's page list, fetched once per file; an unreadable archive answers the server's own message. */
export function usePageList(libraryItemId: string, fileIno: string, fallbackMessage: string): PageList {
  const api = useApiClient()
  const query = useQuery({
    queryKey: ['comic-pages', libraryItemId, fileIno],
    queryFn: ({ signal }) =>
      api.call(comicPageRoutes.pages, {
        params: { id: libraryItemId },
        query: { fileid: fileIno },
        signal,
        timeoutMs: 60_000,
      }),
    // The list of one file version does not change while it is read; a 422 is not worth retrying.
    staleTime: Infinity,
    retry: false,
  })
  if (query.isPending) return { state: 'loading' }
  if (query.isError) {
    const err = query.error
    return {
      state: 'error',
      message: isApiError(err) && err.kind === 'http' && err.message ? err.message : fallbackMessage,
    }
  }
  const pages = query.data.pages
  return pages.length > 0 ? { state: 'ready', pages } : { state: 'error', message: fallbackMessage }
}

/**
 * Why a page image failed: the server's message (a 422 names the zip bomb or damage), or null when the page
 * answers fine now (a passing network fault).
 */
export async function pageFailure(
  api: ApiClient,
  libraryItemId: string,
  fileIno: string,
  index: number,
  headers: Record<string, string>,
): Promise<{ status: number; message: string } | null> {
  try {
    const response = await fetch(api.url(pagePath(libraryItemId, index), { fileid: fileIno }), { headers })
    if (response.ok) return null
    return { status: response.status, message: (await response.text()).trim() }
  } catch {
    return { status: 0, message: '' }
  }
}

/** Keeps decoded images of the pages around `index` (the next PRELOAD_AHEAD and the previous one). */
export function usePreload(urls: readonly string[]) {
  const cache = useRef(new Map<string, HTMLImageElement>())
  const key = urls.join('\n')
  useEffect(() => {
    const keep = new Set(key ? key.split('\n') : [])
    for (const url of cache.current.keys()) if (!keep.has(url)) cache.current.delete(url)
    for (const url of keep) {
      if (cache.current.has(url)) continue
      const image = new Image()
      image.decoding = 'async'
      // Behind the page being looked at, never before it.
      image.fetchPriority = 'low'
      image.src = url
      // Decoding ahead makes the turn a paint; a failure shows when the page itself is opened.
      image.decode?.().catch(() => undefined)
      cache.current.set(url, image)
    }
  }, [key])
}
