import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon.tsx'

/** A dashed panel with an icon and a message, where a list has nothing to show yet. */
export function EmptyPanel({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <section className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
      <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
        <Icon name={icon} className="size-7" />
      </div>
      <div className="max-w-md text-sm text-muted">{children}</div>
    </section>
  )
}
