import { useId } from 'react'

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

const COLUMN_WIDTH = 40
const GAP = 8
const PLOT_HEIGHT = 100
const LABEL_SPACE = 18
const VALUE_SPACE = 16

/** Height of a column in SVG units for its value against the biggest column. */
export function columnHeight(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0
  return Math.max(2, Math.min(PLOT_HEIGHT, (value / max) * PLOT_HEIGHT))
}

/**
 * A column chart (minutes of the last 7 days, listening per month), drawn in SVG with the theme's colours. The
 * SVG is an image named by the chart's title; its figures are also a visually hidden table for screen readers.
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
  const width = columns.length * (COLUMN_WIDTH + GAP) - GAP
  const height = VALUE_SPACE + PLOT_HEIGHT + LABEL_SPACE
  return (
    <section
      className="min-w-0 rounded-2xl border border-border bg-surface p-4"
      aria-labelledby={headingId}
      data-testid={testId ?? 'column-chart'}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <svg
        role="img"
        aria-labelledby={headingId}
        className="mt-3 block h-44 w-full"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="xMidYMid meet"
      >
        {columns.map((column, i) => {
          const x = i * (COLUMN_WIDTH + GAP)
          const h = columnHeight(column.value, max)
          const y = VALUE_SPACE + PLOT_HEIGHT - h
          return (
            <g key={column.key} data-testid="column">
              <rect
                x={x}
                y={y}
                width={COLUMN_WIDTH}
                height={h}
                rx="3"
                fill="var(--theme-primary)"
                data-testid="column-bar"
              />
              <text
                x={x + COLUMN_WIDTH / 2}
                y={y - 4}
                textAnchor="middle"
                fontSize="10"
                fill="var(--theme-fg)"
                aria-hidden="true"
              >
                {column.value > 0 ? column.value.toLocaleString() : ''}
              </text>
              <text
                x={x + COLUMN_WIDTH / 2}
                y={height - 4}
                textAnchor="middle"
                fontSize="10"
                fill="var(--theme-muted)"
                aria-hidden="true"
              >
                {column.label}
              </text>
            </g>
          )
        })}
      </svg>
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
