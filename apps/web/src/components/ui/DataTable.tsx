import type { ReactNode } from 'react'
import { cn } from './cn.ts'

export interface DataTableProps {
  /** Column headings; the last column (row actions) gets `actionsLabel` for screen readers only. */
  columns: readonly ReactNode[]
  actionsLabel: string
  /** The rows (`<tr>`), separated by lines. */
  children: ReactNode
  /** Below this width the table scrolls sideways (a Tailwind min-width class). */
  minWidthClass?: string
  testId?: string
}

/** A bordered, sideways-scrolling table with uppercase headings and a final actions column. */
export function DataTable({
  columns,
  actionsLabel,
  children,
  minWidthClass = 'min-w-[40rem]',
  testId,
}: DataTableProps) {
  // `relative`: absolutely placed cells' text (sr-only) would otherwise escape the scroller and widen the page.
  return (
    <div className="relative mt-6 overflow-x-auto rounded-2xl border border-border bg-surface">
      <table data-testid={testId} className={cn('w-full text-start text-sm', minWidthClass)}>
        <thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">{actionsLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  )
}
