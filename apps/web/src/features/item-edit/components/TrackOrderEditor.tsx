import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AudioFile } from '@shelfcast/contracts'
import { Button, Icon, IconButton, cn } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUpdateTracks } from '../api.ts'
import {
  draftsOf,
  isChanged,
  moveTrack,
  toTracksRequest,
  toggleExclude,
  type TrackDraft,
} from '../model/track-order.ts'

/** Changes whenever the saved order or an exclusion changes. */
export const trackOrderKey = (files: readonly AudioFile[]) =>
  draftsOf(files)
    .map((d) => `${d.ino}${d.exclude ? '-' : '+'}`)
    .join(',')

/**
 * The play order of a book's audio files, for users who may update items: drag a row by its handle (pointer)
 * or use its up/down buttons (the keyboard path), exclude a file from playback, then Save or Reset. The owner
 * keys it on the saved order (`trackOrderKey`), so a saved answer or another client's edit starts it afresh.
 */
export function TrackOrderEditor({ itemId, files }: { itemId: string; files: readonly AudioFile[] }) {
  const { t } = useTranslation()
  const saved = useMemo(() => draftsOf(files), [files])
  const [draft, setDraft] = useState<TrackDraft[]>(saved)
  const [dragging, setDragging] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const update = useUpdateTracks(itemId)
  const changed = isChanged(saved, draft)
  const list = useRef<HTMLOListElement>(null)
  // React may move a row's node when the order changes, which drops the focus: the moved row's button gets it back.
  const refocus = useRef<{ ino: string; testId: string } | null>(null)
  useEffect(() => {
    const target = refocus.current
    refocus.current = null
    if (!target) return
    list.current
      ?.querySelector<HTMLElement>(
        `[data-track-ino="${CSS.escape(target.ino)}"] [data-testid="${target.testId}"]`,
      )
      ?.focus()
  }, [draft])

  const move = (from: number, to: number) => {
    const row = draft[from]
    if (!row || to < 0 || to >= draft.length || from === to) return
    setDraft(moveTrack(draft, from, to))
    setAnnouncement(t('MessageTrackMoved', { name: row.name, position: to + 1 }))
  }

  // Pointer drag: the handle keeps the pointer; the row under it is where the dragged row goes.
  const onPointerDown = (event: PointerEvent<HTMLElement>, ino: string) => {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    setDragging(ino)
  }
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!dragging) return
    const over = document
      .elementFromPoint(event.clientX, event.clientY)
      ?.closest<HTMLElement>('[data-track-index]')
    const to = Number(over?.dataset.trackIndex ?? NaN)
    const from = draft.findIndex((d) => d.ino === dragging)
    if (Number.isInteger(to) && from >= 0 && to !== from) move(from, to)
  }
  const endDrag = () => setDragging(null)

  const save = async () => {
    try {
      await update.mutateAsync(toTracksRequest(draft))
      toast.success(t('ToastTrackOrderSaved'))
    } catch (error) {
      console.error('[item-edit] track order not saved', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    }
  }

  return (
    <section className="mt-8" aria-labelledby="track-order-heading" data-testid="track-order-editor">
      <h2 id="track-order-heading" className="text-lg font-semibold">
        {t('HeaderTrackOrder')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('MessageTrackOrderHint')}</p>
      <ol ref={list} className="mt-3 divide-y divide-border rounded-2xl border border-border bg-surface">
        {draft.map((row, index) => (
          <li
            key={row.ino}
            data-track-index={index}
            data-track-ino={row.ino}
            data-testid="track-order-row"
            className={cn(
              'flex items-center gap-2 px-2 py-1.5 text-sm',
              dragging === row.ino && 'bg-surface-raised',
              row.exclude && 'text-muted',
            )}
          >
            <span
              aria-hidden="true"
              className="cursor-grab touch-none rounded p-1.5 text-muted hover:text-fg active:cursor-grabbing"
              data-testid="track-drag-handle"
              onPointerDown={(event) => onPointerDown(event, row.ino)}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
            >
              <Icon name="grip" className="size-4" />
            </span>
            <span className="w-6 shrink-0 text-end text-muted tabular-nums">{index + 1}</span>
            <span
              className={cn('min-w-0 flex-1 break-all', row.exclude && 'line-through')}
              data-testid="track-order-name"
            >
              {row.name}
            </span>
            <span className="hidden font-mono text-xs text-muted tabular-nums sm:inline">
              {secondsToTimestamp(row.duration)}
            </span>
            <label className="flex shrink-0 items-center gap-1.5 text-xs">
              <input
                type="checkbox"
                checked={row.exclude}
                onChange={() => setDraft(toggleExclude(draft, row.ino))}
                aria-label={t('LabelExcludeTrack', { name: row.name })}
                className="size-4 rounded border-border accent-[var(--theme-primary)]"
                data-testid="track-exclude"
              />
              <span aria-hidden="true" className="hidden sm:inline">
                {t('LabelExclude')}
              </span>
            </label>
            <IconButton
              icon="arrowUp"
              label={t('ButtonMoveUp', { name: row.name })}
              aria-disabled={index === 0}
              onClick={() => {
                refocus.current = { ino: row.ino, testId: 'track-move-up' }
                move(index, index - 1)
              }}
              className="p-1.5 aria-disabled:opacity-40"
              data-testid="track-move-up"
            />
            <IconButton
              icon="arrowDown"
              label={t('ButtonMoveDown', { name: row.name })}
              aria-disabled={index === draft.length - 1}
              onClick={() => {
                refocus.current = { ino: row.ino, testId: 'track-move-down' }
                move(index, index + 1)
              }}
              className="p-1.5 aria-disabled:opacity-40"
              data-testid="track-move-down"
            />
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button
          variant="secondary"
          disabled={!changed || update.isPending}
          onClick={() => {
            setDraft(saved)
            setAnnouncement('')
          }}
          data-testid="track-order-reset"
        >
          {t('ButtonReset')}
        </Button>
        <Button
          disabled={!changed}
          loading={update.isPending}
          onClick={() => void save()}
          data-testid="track-order-save"
        >
          {t('ButtonSave')}
        </Button>
      </div>
    </section>
  )
}
