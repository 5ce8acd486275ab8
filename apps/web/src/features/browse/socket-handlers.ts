import type { ItemRemovedPayload, LibraryChangedPayload, LibraryItem } from '@shelfcast/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { libraryKeys } from '@/features/libraries/index.ts'
import { socketEvents, type SocketEventContext } from '@/lib/socket/index.ts'
import { authorKeys, browseKeys, itemKeys } from './api.ts'
import { createThrottledFlush, isPageAnswer, patchPage } from './model/cache-updates.ts'

/** Library views refetch at most this often while a scan streams items in. */
export const LIBRARY_REFRESH_MS = 1000

/**
 * Keeps library views current from socket events, cheaply: updated items are swapped into cached
 * pages in place; additions and removals mark the library's lists stale (only what is on screen
 * refetches), at most once a second per library however fast a scan reports.
 */
export function registerBrowseSocketHandlers(): () => void {
  let client: QueryClient | null = null
  const lists = createThrottledFlush(LIBRARY_REFRESH_MS, (libraryIds) => {
    for (const libraryId of libraryIds) {
      void client?.invalidateQueries({ queryKey: browseKeys.library(libraryId) })
      void client?.invalidateQueries({ queryKey: libraryKeys.detail(libraryId) })
    }
    void client?.invalidateQueries({ queryKey: authorKeys.all })
  })
  // Updates change filter data and issue counts, and the home shelves, but not the order of pages.
  const details = createThrottledFlush(LIBRARY_REFRESH_MS, (libraryIds) => {
    for (const libraryId of libraryIds) {
      void client?.invalidateQueries({ queryKey: libraryKeys.detail(libraryId) })
      void client?.invalidateQueries({ queryKey: browseKeys.personalized(libraryId) })
    }
  })

  const added = ({ queryClient }: SocketEventContext, items: LibraryItem[]) => {
    client = queryClient
    for (const libraryId of new Set(items.map((item) => item.libraryId))) lists.schedule(libraryId)
  }

  const updated = ({ queryClient }: SocketEventContext, items: LibraryItem[]) => {
    client = queryClient
    const byLibrary = new Map<string, Map<string, LibraryItem>>()
    for (const item of items) {
      const map = byLibrary.get(item.libraryId) ?? new Map<string, LibraryItem>()
      map.set(item.id, item)
      byLibrary.set(item.libraryId, map)
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item.id) })
    }
    for (const [libraryId, updates] of byLibrary) {
      queryClient.setQueriesData({ queryKey: browseKeys.items(libraryId) }, (data: unknown) =>
        isPageAnswer(data) ? patchPage(data, updates) : data,
      )
      details.schedule(libraryId)
    }
  }

  const seriesChanged = ({ queryClient }: SocketEventContext, series: { libraryId?: string }) => {
    client = queryClient
    if (series?.libraryId) lists.schedule(series.libraryId)
  }

  const offs = [
    socketEvents.register('items_added', (context, items: LibraryItem[]) => added(context, items ?? [])),
    socketEvents.register('item_added', (context, item: LibraryItem) => item && added(context, [item])),
    socketEvents.register('items_updated', (context, items: LibraryItem[]) => updated(context, items ?? [])),
    socketEvents.register('item_updated', (context, item: LibraryItem) => item && updated(context, [item])),
    socketEvents.register('item_removed', ({ queryClient }, payload: ItemRemovedPayload) => {
      client = queryClient
      if (!payload?.id) return
      queryClient.removeQueries({ queryKey: itemKeys.detail(payload.id) })
      if (payload.libraryId) lists.schedule(payload.libraryId)
    }),
    // A series renamed, described or gone: its lists, page, shelves and the filter data refetch (a page left on a
    // removed series then shows its not-found state).
    socketEvents.register('series_updated', seriesChanged),
    socketEvents.register('series_removed', seriesChanged),
    // The user's hidden series may have changed (another tab or device): home shelves refetch.
    socketEvents.register('user_updated', ({ queryClient }) => {
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'browse' && query.queryKey[2] === 'personalized',
      })
    }),
    socketEvents.register('library_updated', ({ queryClient }, library: LibraryChangedPayload) => {
      client = queryClient
      if (library?.id) lists.schedule(library.id)
    }),
    socketEvents.register('library_removed', ({ queryClient }, library: LibraryChangedPayload) => {
      if (library?.id) queryClient.removeQueries({ queryKey: browseKeys.library(library.id) })
    }),
  ]
  return () => {
    offs.forEach((off) => off())
    lists.cancel()
    details.cancel()
  }
}
