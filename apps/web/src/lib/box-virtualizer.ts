import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef } from 'react'

/**
 * A windowed list of fixed-height rows inside a scrolling box of at most `boxHeight` px: only the rows
 * near the view are rendered, so thousands of episodes stay light. Until the box has been laid out (or
 * where there is no layout, as in tests) it counts as its full height.
 */
export function useBoxVirtualizer(count: number, rowHeight: number, boxHeight: number) {
  const scroller = useRef<HTMLDivElement>(null)
  const fallbackRect = { width: 0, height: boxHeight }
  // The virtualizer hands out new functions every render; the compiler leaves this hook unmemoized, as it must.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: fallbackRect,
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : fallbackRect)),
  })
  // Estimated sizes are kept until measured again: a new row height must re-measure, or rows overlap.
  useLayoutEffect(() => {
    virtualizer.measure()
  }, [virtualizer, rowHeight])
  return { scroller, virtualizer }
}
