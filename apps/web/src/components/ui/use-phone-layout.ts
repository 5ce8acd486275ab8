import { useSyncExternalStore } from 'react'

/** Spec §5 "Mobile if width or height under 640" (§9: 640 px for device detection). */
export const PHONE_LAYOUT_QUERY = '(max-width: 639.98px), (max-height: 639.98px)'

function phoneQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_LAYOUT_QUERY)
    : null
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery()
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/** True while the window is phone-sized by the spec's rule; follows rotation and resizing. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneQuery()?.matches ?? false,
    () => false,
  )
}
