import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { publishBookshelfPage, resetBookshelfBookIds } from '@/lib/item-edit-modal.ts'
import type { PageAnswer } from '../api.ts'
import type { AnyItem } from '../model/item-view.ts'

/** Ids of a page's books in place; a collapsed series is no book to step to. */
export function shelfPageIds(results: readonly AnyItem[]): (string | undefined)[] {
  return results.map((item) => ('collapsedSeries' in item && item.collapsedSeries ? undefined : item.id))
}

/**
 * Tells the edit modal which books the shelf has loaded (spec §3 bookshelfBookIds), for its previous/next
 * arrows: a new list starts afresh with the pages already cached (keys `[...listKey, pageSize, page]`);
 * pages fetched later are added by the caller with `publishBookshelfPage`.
 */
export function usePublishShelfIds(listKey: readonly unknown[]) {
  const queryClient = useQueryClient()
  const keyText = JSON.stringify(listKey)
  useEffect(() => {
    const prefix = JSON.parse(keyText) as unknown[]
    resetBookshelfBookIds()
    for (const [key, data] of queryClient.getQueriesData<PageAnswer<AnyItem>>({ queryKey: prefix })) {
      const [size, page] = key.slice(prefix.length)
      if (typeof size === 'number' && typeof page === 'number' && data)
        publishBookshelfPage(page * size, shelfPageIds(data.results))
    }
  }, [queryClient, keyText])
}
