import { useId, type ReactNode } from 'react'

export interface BarRow {
  key: string
  /** The row's name: text or a link to what it counts. */
  label: ReactNode
  value: number
  /** The value as read (e.g. "12 hr 5 min", "3.2 GB"). */
  valueText: string
}

/** Width of a bar in percent of the biggest row (a row of 0 still shows a sliver so the row reads as a bar). */
export function barPercent(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0
  return Math.max(1, Math.min(100, (value / max) * 100))
}

/**
 * Horizontal bars (top authors, genres, largest and longest items): each row's name and value are text, the bar
 * itself is a themed SVG (hidden from assistive tech, which reads the same figures from the list).
 */
export function BarChart({ title, rows, emptyText }: { title: string; rows: BarRow[]; emptyText: string }) {
  const headingId = useId()
  const max = Math.max(0, ...rows.map((r) => r.value))
  return (
    <section
      className="min-w-0 rounded-2xl border border-border bg-surface p-4"
      aria-labelledby={headingId}
      data-testid="bar-chart"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{emptyText}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2" aria-labelledby={headingId}>
          {rows.map((row) => (
            <li key={row.key} className="min-w-0" data-testid="bar-row">
              <div className="flex items-baseline gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">{row.label}</span>
                <span className="shrink-0 text-muted tabular-nums" data-testid="bar-value">
                  {row.valueText}
                </span>
              </div>
              <svg
                className="mt-1 block h-2.5 w-full"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                aria-hidden="true"
                focusable="false"
              >
                <rect x="0" y="0" width="100" height="10" rx="2" fill="var(--theme-surface-raised)" />
                <rect
                  x="0"
                  y="0"
                  width={barPercent(row.value, max)}
                  height="10"
                  rx="2"
                  fill="var(--theme-primary)"
                  data-testid="bar"
                />
              </svg>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
