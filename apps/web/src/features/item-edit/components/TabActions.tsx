import type { ReactNode } from 'react'

/** A tab's buttons, kept in view at the bottom of the scrolling modal body. */
export function TabActions({ children }: { children: ReactNode }) {
  return (
    <div className="sticky -bottom-5 -mx-6 mt-2 flex flex-wrap items-center justify-end gap-2 border-t border-border bg-surface px-6 py-3">
      {children}
    </div>
  )
}
