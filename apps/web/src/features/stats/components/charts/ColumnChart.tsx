import { useId } from 'react'
import { formatNumber } from '@/lib/format.ts'

export interface Column {
  key: string
  /** Short label under the column ("Mon", "Jan"). */
  label: string
  /** Full label for the figures table ("Monday 23 November", "January"). */
  longLabel: string
  value: number
  /** The value as read ("30 minutes"). */
  valueText: string
}

/** SVG units: each column has a slot SLOT wide, its bar BAR wide in the middle; the plot is PLOT_HEIGHT high. */
const SLOT = 10
const BAR = 7
const PLOT_HEIGHT = 100

/** Height of a column in SVG units for its value against the biggest column. */
export function columnHeight(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0
  return Math.max(2, Math.min(PLOT_HEIGHT, (value / max) * PLOT_HEIGHT))
}

/**
 * A column chart (minutes of the last 7 days, listening per month): bars drawn in SVG with the theme's colours.
 * The SVG is an image named by the chart's title; its figures are also a visually hidden table for screen readers.
 */
export function ColumnChart({
  title,
  columns,
  valueLabel,
  testId,
}: {
  title: string
  columns: Column[]
  /** Heading of the figures table's value column ("Minutes"). */
  valueLabel: string
  testId?: string
}) {
  const headingId = useId()
  const max = Math.max(0, ...columns.map((c) => c.value))
  // Values and labels are HTML (readable at any width); only the bars are SVG, stretched to the chart's width.
  const grid = { gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }
  return (
    <section
      className="min-w-0 rounded-2xl border border-border bg-surface p-4"
      aria-labelledby={headingId}
      data-testid={testId ?? 'column-chart'}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 grid text-center text-[11px] text-fg tabular-nums" style={grid} aria-hidden="true">
        {columns.map((column) => (
          <span key={column.key} className="truncate">
            {column.value > 0 ? formatNumber(column.value) : ''}
          </span>
        ))}
      </div>
      <svg
        role="img"
        aria-labelledby={headingId}
        className="block h-32 w-full"
        viewBox={`0 0 ${columns.length * SLOT} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
      >
        {columns.map((column, i) => {
          const h = columnHeight(column.value, max)
          return (
            <rect
              key={column.key}
              x={i * SLOT + (SLOT - BAR) / 2}
              y={PLOT_HEIGHT - h}
              width={BAR}
              height={h}
              fill="var(--theme-primary)"
              data-testid="column-bar"
            />
          )
        })}
        <line
          x1="0"
          x2={columns.length * SLOT}
          y1={PLOT_HEIGHT}
          y2={PLOT_HEIGHT}
          stroke="var(--theme-border)"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="mt-1 grid text-center text-[11px] text-muted" style={grid} aria-hidden="true">
        {columns.map((column) => (
          <span key={column.key} className="truncate" data-testid="column">
            {column.label}
          </span>
        ))}
      </div>
      {/* sr-only on a wrapper, not the table: a table ignores overflow and its width, and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => (
              <tr key={column.key}>
                <th scope="row">{column.longLabel}</th>
                <td>{column.valueText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
