import { cn } from './cn.ts'

/** A thin progress bar: `value` 0..1; finished ones turn the success colour. */
export function ProgressBar({
  value,
  finished = false,
  label,
  className,
}: {
  value: number
  finished?: boolean
  /** Accessible name, e.g. "Progress". */
  label: string
  className?: string
}) {
  const percent = Math.round(Math.min(1, Math.max(0, finished ? 1 : value)) * 100)
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-1 overflow-hidden bg-black/30', className)}
    >
      <div
        className={cn('h-full', finished ? 'bg-success' : 'bg-primary')}
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}
