import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { setPlayerFullscreen } from '../player-store.ts'

/** Marks the history entry pushed when the now-playing view opened (kept beside the page's own state). */
const MARKER = 'nowPlaying'

function withMarker(state: unknown, on: boolean): Record<string, unknown> {
  const base = state && typeof state === 'object' ? { ...(state as Record<string, unknown>) } : {}
  if (on) base[MARKER] = true
  else delete base[MARKER]
  return base
}

function hasMarker(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as Record<string, unknown>)[MARKER] === true
}

/**
 * The now-playing view owns a history entry, so the browser's (or the phone's) Back closes it: opening
 * pushes an entry on the same URL, Back (or following a link) closes the view, closing it from a button
 * pops the entry, and Forward onto the entry opens it again while the player is open.
 */
export function useNowPlayingHistory(playerOpen: boolean, fullscreen: boolean): void {
  const location = useLocation()
  const navigate = useNavigate()
  const previous = useRef({ fullscreen, key: location.key })

  useEffect(() => {
    const before = previous.current
    previous.current = { fullscreen, key: location.key }
    const marked = hasMarker(location.state)
    const same = { pathname: location.pathname, search: location.search, hash: location.hash }
    if (fullscreen && !marked) {
      if (!before.fullscreen)
        void navigate(same, { state: withMarker(location.state, true), preventScrollReset: true })
      // Back, or a link followed from the view: the page shows again.
      else setPlayerFullscreen(false)
      return
    }
    if (!fullscreen && marked) {
      // Closed by a button or Escape: drop its entry, so Back goes where it went before the view opened.
      if (before.fullscreen && before.key === location.key) void navigate(-1)
      else if (playerOpen) setPlayerFullscreen(true)
      else
        void navigate(same, {
          replace: true,
          state: withMarker(location.state, false),
          preventScrollReset: true,
        })
    }
  }, [fullscreen, playerOpen, location, navigate])
}
