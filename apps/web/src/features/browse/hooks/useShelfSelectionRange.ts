import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { registerSelectionRangeSource, type SelectedMediaItem } from '@/lib/item-selection.ts'
import type { PageAnswer } from '../api.ts'
import type { AnyItem } from '../model/item-view.ts'
import { selectionEntryOf } from '../model/selection-entry.ts'

/**
 * Lets a shift-click on a bookshelf card select a range: the cards between two places are read from the
 * pages the grid has cached (keys `[...listKey, pageSize, page]`). Pages never loaded have no ids to give,
 * so a range over them selects only the loaded cards.
 */
export function useShelfSelectionRange(listKey: readonly unknown[]) {
  const queryClient = useQueryClient()
  const keyText = JSON.stringify(listKey)
  useEffect(() => {
    const prefix = JSON.parse(keyText) as unknown[]
    return registerSelectionRangeSource((from, to) => {
      const byIndex = new Map<number, SelectedMediaItem>()
      for (const [key, data] of queryClient.getQueriesData<PageAnswer<AnyItem>>({ queryKey: prefix })) {
        const [size, page] = key.slice(prefix.length)
        if (typeof size !== 'number' || typeof page !== 'number' || !data) continue
        data.results.forEach((item, offset) => {
          const index = page * size + offset
          const entry = index >= from && index <= to ? selectionEntryOf(item) : null
          if (entry) byIndex.set(index, entry)
        })
      }
      return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry)
    })
  }, [queryClient, keyText])
}
