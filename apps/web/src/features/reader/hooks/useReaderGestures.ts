import { useEffect, useRef, type RefObject } from 'react'
import { isTypingTarget } from '@/lib/hotkey-target.ts'
import { isTouchIgnored, swipeDirection } from '../model/swipe.ts'
import type { ReaderNavigation } from '../reader-body.ts'

interface GestureActions {
  navigation: RefObject<ReaderNavigation | null>
  /** Escape: closes the innermost panel first, else the reader. */
  onEscape(): void
}

/**
 * Spec §9 reader hotkeys (Left/Right turn pages, Escape closes; ignored while typing or while another dialog
 * such as the settings modal is open) and swipes on the overlay (a book drawn in its own frame forwards its
 * own). Registered while the reader is shown.
 */
export function useReaderGestures(overlay: RefObject<HTMLElement | null>, actions: GestureActions) {
  const latest = useRef(actions)
  useEffect(() => {
    latest.current = actions
  })

  useEffect(() => {
    const otherDialogOpen = () =>
      [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some(
        (el) => el !== overlay.current && !overlay.current?.contains(el),
      )
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTypingTarget(event.target) && event.key !== 'Escape') return
      if (otherDialogOpen()) return
      const nav = latest.current.navigation.current
      if (event.key === 'ArrowRight') nav?.next()
      else if (event.key === 'ArrowLeft') nav?.prev()
      else if (event.key === 'Escape') latest.current.onEscape()
      else return
      event.preventDefault()
    }

    let start: { x: number; y: number; ms: number } | null = null
    let previousStartMs: number | null = null
    const onTouchStart = (event: TouchEvent) => {
      const now = event.timeStamp
      const ignored = isTouchIgnored(previousStartMs, now)
      previousStartMs = now
      const t = event.touches[0]
      start = ignored || event.touches.length > 1 || !t ? null : { x: t.clientX, y: t.clientY, ms: now }
    }
    const onTouchEnd = (event: TouchEvent) => {
      const t = event.changedTouches[0]
      if (!start || !t) return
      const direction = swipeDirection({
        startX: start.x,
        startY: start.y,
        startMs: start.ms,
        endX: t.clientX,
        endY: t.clientY,
        endMs: event.timeStamp,
      })
      start = null
      const nav = latest.current.navigation.current
      if (direction === 'next') nav?.next()
      else if (direction === 'prev') nav?.prev()
    }

    const el = overlay.current
    document.addEventListener('keydown', onKey)
    el?.addEventListener('touchstart', onTouchStart, { passive: true })
    el?.addEventListener('touchend', onTouchEnd, { passive: true })
    return () => {
      document.removeEventListener('keydown', onKey)
      el?.removeEventListener('touchstart', onTouchStart)
      el?.removeEventListener('touchend', onTouchEnd)
    }
  }, [overlay])
}
