import { useEffect, useId, useRef, useState, type ReactNode, type KeyboardEvent } from 'react'
import { Icon } from './Icon.tsx'
import { cn } from './cn.ts'

export interface DropdownOption {
  value: string
  label: string
  icon?: ReactNode
  subtext?: string
}

export interface DropdownProps {
  /** Accessible name of the trigger (e.g. "Select library"). */
  label: string
  options: readonly DropdownOption[]
  value: string | null
  onChange: (value: string) => void
  disabled?: boolean
  /** What the trigger shows; defaults to the selected option's label. */
  triggerContent?: ReactNode
  className?: string
  testId?: string
}

/** Single-select listbox dropdown; max height 224 px (spec §9), keyboard and outside-click aware. */
export function Dropdown({
  label,
  options,
  value,
  onChange,
  disabled,
  triggerContent,
  className,
  testId,
}: DropdownProps) {
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const rootRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const listId = useId()
  const selected = options.find((o) => o.value === value)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  useEffect(() => {
    if (open) listRef.current?.focus()
  }, [open])

  const openMenu = () => {
    if (disabled) return
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    )
    setOpen(true)
  }

  const choose = (option: DropdownOption | undefined) => {
    setOpen(false)
    if (option && option.value !== value) onChange(option.value)
  }

  const onListKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((i) => Math.min(options.length - 1, i + 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => Math.max(0, i - 1))
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      choose(options[active])
    }
  }

  return (
    <div ref={rootRef} className={cn('relative', className)} data-testid={testId}>
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openMenu())}
        className="flex h-10 w-full items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm text-fg transition hover:border-muted disabled:cursor-not-allowed disabled:opacity-60"
      >
        {/* The name says what the control is for; the visible text says what is chosen. */}
        <span className="sr-only">{label}: </span>
        <span className="flex min-w-0 flex-1 items-center gap-2 truncate text-left">
          {triggerContent ?? selected?.label ?? label}
        </span>
        <Icon name="chevronDown" className={cn('size-4 text-muted transition', open && 'rotate-180')} />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={label}
          aria-activedescendant={`${listId}-${active}`}
          onKeyDown={onListKeyDown}
          className="absolute left-0 z-50 mt-1 max-h-56 min-w-full overflow-y-auto rounded-lg border border-border bg-surface-raised py-1 shadow-2xl outline-none"
        >
          {options.map((option, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- keys move through the options on the listbox (aria-activedescendant)
            <li
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={option.value === value}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                index === active ? 'bg-surface text-fg' : 'text-fg',
                option.value === value && 'font-semibold',
              )}
            >
              {option.icon}
              <span className="flex-1 truncate">
                {option.label}
                {option.subtext && (
                  <span className="block text-xs font-normal text-muted">{option.subtext}</span>
                )}
              </span>
              {option.value === value && <Icon name="check" className="size-4 text-primary" />}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
