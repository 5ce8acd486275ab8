import { skipToken, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { PageAnswer } from '../api.ts'
import {
  firstScreenPages,
  gridColumns,
  gridOverscanRows,
  gridPageSize,
  gridRowsPerPage,
  gridRowCount,
  pageOf,
  pagesToFetch,
  rowIndexes,
} from '../model/virtual-grid.ts'
import type { CardGeometry } from '../model/card-geometry.ts'

export interface VirtualPagedGridProps<T> {
  /** Base query key of the list (its params); page size and page number are appended. */
  queryKey: readonly unknown[]
  fetchPage: (page: number, limit: number, signal: AbortSignal) => Promise<PageAnswer<T>>
  /** The cards' size (cardGeometry): their width, their full height and the gap between them. */
  geometry: Pick<CardGeometry, 'width' | 'height' | 'gap'>
  renderCard: (item: T, index: number) => ReactNode
  /** Reports the total once known (null while unknown). */
  onTotal?: (total: number | null) => void
  /** Shown when the list is empty. */
  empty: ReactNode
  /** Shown until the first page arrives. */
  loading: ReactNode
  /** Shown when the first page fails. */
  error: (error: unknown, retry: () => void) => ReactNode
  testId?: string
}

/** A scrolled-away page is dropped from memory after this long: 100,000 items are never all held. */
const PAGE_GC_MS = 60_000
/** While the user scrolls fast, pages are asked for once the viewport has stayed put this long. */
const SETTLE_MS = 120

/**
 * A window-scrolled grid of cards that pages from the server: only the rows in and near the viewport are
 * in the DOM (at most MAX_CARDS_IN_DOM cards), and only the pages those rows need are fetched, once the
 * scrolling settles. Cards whose page has not arrived show a skeleton of the same size.
 */
export function VirtualPagedGrid<T>({
  queryKey,
  fetchPage,
  geometry,
  renderCard,
  onTotal,
  empty,
  loading,
  error,
  testId,
}: VirtualPagedGridProps<T>) {
  const queryClient = useQueryClient()
  const containerRef = useRef<HTMLDivElement>(null)
  // Nothing is fetched before the first measure: the page size depends on the width.
  const [measured, setMeasured] = useState(false)
  const [width, setWidth] = useState(0)
  const [scrollMargin, setScrollMargin] = useState(0)

  useLayoutEffect(() => {
    const element = containerRef.current
    if (!element) return
    const measure = () => {
      setMeasured(true)
      setWidth(element.clientWidth)
      setScrollMargin(Math.round(element.getBoundingClientRect().top + window.scrollY))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.parentElement) observer.observe(element.parentElement)
    return () => observer.disconnect()
  }, [])

  // The viewport height as the grid opened: page sizes stay put while the window is resized.
  const [viewportHeight] = useState(() => (typeof window === 'undefined' ? 800 : window.innerHeight))
  const { width: cardWidth, height: cardHeight, gap } = geometry
  const columns = gridColumns(width, cardWidth, gap)
  const rowHeight = cardHeight + gap
  const pageSize = gridPageSize(columns, gridRowsPerPage(viewportHeight, rowHeight))
  const pageKey = (page: number) => [...queryKey, pageSize, page] as const

  // The list's total, kept under its own key so it outlives scrolled-away pages and page-size changes:
  // every page answer writes it, and this observer keeps it in the cache while the grid is shown.
  const totalKey = [...queryKey, 'total'] as const
  const total = useQuery<number>({ queryKey: totalKey, queryFn: skipToken, staleTime: Infinity }).data ?? null

  const viewportRows = Math.ceil(viewportHeight / rowHeight) + 1
  const overscan = gridOverscanRows(columns, viewportRows)

  // Which rows to fetch for: the rendered ones, once they stop racing past (set below); until the
  // virtualizer has rows, the first screen.
  const [settled, setSettled] = useState({ firstRow: 0, lastRow: -1 })
  const range = settled.lastRow < settled.firstRow ? { firstRow: 0, lastRow: viewportRows - 1 } : settled
  // A new list (other sort or filter) starts at its top: the pages of a first screen, asked for together.
  // An empty list keeps watching its first page, so items that arrive later (a scan) show up.
  const wanted = !measured
    ? []
    : total === null
      ? firstScreenPages(viewportRows, columns, pageSize)
      : total === 0
        ? [0]
        : pagesToFetch(range, columns, pageSize, total)
  const results = useQueries({
    queries: wanted.map((page) => ({
      queryKey: pageKey(page),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await fetchPage(page, pageSize, signal)
        queryClient.setQueryData(totalKey, answer.total)
        return answer
      },
      gcTime: PAGE_GC_MS,
    })),
  })
  useEffect(() => {
    onTotal?.(total)
  }, [onTotal, total])

  // TanStack Virtual keeps its own state outside React; the grid re-renders from its onChange.
  const virtualizer = useWindowVirtualizer({
    count: total === null ? 0 : gridRowCount(total, columns),
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin,
  })
  // The virtualizer keeps the row sizes it estimated: another view or cover size must re-measure them,
  // or the rows keep their old pitch and overlap.
  useLayoutEffect(() => {
    virtualizer.measure()
  }, [virtualizer, rowHeight])
  const rows = virtualizer.getVirtualItems()
  const firstRow = rows[0]?.index ?? 0
  const lastRow = rows.length > 0 ? rows[rows.length - 1]!.index : -1
  const isScrolling = virtualizer.isScrolling
  useEffect(() => {
    if (settled.firstRow === firstRow && settled.lastRow === lastRow) return
    const timer = setTimeout(() => setSettled({ firstRow, lastRow }), isScrolling ? SETTLE_MS : 0)
    return () => clearTimeout(timer)
  }, [firstRow, lastRow, isScrolling, settled])

  const itemAt = (index: number): T | undefined => {
    const { page, offset } = pageOf(index, pageSize)
    return queryClient.getQueryData<PageAnswer<T>>(pageKey(page))?.results[offset]
  }
  const firstPage = results[0]
  const state = total === null ? 'loading' : total === 0 ? 'empty' : 'ready'

  // One container in every state: it is what the layout effect measures.
  return (
    <div
      ref={containerRef}
      data-testid={testId}
      data-state={state}
      data-total={total ?? undefined}
      className="relative w-full"
      style={total ? { height: gridRowCount(total, columns) * rowHeight } : undefined}
    >
      {total === null &&
        (firstPage?.isError ? error(firstPage.error, () => void firstPage.refetch()) : loading)}
      {total === 0 && empty}
      {!!total &&
        rows.map((row) => (
          <div
            key={row.key}
            role="presentation"
            className="absolute top-0 start-0 flex w-full"
            style={{ height: rowHeight, gap, transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {rowIndexes(row.index, columns, total).map((index) => {
              const item = itemAt(index)
              return (
                <div
                  key={index}
                  style={{ width: cardWidth, height: cardHeight }}
                  className="shrink-0"
                  data-index={index}
                >
                  {item === undefined ? <CardSkeleton /> : renderCard(item, index)}
                </div>
              )
            })}
          </div>
        ))}
    </div>
  )
}

function CardSkeleton() {
  return (
    <div className="size-full animate-pulse rounded-md bg-surface-raised/70" data-testid="card-skeleton" />
  )
}
