import type { LibraryItem } from '@shelfcast/contracts'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import type { BatchBookFields } from '../model/batch-edit.ts'
import { BatchItemEditor } from './BatchItemEditor.tsx'
import type { FieldSuggestions } from './BookFieldsEditor.tsx'
import { useWindowListOffset } from '@/lib/window-list-offset.ts'

/** A card's height before it is measured (chips wrap, so each is measured once drawn). */
const ESTIMATED_CARD_PX = 440
const GAP_PX = 16

export interface BatchItemListProps {
  items: readonly LibraryItem[]
  edited: Readonly<Record<string, BatchBookFields>>
  squareCovers: boolean
  suggestions: FieldSuggestions
  onChange: (id: string, patch: Partial<BatchBookFields>) => void
  onRemove: (id: string) => void
}

/**
 * The batch page's cards, window-virtualised: a batch of 1,000 books keeps only the cards near the
 * viewport in the page (the edits of the others live in the page's state, not in their fields).
 */
export function BatchItemList({
  items,
  edited,
  squareCovers,
  suggestions,
  onChange,
  onRemove,
}: BatchItemListProps) {
  // The apply-to-all panel above the list moves it as it opens or closes.
  const { ref: listRef, scrollMargin } = useWindowListOffset()
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: 3,
    gap: GAP_PX,
    scrollMargin,
    getItemKey: (index) => items[index]!.id,
  })

  return (
    <div ref={listRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index]!
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 start-0 w-full"
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <BatchItemEditor
              item={item}
              value={edited[item.id]!}
              squareCovers={squareCovers}
              suggestions={suggestions}
              onChange={onChange}
              onRemove={onRemove}
            />
          </div>
        )
      })}
    </div>
  )
}
