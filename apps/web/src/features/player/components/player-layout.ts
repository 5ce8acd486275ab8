import type { CSSProperties } from 'react'

/**
 * Where the docked player sits: above the phone's bottom navigation (its height is published by the shell),
 * clear of the home indicator and rounded corners (safe-area insets; the viewport uses viewport-fit=cover).
 * Below the bar, the inset the bottom navigation does not already cover.
 */
export const dockedPlayerStyle: CSSProperties = {
  bottom: 'var(--bottom-nav-height, 0px)',
  paddingBottom: 'max(0px, calc(env(safe-area-inset-bottom, 0px) - var(--bottom-nav-height, 0px)))',
  paddingLeft: 'env(safe-area-inset-left, 0px)',
  paddingRight: 'env(safe-area-inset-right, 0px)',
}

/** The full-screen view keeps its controls inside every safe-area inset. */
export const fullscreenPlayerStyle: CSSProperties = {
  paddingTop: 'env(safe-area-inset-top, 0px)',
  paddingBottom: 'env(safe-area-inset-bottom, 0px)',
  paddingLeft: 'env(safe-area-inset-left, 0px)',
  paddingRight: 'env(safe-area-inset-right, 0px)',
}
