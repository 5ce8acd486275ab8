import { limits } from '@shelfcast/contracts/client'

/** One touch, from its start to its end; times in milliseconds, positions in CSS pixels. */
export interface TouchTrack {
  startX: number
  startY: number
  startMs: number
  endX: number
  endY: number
  endMs: number
}

/**
 * Spec §9 reader swipe: a touch shorter than 1000 ms that moved at least 60 px, more across than up or down;
 * a left swipe turns to the next page, a right swipe to the previous one.
 */
export function swipeDirection(touch: TouchTrack): 'next' | 'prev' | null {
  const dx = touch.endX - touch.startX
  const dy = touch.endY - touch.startY
  if (touch.endMs - touch.startMs >= limits.readerSwipeMaxDurationMs) return null
  if (Math.abs(dx) < limits.readerSwipeMinDistancePx || Math.abs(dx) <= Math.abs(dy)) return null
  return dx < 0 ? 'next' : 'prev'
}

/** Spec §9: a touch that starts within 250 ms of the previous one's start is ignored (a double tap, a pinch). */
export function isTouchIgnored(previousStartMs: number | null, startMs: number): boolean {
  return previousStartMs !== null && startMs - previousStartMs < limits.readerSwipeIgnoreRepeatMs
}
