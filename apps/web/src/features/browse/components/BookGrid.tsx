import type { ReactNode } from 'react'
import { coverAspectRatio, coverBox } from '@/components/ui/index.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import type { AnyItem } from '../model/item-view.ts'
import { ItemCard } from './ItemCard.tsx'

/**
 * A short, wrapping grid of item cards (a series' books, an author's books) at the user's cover size.
 * Long lists belong in VirtualPagedGrid; these stay small.
 */
export function BookGrid({
  items,
  squareCovers,
  caption,
  testId,
}: {
  items: readonly AnyItem[]
  squareCovers: boolean
  /** A line under each card (the sequence in a series); defaults to the author. */
  caption?: (item: AnyItem) => ReactNode
  testId?: string
}) {
  const size = useUserSettings((s) => s.settings.bookshelfCoverSize)
  const aspectRatio = coverAspectRatio(squareCovers)
  const cover = coverBox(size, aspectRatio)
  return (
    <ul className="flex flex-wrap gap-6" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} style={{ width: cover.width }}>
          <ItemCard item={item} width={cover.width} aspectRatio={aspectRatio} view="detail" />
          {caption && <div className="px-0.5 text-xs text-muted">{caption(item)}</div>}
        </li>
      ))}
    </ul>
  )
}
