import { useState, type DragEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, cn } from '@/components/ui/index.ts'
import { moveItem } from '../model/metadata-precedence.ts'

/**
 * A list reordered by dragging a row (mouse) or with each row's up/down buttons (keyboard and touch).
 * `onMove` receives the new order.
 */
export function ReorderableList<T>({
  items,
  keyOf,
  nameOf,
  renderItem,
  onMove,
  label,
  disabled,
  testId,
}: {
  items: readonly T[]
  keyOf: (item: T) => string
  /** Text naming the row in the move buttons' labels. */
  nameOf: (item: T) => string
  renderItem: (item: T, index: number) => ReactNode
  onMove: (next: T[]) => void
  label: string
  disabled?: boolean
  testId?: string
}) {
  const { t } = useTranslation()
  const [dragging, setDragging] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return
    onMove(moveItem(items, from, to))
  }

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault()
    if (dragging !== null) move(dragging, index)
    setDragging(null)
    setOver(null)
  }

  return (
    <ol aria-label={label} data-testid={testId} className="flex flex-col gap-1.5">
      {items.map((item, index) => (
        <li
          key={keyOf(item)}
          draggable={!disabled}
          onDragStart={(event) => {
            setDragging(index)
            event.dataTransfer.effectAllowed = 'move'
            event.dataTransfer.setData('text/plain', keyOf(item))
          }}
          onDragOver={(event) => {
            if (dragging === null) return
            event.preventDefault()
            setOver(index)
          }}
          onDragLeave={() => setOver((current) => (current === index ? null : current))}
          onDrop={(event) => onDrop(event, index)}
          onDragEnd={() => {
            setDragging(null)
            setOver(null)
          }}
          className={cn(
            'flex items-center gap-2 rounded-xl border bg-surface px-2 py-2 transition',
            dragging === index ? 'opacity-50' : '',
            over === index && dragging !== index ? 'border-primary' : 'border-border',
          )}
        >
          <span className={cn('text-muted', disabled ? 'opacity-40' : 'cursor-grab')} aria-hidden="true">
            <Icon name="grip" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">{renderItem(item, index)}</div>
          <div className="flex shrink-0 gap-0.5">
            <button
              type="button"
              onClick={() => move(index, index - 1)}
              disabled={disabled || index === 0}
              aria-label={t('ButtonMoveUp', { name: nameOf(item) })}
              title={t('ButtonMoveUp', { name: nameOf(item) })}
              className="rounded-md p-1.5 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-30"
            >
              <Icon name="arrowUp" className="size-4" />
            </button>
            <button
              type="button"
              onClick={() => move(index, index + 1)}
              disabled={disabled || index === items.length - 1}
              aria-label={t('ButtonMoveDown', { name: nameOf(item) })}
              title={t('ButtonMoveDown', { name: nameOf(item) })}
              className="rounded-md p-1.5 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-30"
            >
              <Icon name="arrowDown" className="size-4" />
            </button>
          </div>
        </li>
      ))}
    </ol>
  )
}
