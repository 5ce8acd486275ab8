import { useId, type TextareaHTMLAttributes } from 'react'
import { cn } from './cn.ts'

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  hint?: string
}

/** A labelled multi-line text input, styled like TextField. */
export function TextAreaField({ label, hint, className, ...rest }: TextAreaFieldProps) {
  const id = useId()
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="rounded-lg border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted outline-none transition focus:border-primary focus:ring-2 focus:ring-primary/30"
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  )
}
