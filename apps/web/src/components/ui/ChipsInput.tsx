import { useId, useState, type KeyboardEvent } from 'react'
import { Icon } from './Icon.tsx'
import { cn } from './cn.ts'

export interface ChipsInputProps {
  label: string
  value: readonly string[]
  onChange: (value: string[]) => void
  /** Offered while typing (browser autocomplete); anything else may be typed too. */
  suggestions?: readonly string[]
  placeholder?: string
  /** Accessible name of a chip's remove button, e.g. `(name) => t('ButtonRemoveTag', { tag: name })`. */
  removeLabel: (entry: string) => string
  className?: string
  testId?: string
}

const MAX_SUGGESTIONS = 50

/**
 * A multi-value field: entries as removable chips and a text box that adds on Enter, comma or leaving the
 * field (so typed text is never lost before a save); Backspace in the empty box removes the last entry.
 * Entries are unique, case-insensitively.
 */
export function ChipsInput({
  label,
  value,
  onChange,
  suggestions = [],
  placeholder,
  removeLabel,
  className,
  testId,
}: ChipsInputProps) {
  const id = useId()
  const [text, setText] = useState('')
  const has = (entry: string) => value.some((v) => v.toLowerCase() === entry.toLowerCase())
  // A big library has thousands of names: offer only the first matches of what is typed.
  const needle = text.trim().toLowerCase()
  const shown = suggestions
    .filter((s) => s.toLowerCase().includes(needle) && !has(s))
    .slice(0, MAX_SUGGESTIONS)

  const commit = () => {
    const entry = text.trim()
    setText('')
    if (entry && !has(entry)) onChange([...value, entry])
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      commit()
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1))
    }
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-border bg-bg px-2 py-1.5 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
        {value.map((entry) => (
          <span
            key={entry}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-raised py-0.5 pe-1 ps-2.5 text-sm text-fg"
          >
            <span className="truncate">{entry}</span>
            <button
              type="button"
              onClick={() => onChange(value.filter((v) => v !== entry))}
              aria-label={removeLabel(entry)}
              className="rounded-full p-0.5 text-muted hover:bg-surface hover:text-fg"
            >
              <Icon name="close" className="size-3.5" />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={text}
          list={suggestions.length > 0 ? `${id}-suggestions` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
          placeholder={placeholder}
          autoComplete="off"
          className="h-7 min-w-32 flex-1 bg-transparent px-1 text-sm text-fg outline-none placeholder:text-muted"
        />
      </div>
      {suggestions.length > 0 && (
        <datalist id={`${id}-suggestions`}>
          {shown.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  )
}
