import type { ReactNode } from 'react'
import { cn } from './cn.ts'

/** An inline message in a form: announced to screen readers when it appears. */
export function Alert({
  children,
  tone = 'error',
  className,
}: {
  children: ReactNode
  tone?: 'error' | 'warning' | 'info' | 'success'
  className?: string
}) {
  const tones = {
    error: 'border-error/40 bg-error/10 text-error',
    warning: 'border-warning/40 bg-warning/10 text-warning',
    info: 'border-info/40 bg-info/10 text-info',
    success: 'border-success/40 bg-success/10 text-success',
  }
  return (
    <div role="alert" className={cn('rounded-lg border px-3 py-2 text-sm', tones[tone], className)}>
      {children}
    </div>
  )
}
