import { useId, type ReactNode } from 'react'
import { cn } from './cn.ts'

export interface ToggleProps {
  checked: boolean
  onChange: (checked: boolean) => void
  /** Accessible name and visible label. */
  label: ReactNode
  /** Smaller text under the label. */
  description?: ReactNode
  disabled?: boolean
  className?: string
  testId?: string
}

/** An on/off switch (`role="switch"`) with its label; Space and Enter toggle it. */
export function Toggle({ checked, onChange, label, description, disabled, className, testId }: ToggleProps) {
  const id = useId()
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        data-testid={testId}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition',
          'disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'border-primary bg-primary' : 'border-border bg-surface-raised',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-4.5 rounded-full shadow transition',
            checked
              ? 'translate-x-5.5 bg-primary-fg rtl:-translate-x-5.5'
              : 'translate-x-0.5 bg-muted rtl:-translate-x-0.5',
          )}
        />
      </button>
      <div className="min-w-0">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-xs text-muted">
            {description}
          </p>
        )}
      </div>
    </div>
  )
}
