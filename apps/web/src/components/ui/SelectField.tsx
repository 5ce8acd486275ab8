import { useId, type SelectHTMLAttributes } from 'react'
import { cn } from './cn.ts'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string
  options: readonly SelectOption[]
}

export function SelectField({ label, options, className, ...rest }: SelectFieldProps) {
  const id = useId()
  return (
    // min-w-0: a long option (a folder path) must not widen the form past a phone's screen.
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        className="h-10 w-full min-w-0 rounded-lg border border-border bg-bg px-3 text-sm text-fg outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
