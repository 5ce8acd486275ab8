import { useId, type ReactNode } from 'react'
import { cn } from './cn.ts'

export interface CheckboxProps {
  checked: boolean
  onChange: (checked: boolean) => void
  label: ReactNode
  disabled?: boolean
  className?: string
}

/** A native checkbox with its label, coloured by the theme. */
export function Checkbox({ checked, onChange, label, disabled, className }: CheckboxProps) {
  const id = useId()
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 shrink-0 rounded border-border accent-[var(--theme-primary)] disabled:opacity-50"
      />
      <label htmlFor={id} className="min-w-0 text-sm text-fg">
        {label}
      </label>
    </div>
  )
}
