import { useId, useRef, type KeyboardEvent } from 'react'
import { cn } from './cn.ts'
import { inlineArrowStep } from '@/lib/inline-arrow.ts'

export interface TabItem {
  id: string
  label: string
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string
  tabs: readonly TabItem[]
  value: string
  onChange: (id: string) => void
  className?: string
}

/** A tab list (arrow keys, Home and End move between tabs). Pair each panel with `tabPanelProps`. */
export function Tabs({ label, tabs, value, onChange, className }: TabsProps) {
  const baseId = useId()
  const listRef = useRef<HTMLDivElement>(null)

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === value)
    let next = -1
    const step = inlineArrowStep(event.key, event.currentTarget)
    if (step !== 0) next = (index + step + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    if (next === -1) return
    event.preventDefault()
    onChange(tabs[next]!.id)
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus()
  }

  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- arrow keys from the focused tab bubble here (roving focus)
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn('flex gap-1 border-b border-border', className)}
    >
      {tabs.map((tab) => {
        const selected = tab.id === value
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition',
              selected ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
