import type { OpenPlaybackSession } from '@shelfcast/contracts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  bindMediaSessionActions,
  nowPlayingMetadata,
  showNowPlaying,
  showPosition,
  type MediaSessionActions,
  type MediaSessionLike,
} from './media-session.ts'

class FakeMediaSession implements MediaSessionLike {
  metadata: MediaMetadata | null = null
  playbackState: MediaSessionPlaybackState = 'none'
  handlers = new Map<MediaSessionAction, MediaSessionActionHandler | null>()
  positions: MediaPositionState[] = []
  /** Actions this "browser" does not support throw, as Chrome and Safari do. */
  readonly unsupported: MediaSessionAction[]
  constructor(unsupported: MediaSessionAction[] = []) {
    this.unsupported = unsupported
  }
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    if (this.unsupported.includes(action)) throw new TypeError(`unsupported ${action}`)
    this.handlers.set(action, handler)
  }
  setPositionState(state?: MediaPositionState) {
    if (state) this.positions.push(state)
  }
  fire(action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) {
    this.handlers.get(action)?.({ action, ...details })
  }
}

/** jsdom has no MediaMetadata: a stand-in that keeps what it is given. */
class FakeMediaMetadata {
  title: string
  artist: string
  album: string
  artwork: MediaImage[]
  constructor(init: MediaMetadataInit) {
    this.title = init.title ?? ''
    this.artist = init.artist ?? ''
    this.album = init.album ?? ''
    this.artwork = [...(init.artwork ?? [])]
  }
}

afterEach(() => vi.unstubAllGlobals())

function actions() {
  return {
    play: vi.fn<() => void>(),
    pause: vi.fn<() => void>(),
    seekBackward: vi.fn<(offset: number | undefined) => void>(),
    seekForward: vi.fn<(offset: number | undefined) => void>(),
    seekTo: vi.fn<(time: number) => void>(),
    previousChapter: vi.fn<() => void>(),
    nextChapter: vi.fn<() => void>(),
  } satisfies MediaSessionActions
}

function bookSession(overrides: { coverPath?: string | null; series?: { name: string }[] } = {}) {
  return {
    libraryItemId: 'li1',
    displayTitle: 'The Ashen Gate',
    displayAuthor: 'Aldous Fenwick',
    coverPath: overrides.coverPath === undefined ? '/covers/li1.jpg' : overrides.coverPath,
    libraryItem: {
      mediaType: 'book',
      media: { metadata: { title: 'The Ashen Gate', series: overrides.series ?? [] } },
    },
  } as unknown as OpenPlaybackSession
}

describe('media session', () => {
  it('sends each OS button to its player action, with the offset or seek time the OS gives', () => {
    const ms = new FakeMediaSession()
    const a = actions()
    bindMediaSessionActions(ms, a)
    ms.fire('play')
    ms.fire('pause')
    ms.fire('seekbackward', { seekOffset: 15 })
    ms.fire('seekforward')
    ms.fire('seekto', { seekTime: 42 })
    ms.fire('previoustrack')
    ms.fire('nexttrack')
    expect(a.play).toHaveBeenCalledOnce()
    expect(a.pause).toHaveBeenCalledOnce()
    expect(a.seekBackward).toHaveBeenCalledWith(15)
    expect(a.seekForward).toHaveBeenCalledWith(undefined)
    expect(a.seekTo).toHaveBeenCalledWith(42)
    expect(a.previousChapter).toHaveBeenCalledOnce()
    expect(a.nextChapter).toHaveBeenCalledOnce()
  })

  it('ignores a seekto without a time, and skips actions the browser does not support', () => {
    const ms = new FakeMediaSession(['seekto'])
    const a = actions()
    expect(() => bindMediaSessionActions(ms, a)).not.toThrow()
    expect(ms.handlers.has('seekto')).toBe(false)
    expect(ms.handlers.has('nexttrack')).toBe(true)

    const full = new FakeMediaSession()
    bindMediaSessionActions(full, a)
    full.fire('seekto', {})
    full.fire('seekto', { seekTime: Number.NaN })
    expect(a.seekTo).not.toHaveBeenCalled()
  })

  it('describes a book: title, author, its series as album, and the cover at several square sizes', () => {
    const metadata = nowPlayingMetadata(
      bookSession({ series: [{ name: 'Ember Cycle' }] }),
      (size) => `/api/items/li1/cover?width=${size}&height=${size}`,
    )
    expect(metadata).toMatchObject({
      title: 'The Ashen Gate',
      artist: 'Aldous Fenwick',
      album: 'Ember Cycle',
    })
    expect(metadata.artwork.map((a) => a.sizes)).toEqual(['160x160', '320x320', '640x640'])
    expect(metadata.artwork[2]!.src).toBe('/api/items/li1/cover?width=640&height=640')
    // Without a series the album is the book's title; without a cover there is no artwork.
    const plain = nowPlayingMetadata(bookSession({ coverPath: null }), () => 'x')
    expect(plain.album).toBe('The Ashen Gate')
    expect(plain.artwork).toEqual([])
  })

  it('names a podcast as the album of its episode', () => {
    const session = {
      ...bookSession(),
      displayTitle: 'Episode 3',
      libraryItem: { mediaType: 'podcast', media: { metadata: { title: 'Night Radio' } } },
    } as unknown as OpenPlaybackSession
    expect(nowPlayingMetadata(session, null)).toMatchObject({ title: 'Episode 3', album: 'Night Radio' })
  })

  it('shows the metadata and play state, and clears both when nothing plays', () => {
    vi.stubGlobal('MediaMetadata', FakeMediaMetadata)
    const ms = new FakeMediaSession()
    showNowPlaying(
      ms,
      nowPlayingMetadata(bookSession(), (size) => `cover-${size}`),
      true,
    )
    expect(ms.metadata).toMatchObject({ title: 'The Ashen Gate', artist: 'Aldous Fenwick' })
    expect(ms.playbackState).toBe('playing')
    showNowPlaying(ms, nowPlayingMetadata(bookSession(), null), false)
    expect(ms.playbackState).toBe('paused')
    showNowPlaying(ms, null, false)
    expect(ms.metadata).toBeNull()
    expect(ms.playbackState).toBe('none')
  })

  it('sets the position state within the duration, and none before the duration is known', () => {
    const ms = new FakeMediaSession()
    showPosition(ms, { duration: 0, currentTime: 0, rate: 1 })
    expect(ms.positions).toEqual([])
    showPosition(ms, { duration: 120, currentTime: 130, rate: 1.5 })
    expect(ms.positions).toEqual([{ duration: 120, position: 120, playbackRate: 1.5 }])
  })
})
