import type Hls from 'hls.js'
import type { HlsConfig } from 'hls.js'
import type { AudioBackend, BackendEvent } from './audio-backend.ts'

/** Spec §8: fragment 404s retried up to 8 times (1–8 s apart), timeouts up to 4, first byte 10 s, load 120 s. */
export const hlsConfig: Partial<HlsConfig> = {
  startPosition: 0,
  fragLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 10_000,
      maxLoadTimeMs: 120_000,
      timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: { maxNumRetry: 8, retryDelayMs: 1000, maxRetryDelayMs: 8000 },
    },
  },
}

/** Production backend: one HTMLAudioElement, with hls.js for HLS where Media Source works (else native). */
export function createHtmlAudioBackend(): AudioBackend {
  const audio = new Audio()
  audio.preload = 'auto'
  const listeners = new Set<(event: BackendEvent) => void>()
  const emit = (event: BackendEvent) => listeners.forEach((l) => l(event))
  let hls: Hls | null = null
  let pendingStart = 0
  let loadToken = 0

  const on: [string, () => void][] = [
    [
      'loadedmetadata',
      () => {
        if (pendingStart > 0) audio.currentTime = pendingStart
        emit({ type: 'loaded' })
      },
    ],
    ['playing', () => emit({ type: 'playing' })],
    ['pause', () => emit({ type: 'paused' })],
    ['ended', () => emit({ type: 'ended' })],
    ['timeupdate', () => emit({ type: 'timeupdate' })],
    ['progress', () => emit({ type: 'progress' })],
    [
      'error',
      () =>
        emit({ type: 'error', message: audio.error?.message || `media error ${audio.error?.code ?? ''}` }),
    ],
  ]
  for (const [name, handler] of on) audio.addEventListener(name, handler)

  function destroyHls() {
    hls?.destroy()
    hls = null
  }

  return {
    load(src, { hls: isHls, startTime }) {
      destroyHls()
      const token = ++loadToken
      pendingStart = startTime
      const native = () => {
        // Native playback (also the HLS fallback, e.g. Safari).
        audio.src = src
        audio.load()
      }
      if (!isHls) {
        native()
        return
      }
      // hls.js is loaded only when a transcode is played.
      import('hls.js')
        .then(({ default: HlsClass }) => {
          if (token !== loadToken) return
          if (!HlsClass.isSupported()) {
            native()
            return
          }
          const instance = new HlsClass({ ...hlsConfig, startPosition: startTime })
          instance.on(HlsClass.Events.ERROR, (_event, data) => {
            if (data.fatal) emit({ type: 'error', message: `hls ${data.type}: ${data.details}` })
          })
          instance.attachMedia(audio)
          instance.loadSource(src)
          hls = instance
          pendingStart = 0
        })
        .catch((error: unknown) => {
          console.error('[player] hls.js failed to load; trying native HLS', error)
          if (token === loadToken) native()
        })
    },
    play: () => audio.play(),
    pause: () => audio.pause(),
    seek(time) {
      audio.currentTime = time
    },
    getCurrentTime: () => audio.currentTime,
    getBufferedEnd() {
      const t = audio.currentTime
      for (let i = 0; i < audio.buffered.length; i++) {
        if (audio.buffered.start(i) <= t + 0.5 && audio.buffered.end(i) >= t) return audio.buffered.end(i)
      }
      return t
    },
    setRate(rate) {
      audio.playbackRate = rate
      audio.defaultPlaybackRate = rate
    },
    setVolume(volume) {
      audio.volume = volume
    },
    setMuted(muted) {
      audio.muted = muted
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      loadToken++
      destroyHls()
      for (const [name, handler] of on) audio.removeEventListener(name, handler)
      audio.pause()
      audio.removeAttribute('src')
      audio.load()
      listeners.clear()
    },
  }
}
