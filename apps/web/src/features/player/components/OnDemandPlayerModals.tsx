import { Suspense } from 'react'
import { lazyComponent } from '@/lib/lazy-component.ts'
import type { PlayerModalName } from './PlayerModals.tsx'

const Modals = lazyComponent(() => import('./PlayerModals.tsx'), 'PlayerModals')

/**
 * The player's modals (bookmarks, chapters, settings, sleep timer, queue), fetched the first time one is
 * opened rather than with the first load. Same props as PlayerModals.
 */
export function PlayerModals({ open, onClose }: { open: PlayerModalName | null; onClose: () => void }) {
  if (open === null) return null
  return (
    <Suspense fallback={null}>
      <Modals.Component open={open} onClose={onClose} />
    </Suspense>
  )
}
