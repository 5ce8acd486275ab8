import type { OpenPlaybackSession } from '@shelfcast/contracts'

/**
 * The lock-screen / notification controls (Media Session API): what is playing, with its cover at a few
 * sizes, the actions the OS may send, and the position for its scrubber. Kept apart from the controller so
 * it can be tested with a fake `navigator.mediaSession`.
 */

/** The part of `navigator.mediaSession` used here (a test passes a fake). */
export interface MediaSessionLike {
  metadata: MediaMetadata | null
  playbackState: MediaSessionPlaybackState
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void
  setPositionState?(state?: MediaPositionState): void
}

/** What the OS buttons do. */
export interface MediaSessionActions {
  play: () => void
  pause: () => void
  /** `offset` in seconds when the OS gives one, else the user's jump amount. */
  seekBackward: (offset: number | undefined) => void
  seekForward: (offset: number | undefined) => void
  seekTo: (time: number) => void
  previousChapter: () => void
  nextChapter: () => void
}

export interface NowPlayingMetadata {
  title: string
  artist: string
  album: string
  artwork: MediaImage[]
}

/** Square cover sizes offered to the OS: small for notifications, large for lock screens and car displays. */
export const ARTWORK_SIZES = [160, 320, 640] as const

/** The browser's Media Session, or null where there is none (older browsers, tests without it). */
export function browserMediaSession(): MediaSessionLike | null {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return null
  return navigator.mediaSession
}

/** Title, author, album (podcast title, else the book's first series, else its title) and cover sizes. */
export function nowPlayingMetadata(
  session: OpenPlaybackSession,
  coverUrl: ((size: number) => string) | null,
): NowPlayingMetadata {
  const item = session.libraryItem
  const album =
    item.mediaType === 'podcast'
      ? item.media.metadata.title
      : (item.media.metadata.series[0]?.name ?? item.media.metadata.title)
  const artwork =
    coverUrl && session.coverPath
      ? ARTWORK_SIZES.map((size) => ({ src: coverUrl(size), sizes: `${size}x${size}`, type: 'image/jpeg' }))
      : []
  return {
    title: session.displayTitle,
    artist: session.displayAuthor,
    album: album ?? '',
    artwork,
  }
}

/** Registers every action handler once; an action the browser does not know is skipped. */
export function bindMediaSessionActions(ms: MediaSessionLike, actions: MediaSessionActions): void {
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => actions.play()],
    ['pause', () => actions.pause()],
    ['seekbackward', (details) => actions.seekBackward(details.seekOffset)],
    ['seekforward', (details) => actions.seekForward(details.seekOffset)],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined && Number.isFinite(details.seekTime))
          actions.seekTo(details.seekTime)
      },
    ],
    ['previoustrack', () => actions.previousChapter()],
    ['nexttrack', () => actions.nextChapter()],
  ]
  for (const [action, handler] of handlers) {
    try {
      ms.setActionHandler(action, handler)
    } catch {
      // Not supported by this browser: the OS will not show that button.
    }
  }
}

/** Shows what is playing (or clears it when nothing is) and whether it plays. */
export function showNowPlaying(
  ms: MediaSessionLike,
  metadata: NowPlayingMetadata | null,
  playing: boolean,
): void {
  if (metadata && typeof MediaMetadata !== 'undefined') ms.metadata = new MediaMetadata(metadata)
  else if (!metadata) ms.metadata = null
  ms.playbackState = playing ? 'playing' : metadata ? 'paused' : 'none'
}

/** The OS scrubber's position; skipped until the duration is known (the API throws on a zero duration). */
export function showPosition(
  ms: MediaSessionLike,
  position: { duration: number; currentTime: number; rate: number },
): void {
  if (!ms.setPositionState || !(position.duration > 0) || !(position.rate > 0)) return
  try {
    ms.setPositionState({
      duration: position.duration,
      position: Math.min(position.duration, Math.max(0, position.currentTime)),
      playbackRate: position.rate,
    })
  } catch {
    // A state the browser rejects mid-reload; the next tick sets it again.
  }
}
