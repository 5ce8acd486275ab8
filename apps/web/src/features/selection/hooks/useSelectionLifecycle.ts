import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { clearItemSelection } from '@/lib/item-selection.ts'

/**
 * Focus in a field, an open dialog or an open menu owns Escape (it closes that first); only the page
 * itself clears the selection with it. Menus listen on the document too, so their open trigger is checked.
 */
function escapeBelongsElsewhere(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true
  const target = event.target as HTMLElement | null
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true
  return document.querySelector('[role="dialog"], [aria-expanded="true"]') !== null
}

/**
 * While a selection exists: Escape clears it (spec §2), and so does leaving the page it was made on or
 * switching library (the ids would mean nothing there).
 */
export function useSelectionLifecycle(libraryId: string | null) {
  const { pathname } = useLocation()
  const first = useRef({ pathname, libraryId })

  useEffect(() => {
    if (first.current.pathname === pathname && first.current.libraryId === libraryId) return
    clearItemSelection()
  }, [pathname, libraryId])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || escapeBelongsElsewhere(event)) return
      clearItemSelection()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
