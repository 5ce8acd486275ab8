import type { ReactNode } from 'react'
import { cn } from './cn.ts'

export function Badge({
  children,
  tone = 'error',
  className,
}: {
  children: ReactNode
  tone?: 'error' | 'primary' | 'muted'
  className?: string
}) {
  const tones = {
    error: 'bg-error text-error-fg',
    primary: 'bg-primary text-primary-fg',
    muted: 'bg-surface-raised text-muted',
  }
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-[0.65rem] font-bold leading-5',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}
