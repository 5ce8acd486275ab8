import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { dropIndex } from '../model/reorder.ts'

export interface RowDrag {
  from: number
  to: number
}

/** Pointer this close to the window's top or bottom edge scrolls the page while dragging. */
const EDGE_PX = 64
const EDGE_SCROLL_PX = 16

/**
 * Dragging a row of a fixed-height list by its handle. Listeners sit on the window, not the handle: the
 * row under the pointer changes while the list re-renders in its preview order. Scrolling counts
 * (page coordinates), and the page scrolls near the window's edges.
 */
export function useRowDrag({
  rowHeight,
  count,
  listTop,
  onDrop,
}: {
  rowHeight: number
  count: number
  /** The list's top in page coordinates. */
  listTop: () => number
  onDrop: (from: number, to: number) => void
}) {
  const [drag, setDrag] = useState<RowDrag | null>(null)
  const cleanup = useRef<(() => void) | null>(null)
  useEffect(() => () => cleanup.current?.(), [])

  const start = (event: ReactPointerEvent, from: number) => {
    if (event.button !== 0) return
    event.preventDefault()
    const grabOffset = event.pageY - (listTop() + from * rowHeight)
    let to = from
    setDrag({ from, to })
    const targetAt = (pageY: number) =>
      dropIndex(pageY - listTop() - grabOffset + rowHeight / 2, rowHeight, count)
    const onMove = (e: PointerEvent) => {
      if (e.clientY < EDGE_PX) window.scrollBy(0, -EDGE_SCROLL_PX)
      else if (e.clientY > window.innerHeight - EDGE_PX) window.scrollBy(0, EDGE_SCROLL_PX)
      const next = targetAt(e.pageY)
      if (next !== to) {
        to = next
        setDrag({ from, to })
      }
    }
    const finish = (drop: boolean) => {
      cleanup.current?.()
      setDrag(null)
      if (drop && to !== from) onDrop(from, to)
    }
    const onUp = () => finish(true)
    const onCancel = () => finish(false)
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && finish(false)
    window.addEventListener('pointermove', onMove)
    window.addEventListener('pointerup', onUp)
    window.addEventListener('pointercancel', onCancel)
    window.addEventListener('keydown', onKey)
    cleanup.current = () => {
      window.removeEventListener('pointermove', onMove)
      window.removeEventListener('pointerup', onUp)
      window.removeEventListener('pointercancel', onCancel)
      window.removeEventListener('keydown', onKey)
      cleanup.current = null
    }
  }

  return { drag, start }
}
