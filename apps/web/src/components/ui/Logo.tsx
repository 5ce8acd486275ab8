import { cn } from './cn.ts'

/** The product mark; `label` is the wordmark (omit it for the mark alone). */
export function Logo({ label, className }: { label?: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <path d="M18 14h6v36h-6zM28 14h6v36h-6z" className="fill-primary-fg" />
        <path d="m38 16 6-2 8 34-6 2z" className="fill-primary-fg" opacity=".85" />
      </svg>
      {label && <span className="text-lg font-bold tracking-tight text-fg">{label}</span>}
    </span>
  )
}
