import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, cn, type IconName } from '@/components/ui/index.ts'
import { formatTimestamp, parseTimestamp, type ChapterRow } from '../model/chapter-rules.ts'

const inputClass =
  'h-9 rounded-lg border bg-bg px-2 text-sm text-fg outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 read-only:opacity-70'

/** Keys that would change a field's text: refused with a toast on a locked row. */
const editingKey = (event: KeyboardEvent) =>
  !event.ctrlKey &&
  !event.metaKey &&
  (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete')

/** One chapter: start (hh:mm:ss, taken when leaving the field or on Enter), title and row buttons. */
export function ChapterRowView({
  row,
  index,
  issues,
  onChange,
  onLocked,
  onAddBelow,
  onRemove,
  onPlay,
}: {
  row: ChapterRow
  index: number
  issues: string[]
  onChange: (patch: Partial<ChapterRow>) => void
  onLocked: () => void
  onAddBelow: () => void
  onRemove: () => void
  /** Present while this item plays: seek to the chapter. */
  onPlay?: (() => void) | undefined
}) {
  const { t } = useTranslation()
  // The start as typed; null shows the row's own time.
  const [draft, setDraft] = useState<string | null>(null)
  const parsed = draft === null ? row.start : parseTimestamp(draft)
  const commitStart = () => {
    if (draft === null) return
    if (parsed !== null) {
      onChange({ start: parsed })
      setDraft(null)
    }
  }
  const guard = (event: KeyboardEvent) => {
    if (row.locked && editingKey(event)) {
      event.preventDefault()
      onLocked()
    }
  }
  const errors = parsed === null ? [t('MessageInvalidTimestamp'), ...issues] : issues
  const number = index + 1

  return (
    <li className="flex flex-col gap-1" data-testid="chapter-row">
      {/* On a phone the row buttons wrap under the fields rather than squeezing the title to nothing. */}
      <div className="flex flex-wrap items-center gap-2">
        <span className="w-7 shrink-0 text-end text-xs text-muted">{number}</span>
        <input
          aria-label={t('LabelChapterStart', { number })}
          value={draft ?? formatTimestamp(row.start)}
          readOnly={row.locked}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commitStart}
          onKeyDown={(e) => {
            guard(e)
            if (e.key === 'Enter') {
              e.preventDefault()
              commitStart()
            }
          }}
          className={cn(
            inputClass,
            'w-28 font-mono sm:w-32',
            errors.length > 0 && issues.length !== errors.length ? 'border-error' : 'border-border',
          )}
          data-testid="chapter-start"
        />
        <input
          aria-label={t('LabelChapterTitle', { number })}
          value={row.title}
          readOnly={row.locked}
          onChange={(e) => onChange({ title: e.target.value })}
          onKeyDown={guard}
          className={cn(inputClass, 'min-w-36 flex-1', errors.length > 0 ? 'border-error' : 'border-border')}
          data-testid="chapter-title"
        />
        <div className="ms-auto flex shrink-0 items-center">
          <RowButton
            icon={row.locked ? 'lock' : 'unlock'}
            label={row.locked ? t('ButtonUnlockChapter') : t('ButtonLockChapter')}
            pressed={row.locked}
            onClick={() => onChange({ locked: !row.locked })}
            testId="chapter-lock"
          />
          <RowButton
            icon="add"
            label={t('ButtonAddChapterBelow')}
            onClick={onAddBelow}
            testId="chapter-add"
          />
          <RowButton
            icon="trash"
            label={t('ButtonRemoveChapter')}
            onClick={onRemove}
            testId="chapter-remove"
          />
          {onPlay && (
            <RowButton
              icon="headphones"
              label={t('ButtonPlayFromHere')}
              onClick={onPlay}
              testId="chapter-play"
            />
          )}
        </div>
      </div>
      {errors.length > 0 && (
        <p className="ps-9 text-xs text-error" data-testid="chapter-error">
          {errors.join(' · ')}
        </p>
      )}
    </li>
  )
}

function RowButton({
  icon,
  label,
  onClick,
  pressed,
  testId,
}: {
  icon: IconName
  label: string
  onClick: () => void
  pressed?: boolean
  testId: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={cn(
        'shrink-0 rounded-lg p-2 transition hover:bg-surface-raised',
        pressed ? 'text-warning' : 'text-muted hover:text-fg',
      )}
      data-testid={testId}
    >
      <Icon name={icon} className="size-4" />
    </button>
  )
}
