import { trackIndexAt } from '../model/player-rules.ts'
import type { AudioBackend, BackendEvent, QueueSource } from './audio-backend.ts'
import {
  CAST_MEDIA_NAMESPACE,
  type CastContextLike,
  type CastQueueItem,
  type CastSenderApi,
  type RemotePlayerChange,
} from './cast-sender-api.ts'

export interface CastBackendOptions {
  api: CastSenderApi
  context: CastContextLike
  /** Title shown on the receiver for the queue. */
  title?: () => string
}

const HLS_CONTENT_TYPE = 'application/x-mpegurl'

/**
 * Plays an item on a Cast receiver: the item's tracks go over as one queue, so the receiver moves from
 * track to track itself. Times in and out are whole-item seconds (a queue backend, see AudioBackend).
 */
export function createCastBackend({ api, context, title }: CastBackendOptions): AudioBackend {
  const { framework, chromeCast } = api
  const player = new framework.RemotePlayer()
  const remote = new framework.RemotePlayerController(player)
  const listeners = new Set<(event: BackendEvent) => void>()
  const emit = (event: BackendEvent) => listeners.forEach((l) => l(event))
  let tracks: readonly QueueSource[] = []
  let currentIndex = 0
  /** Whole-item time to report until the receiver reports its own after a (re)load. */
  let pendingTime: number | null = null
  /** The last whole-item time the receiver reported: what stays true once the session has ended. */
  let lastKnown = 0
  let loadToken = 0
  let rate = 1
  /** Volume goes to the receiver only once media is ours: connecting must not reset the TV's volume. */
  let loaded = false
  let destroyed = false

  const offset = () => tracks[currentIndex]?.startOffset ?? 0

  function queueItems(): CastQueueItem[] {
    return tracks.map((track, index) => {
      const media = new chromeCast.media.MediaInfo(
        track.url,
        track.hls ? HLS_CONTENT_TYPE : (track.mimeType ?? 'audio/mpeg'),
      )
      media.streamType = chromeCast.media.StreamType.BUFFERED
      media.duration = track.duration
      const metadata = new chromeCast.media.GenericMediaMetadata()
      metadata.title = track.title ?? title?.() ?? `${index + 1}`
      if (title) metadata.subtitle = title()
      media.metadata = metadata
      return new chromeCast.media.QueueItem(media)
    })
  }

  /** Loads the queue so that `wholeTime` plays first; `autoplay` keeps playing across a far seek. */
  function loadAt(wholeTime: number, autoplay: boolean): void {
    const session = context.getCurrentSession()
    const token = ++loadToken
    if (!session) {
      queueMicrotask(() => emit({ type: 'error', message: 'no cast session' }))
      return
    }
    const index = trackIndexAt(tracks, wholeTime)
    const items = queueItems()
    const request = new chromeCast.media.LoadRequest(items[index]!.media)
    request.queueData = new chromeCast.media.QueueData(
      undefined,
      title?.(),
      undefined,
      undefined,
      items,
      index,
    )
    request.currentTime = Math.max(0, wholeTime - tracks[index]!.startOffset)
    request.autoplay = autoplay
    currentIndex = index
    pendingTime = wholeTime
    lastKnown = wholeTime
    session.loadMedia(request).then(
      () => {
        if (token !== loadToken || destroyed) return
        loaded = true
        sendRate()
        emit({ type: 'loaded' })
      },
      (code: unknown) => {
        if (token !== loadToken || destroyed) return
        pendingTime = null
        emit({ type: 'error', message: `cast load failed: ${String(code)}` })
      },
    )
  }

  function sendRate(): void {
    const session = context.getCurrentSession()
    const media = session?.getMediaSession()
    if (!session || !media) return
    session
      .sendMessage(CAST_MEDIA_NAMESPACE, {
        type: 'SET_PLAYBACK_RATE',
        playbackRate: rate,
        mediaSessionId: media.mediaSessionId,
        requestId: 0,
      })
      .catch((error: unknown) => console.warn('[cast] playback rate not applied', error))
  }

  function onChange({ field, value }: RemotePlayerChange): void {
    switch (field) {
      case 'mediaInfo': {
        // The receiver moved along the queue: follow it by URL.
        const contentId = (value as { contentId?: string } | null)?.contentId
        const index = tracks.findIndex((t) => t.url === contentId)
        if (index >= 0) currentIndex = index
        return
      }
      case 'currentTime':
        if (!player.isMediaLoaded || !player.isConnected) return
        pendingTime = null
        lastKnown = currentTime()
        emit({ type: 'timeupdate' })
        return
      case 'playerState':
        if (value === 'PLAYING') emit({ type: 'playing' })
        else if (value === 'PAUSED') emit({ type: 'paused' })
        else if (value === 'IDLE') onIdle()
        return
    }
  }

  function onIdle(): void {
    const reason = context.getCurrentSession()?.getMediaSession()?.idleReason
    if (reason === 'FINISHED' && currentIndex === tracks.length - 1) emit({ type: 'ended' })
    else if (reason === 'ERROR') emit({ type: 'error', message: 'cast receiver error' })
  }

  function loadQueue(sources: readonly QueueSource[], startTime: number): void {
    tracks = [...sources]
    loaded = false
    loadAt(startTime, false)
  }

  const currentTime = () => {
    if (pendingTime !== null) return pendingTime
    return player.isConnected ? offset() + player.currentTime : lastKnown
  }

  remote.addEventListener(framework.RemotePlayerEventType.ANY_CHANGE, onChange)

  return {
    load(src, { hls, startTime }) {
      loadQueue([{ startOffset: 0, duration: 0, url: src, hls }], startTime)
    },
    loadQueue,
    play() {
      if (player.isPaused || player.playerState === 'PAUSED') remote.playOrPause()
      return Promise.resolve()
    },
    pause() {
      if (!player.isPaused) remote.playOrPause()
    },
    seek(time) {
      const index = trackIndexAt(tracks, time)
      if (index !== currentIndex) {
        // Another track: load the queue again from there rather than map receiver item ids.
        loadAt(time, !player.isPaused)
        return
      }
      player.currentTime = Math.max(0, time - offset())
      remote.seek()
    },
    getCurrentTime: currentTime,
    // The receiver does not report its buffer.
    getBufferedEnd: currentTime,
    setRate(value) {
      rate = value
      if (loaded) sendRate()
    },
    setVolume(volume) {
      if (!loaded) return
      player.volumeLevel = volume
      remote.setVolumeLevel()
    },
    setMuted(muted) {
      if (loaded && player.isMuted !== muted) remote.muteOrUnmute()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      destroyed = true
      loadToken++
      remote.removeEventListener(framework.RemotePlayerEventType.ANY_CHANGE, onChange)
      // Closing the player stops the receiver; a session that already ended has nothing to stop.
      if (loaded && player.isConnected && player.isMediaLoaded) remote.stop()
      listeners.clear()
    },
  }
}
