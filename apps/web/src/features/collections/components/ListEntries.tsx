import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CoverImage, Icon, cn } from '@/components/ui/index.ts'
import { durationLabel, itemCoverUrl } from '@/features/browse/index.ts'
import { PlayButton } from '@/features/player/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { useWindowListOffset } from '@/lib/window-list-offset.ts'
import { useRowDrag } from '../hooks/useRowDrag.ts'
import { playAllQueue, type ListEntryView } from '../model/list-view.ts'
import { moveEntry } from '../model/reorder.ts'

export const ENTRY_ROW_HEIGHT = 72
const THUMB_WIDTH = 36
const OVERSCAN_ROWS = 8

export interface ListEntriesProps {
  entries: readonly ListEntryView[]
  aspectRatio: number
  canReorder: boolean
  canRemove: boolean
  /** The new order, as entry keys; `deferred` for keyboard moves (saved once they stop). */
  onReorder: (keys: string[], options?: { deferred?: boolean }) => void
  onRemove: (entry: ListEntryView) => void
}

/**
 * The books or episodes of a collection or playlist: a window-virtualised list (only the rows near the
 * viewport are in the DOM, so 5,000 entries open as fast as 5), reordered by dragging a row's handle or
 * with the arrow keys on it.
 */
export function ListEntries({
  entries,
  aspectRatio,
  canReorder,
  canRemove,
  onReorder,
  onRemove,
}: ListEntriesProps) {
  const { ref: containerRef, scrollMargin } = useWindowListOffset()
  const listTop = () => Math.round((containerRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY)

  const reorder = (from: number, to: number, deferred = false) =>
    onReorder(
      moveEntry(entries, from, to).map((e) => e.key),
      { deferred },
    )
  const { drag, start } = useRowDrag({
    rowHeight: ENTRY_ROW_HEIGHT,
    count: entries.length,
    listTop,
    onDrop: reorder,
  })
  const shown = drag ? moveEntry(entries, drag.from, drag.to) : entries
  const draggedKey = drag ? entries[drag.from]?.key : undefined

  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => ENTRY_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  })

  // A keyboard move re-renders the list once the cache has the new order: then the moved row's handle
  // takes the focus back.
  const moved = useRef<{ key: string; index: number } | null>(null)
  useEffect(() => {
    const target = moved.current
    if (!target || entries[target.index]?.key !== target.key) return
    moved.current = null
    virtualizer.scrollToIndex(target.index, { align: 'auto' })
    containerRef.current?.querySelector<HTMLElement>(`[data-handle-key="${CSS.escape(target.key)}"]`)?.focus()
  }, [entries, virtualizer, containerRef])

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0
    if (step === 0) return
    event.preventDefault()
    const to = index + step
    if (to < 0 || to >= entries.length) return
    moved.current = { key: entries[index]!.key, index: to }
    reorder(index, to, true)
  }

  return (
    <div
      ref={containerRef}
      role="list"
      className="relative w-full"
      style={{ height: shown.length * ENTRY_ROW_HEIGHT }}
      data-testid="list-entries"
      data-count={entries.length}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const entry = shown[row.index]!
        return (
          <div
            key={row.key}
            className="absolute top-0 start-0 w-full"
            style={{ height: ENTRY_ROW_HEIGHT, transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <EntryRow
              entry={entry}
              index={row.index}
              count={shown.length}
              aspectRatio={aspectRatio}
              dragging={entry.key === draggedKey}
              canReorder={canReorder}
              canRemove={canRemove}
              onHandleDown={start}
              onHandleKey={onHandleKey}
              onRemove={onRemove}
            />
          </div>
        )
      })}
    </div>
  )
}

const EntryRow = memo(function EntryRow({
  entry,
  index,
  count,
  aspectRatio,
  dragging,
  canReorder,
  canRemove,
  onHandleDown,
  onHandleKey,
  onRemove,
}: {
  entry: ListEntryView
  index: number
  count: number
  aspectRatio: number
  dragging: boolean
  canReorder: boolean
  canRemove: boolean
  onHandleDown: (event: PointerEvent, index: number) => void
  onHandleKey: (event: KeyboardEvent, index: number) => void
  onRemove: (entry: ListEntryView) => void
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const title = entry.title ?? t('LabelNoTitle')
  const to = `/item/${entry.libraryItemId}`
  const queueItem = playAllQueue([entry], t('LabelNoTitle'))[0]
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={count}
      data-testid="list-entry"
      data-key={entry.key}
      className={cn(
        'group flex h-full items-center gap-3 rounded-lg border border-transparent px-2 transition-colors hover:bg-surface-raised',
        dragging && 'border-primary/60 bg-surface-raised shadow-lg',
      )}
    >
      {canReorder && (
        <button
          type="button"
          aria-label={t('LabelDragToReorder', { title })}
          title={t('LabelDragToReorder', { title })}
          data-handle-key={entry.key}
          data-testid="entry-drag-handle"
          onPointerDown={(event) => onHandleDown(event, index)}
          onKeyDown={(event) => onHandleKey(event, index)}
          className="cursor-grab touch-none rounded p-1 text-muted hover:text-fg active:cursor-grabbing"
        >
          <Icon name="grip" className="size-4" />
        </button>
      )}
      <span className="w-8 shrink-0 text-end text-sm text-muted tabular-nums">{index + 1}</span>
      <Link to={to} tabIndex={-1} className="shrink-0" aria-hidden>
        <CoverImage
          src={entry.item ? itemCoverUrl(api, entry.item, THUMB_WIDTH) : null}
          title={title}
          aspectRatio={aspectRatio}
          width={THUMB_WIDTH}
          invalidLabel={t('LabelInvalidCover')}
          className="rounded"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={to}
          className="block truncate font-semibold text-fg hover:underline"
          data-testid="list-entry-title"
        >
          {title}
        </Link>
        {entry.subtitle && <p className="truncate text-xs text-muted">{entry.subtitle}</p>}
      </div>
      {entry.duration > 0 && (
        <span className="hidden shrink-0 text-sm text-muted sm:block">{durationLabel(entry.duration)}</span>
      )}
      {queueItem && (
        <PlayButton
          variant="icon"
          libraryItemId={entry.libraryItemId}
          episodeId={entry.episodeId}
          title={title}
          queueItem={queueItem}
          className="size-8 shrink-0"
          testId="list-entry-play"
        />
      )}
      {canRemove && (
        <button
          type="button"
          aria-label={t('ButtonRemoveFromList', { title })}
          title={t('ButtonRemoveFromList', { title })}
          onClick={() => onRemove(entry)}
          data-testid="list-entry-remove"
          className="shrink-0 rounded p-1.5 text-muted opacity-0 transition group-hover:opacity-100 hover:bg-surface hover:text-error focus:opacity-100 [@media(hover:none)]:opacity-100"
        >
          <Icon name="close" className="size-4" />
        </button>
      )}
    </div>
  )
})
