import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon, cn } from '@/components/ui/index.ts'
import { loadedPlayerController, usePlayerStore } from '@/features/player/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUpdateChapters, type EditableBook } from '../api.ts'
import {
  addChapterBelow,
  bulkAddChapters,
  chapterIssues,
  chaptersChanged,
  chaptersFromTracks,
  chaptersPayload,
  removeChapter,
  rowsFromChapters,
  shiftChapters,
  validBulkCount,
  type ChapterIssueKind,
  type ChapterRow,
  type ShiftResult,
} from '../model/chapter-rules.ts'
import { ChapterLookup } from './ChapterLookup.tsx'
import { ChapterRowView } from './ChapterRowView.tsx'
import { TabActions } from './TabActions.tsx'

export const issueKeys: Record<ChapterIssueKind, string> = {
  firstNotZero: 'MessageChapterFirstStartZero',
  startBeyondDuration: 'MessageChapterStartBeyondDuration',
  startBeforePrevious: 'MessageChapterStartBeforePrevious',
  titleRequired: 'MessageChapterTitleRequired',
}

const shiftKeys: Record<Exclude<ShiftResult, { ok: true }>['reason'], string> = {
  allLocked: 'ToastChaptersAllLocked',
  pastDuration: 'ToastChaptersShiftPastEnd',
  firstChapterEmpty: 'ToastChaptersShiftFirstEmpty',
  outOfOrder: 'ToastChaptersShiftOutOfOrder',
  noAmount: 'ToastChaptersShiftNoAmount',
}

/** The chapter editor of spec §5: lookup by ASIN; rows with lock, add and remove; shift, bulk add, from tracks; save. */
export function ChaptersTab({ item }: { item: EditableBook }) {
  const { t } = useTranslation()
  const book = item.media
  const duration = book.duration
  const [rows, setRows] = useState<ChapterRow[]>(() => rowsFromChapters(book.chapters))
  const [shiftText, setShiftText] = useState('')
  const [bulkText, setBulkText] = useState('')
  const save = useUpdateChapters(item.id)
  const playing = usePlayerStore((s) => s.session?.libraryItemId === item.id)
  const issues = chapterIssues(rows, duration)
  const changed = chaptersChanged(rows, book.chapters)

  const editRow = (index: number, patch: Partial<ChapterRow>) => {
    const row = rows[index]!
    // The lock itself can always be toggled; nothing else of a locked row changes.
    if (row.locked && !('locked' in patch)) {
      toast.warning(t('ToastChapterLocked'))
      return
    }
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)))
  }

  const shift = () => {
    const result = shiftChapters(rows, Number(shiftText), duration)
    if (!result.ok) toast.error(t(shiftKeys[result.reason]))
    else setRows(result.rows)
  }

  const bulkAdd = () => {
    const count = Number(bulkText)
    if (!validBulkCount(count)) {
      toast.error(t('ToastBulkChaptersInvalid'))
      return
    }
    setRows(bulkAddChapters(rows, count, duration, t('LabelChapterDefaultTitle')))
    setBulkText('')
  }

  const submit = async () => {
    const first = issues[0]
    if (first) {
      toast.error(`${t('LabelChapterNumber', { number: first.index + 1 })}: ${t(issueKeys[first.kind])}`)
      return
    }
    if (!changed) {
      toast.info(t('ToastNoUpdatesNecessary'))
      return
    }
    try {
      await save.mutateAsync(chaptersPayload(rows, duration))
      toast.success(t('ToastChaptersUpdated'))
    } catch (error) {
      console.error('[item-edit] chapters failed', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    }
  }

  return (
    <div className="flex flex-col gap-4" data-testid="edit-chapters">
      <ChapterLookup bookAsin={book.metadata.asin} duration={duration} rows={rows} onApply={setRows} />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3 text-sm">
        <p className="text-muted">
          {t('LabelDuration')}:{' '}
          <span className="font-mono text-fg">{secondsToTimestamp(duration, { alwaysHours: true })}</span>
        </p>
        <InputAction
          label={t('LabelShiftSeconds')}
          value={shiftText}
          onChange={setShiftText}
          inputMode="decimal"
          action={t('ButtonShiftTimes')}
          onAction={shift}
          testId="chapters-shift"
        />
        <InputAction
          label={t('LabelNumberOfChapters')}
          value={bulkText}
          onChange={setBulkText}
          inputMode="numeric"
          action={t('ButtonAddChapters')}
          onAction={bulkAdd}
          testId="chapters-bulk"
        />
        {book.audioFiles.length > 0 && (
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              setRows(
                chaptersFromTracks(book.audioFiles.map((f) => ({ ...f, filename: f.metadata.filename }))),
              )
            }
            data-testid="chapters-from-tracks"
          >
            {t('ButtonSetFromTracks')}
          </Button>
        )}
      </div>

      {rows.length === 0 ? (
        <div className="flex flex-col items-start gap-2 py-4 text-sm text-muted">
          {t('MessageNoChapters')}
          <Button
            type="button"
            variant="secondary"
            onClick={() => setRows(addChapterBelow([], -1, duration))}
          >
            <Icon name="add" className="size-4" />
            {t('ButtonAddChapter')}
          </Button>
        </div>
      ) : (
        <ol className="flex flex-col gap-1.5" aria-label={t('HeaderChapters')}>
          {rows.map((row, index) => (
            <ChapterRowView
              key={row.id}
              row={row}
              index={index}
              issues={issues
                .filter((issue) => issue.index === index)
                .map((issue) => t(issueKeys[issue.kind]))}
              onChange={(patch) => editRow(index, patch)}
              onLocked={() => toast.warning(t('ToastChapterLocked'))}
              onAddBelow={() => setRows(addChapterBelow(rows, index, duration))}
              onRemove={() =>
                row.locked ? toast.warning(t('ToastChapterLocked')) : setRows(removeChapter(rows, index))
              }
              onPlay={playing ? () => loadedPlayerController()?.seek(row.start) : undefined}
            />
          ))}
        </ol>
      )}

      <TabActions>
        <Button
          type="button"
          variant="ghost"
          className={cn(!changed && 'invisible')}
          onClick={() => setRows(rowsFromChapters(book.chapters))}
        >
          {t('ButtonReset')}
        </Button>
        <Button
          type="button"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="chapters-save"
        >
          {t('ButtonSave')}
        </Button>
      </TabActions>
    </div>
  )
}

/** A small field and the button that acts on it (shift by seconds, add N chapters); Enter acts too. */
function InputAction({
  label,
  value,
  onChange,
  inputMode,
  action,
  onAction,
  testId,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  inputMode: 'decimal' | 'numeric'
  action: string
  onAction: () => void
  testId: string
}) {
  return (
    <div className="flex items-center gap-2">
      <label className="flex items-center gap-2">
        {label}
        <input
          className="h-9 w-20 rounded-lg border border-border bg-bg px-2 text-sm text-fg outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
          inputMode={inputMode}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            onAction()
          }}
          data-testid={`${testId}-input`}
        />
      </label>
      <Button type="button" variant="secondary" onClick={onAction} data-testid={testId}>
        {action}
      </Button>
    </div>
  )
}
