import type { AudioBackend, AudioBackendFactory, BackendEvent, QueueSource } from './audio-backend.ts'
import { trackIndexAt } from '../model/player-rules.ts'

export type PlayerState = 'IDLE' | 'LOADING' | 'LOADED' | 'PLAYING' | 'PAUSED' | 'SEEK_LOADING' | 'ERROR'

/** One of an item's tracks; `url` is what the backend loads. */
export interface EngineTrack extends QueueSource {
  index: number
}

export interface EngineSnapshot {
  state: PlayerState
  /** Position in the whole item (seconds). */
  currentTime: number
  bufferedTime: number
  duration: number
  trackIndex: number
}

export type EngineEvent =
  | { type: 'state'; state: PlayerState }
  | { type: 'timeupdate'; currentTime: number }
  | { type: 'finished' }
  | { type: 'error'; message: string }

/**
 * The player state machine, outside React. It drives one backend over an item's tracks: a multi-file
 * book moves to the next track when one ends, and a seek to a time in another track loads that track
 * (SEEK_LOADING) and seeks inside it. A queue backend (cast) takes all tracks at once and does this itself,
 * so the engine then treats the item as one source.
 */
export class PlayerEngine {
  private backend: AudioBackend | null = null
  private offBackend: (() => void) | null = null
  private tracks: EngineTrack[] = []
  private trackIndex = 0
  private state: PlayerState = 'IDLE'
  /** The backend plays the whole item as a queue: its times are whole-item times. */
  private queueMode = false
  private playWhenLoaded = false
  /** Whole-item time to restore once a (re)loaded track is ready. */
  private pendingSeek: number | null = null
  private rate = 1
  private volume = 1
  private muted = false
  private listeners = new Set<(event: EngineEvent) => void>()

  private readonly createBackend: AudioBackendFactory

  constructor(createBackend: AudioBackendFactory) {
    this.createBackend = createBackend
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getState(): PlayerState {
    return this.state
  }

  snapshot(): EngineSnapshot {
    const offset = this.offsetOf(this.tracks[this.trackIndex])
    const currentTime = this.getCurrentTime()
    return {
      state: this.state,
      currentTime,
      bufferedTime: this.backend ? offset + this.backend.getBufferedEnd() : 0,
      duration: this.getDuration(),
      trackIndex: this.queueMode ? this.trackIndexFor(currentTime) : this.trackIndex,
    }
  }

  getDuration(): number {
    const last = this.tracks[this.tracks.length - 1]
    return last ? last.startOffset + last.duration : 0
  }

  getCurrentTime(): number {
    if (this.pendingSeek !== null) return this.pendingSeek
    const track = this.tracks[this.trackIndex]
    if (!track || !this.backend) return 0
    return this.offsetOf(track) + this.backend.getCurrentTime()
  }

  /** Loads an item's tracks at `startTime` (whole-item seconds). */
  load(tracks: EngineTrack[], startTime: number, playWhenReady: boolean): void {
    this.unload()
    this.tracks = [...tracks].sort((a, b) => a.startOffset - b.startOffset)
    if (this.tracks.length === 0) {
      this.fail('no audio tracks')
      return
    }
    this.backend = this.createBackend()
    this.queueMode = typeof this.backend.loadQueue === 'function'
    this.offBackend = this.backend.subscribe((event) => this.onBackendEvent(event))
    this.backend.setRate(this.rate)
    this.backend.setVolume(this.volume)
    this.backend.setMuted(this.muted)
    this.playWhenLoaded = playWhenReady
    this.loadTrack(this.trackIndexFor(startTime), startTime, 'LOADING')
  }

  play(): void {
    if (!this.backend) return
    if (this.state === 'LOADING' || this.state === 'SEEK_LOADING') {
      this.playWhenLoaded = true
      return
    }
    this.playWhenLoaded = true
    this.backend.play().catch((error: unknown) => {
      // An autoplay refusal is not a media error: stay paused.
      if (error instanceof DOMException && error.name === 'NotAllowedError') this.setState('PAUSED')
      else if (error instanceof DOMException && error.name === 'AbortError') return
      else this.fail(error instanceof Error ? error.message : String(error))
    })
  }

  pause(): void {
    this.playWhenLoaded = false
    if (!this.backend) return
    if (this.state === 'LOADING' || this.state === 'SEEK_LOADING') return
    this.backend.pause()
  }

  /** Toggles what the listener asked for: during a (seek) load that means whether it plays once loaded. */
  playPause(): void {
    const loading = this.state === 'LOADING' || this.state === 'SEEK_LOADING'
    if (this.state === 'PLAYING' || (loading && this.playWhenLoaded)) this.pause()
    else this.play()
  }

  /** Seeks in whole-item time; a time in another track loads that track first. */
  seek(time: number): void {
    if (!this.backend || !Number.isFinite(time)) return
    const target = Math.min(Math.max(0, time), this.getDuration())
    // A queue backend finds the track itself.
    const index = this.queueMode ? this.trackIndex : this.trackIndexFor(target)
    if (index === this.trackIndex && this.state !== 'LOADING' && this.state !== 'SEEK_LOADING') {
      const track = this.tracks[index]!
      this.backend.seek(target - this.offsetOf(track))
      this.emit({ type: 'timeupdate', currentTime: target })
      return
    }
    if (this.state === 'LOADING' || this.state === 'SEEK_LOADING') {
      if (index === this.trackIndex) {
        this.pendingSeek = target
        return
      }
    }
    this.playWhenLoaded = this.playWhenLoaded || this.state === 'PLAYING'
    this.loadTrack(index, target, 'SEEK_LOADING')
  }

  setRate(rate: number): void {
    this.rate = rate
    this.backend?.setRate(rate)
  }

  setVolume(volume: number): void {
    this.volume = volume
    this.backend?.setVolume(volume)
  }

  setMuted(muted: boolean): void {
    this.muted = muted
    this.backend?.setMuted(muted)
  }

  /** Stops and forgets the item. */
  unload(): void {
    this.offBackend?.()
    this.offBackend = null
    this.backend?.destroy()
    this.backend = null
    this.queueMode = false
    this.tracks = []
    this.trackIndex = 0
    this.pendingSeek = null
    this.playWhenLoaded = false
    this.setState('IDLE')
  }

  private trackIndexFor(time: number): number {
    return trackIndexAt(this.tracks, time)
  }

  /** Where a backend's times start in the item: 0 for a queue backend, which reports whole-item time. */
  private offsetOf(track: EngineTrack | undefined): number {
    return this.queueMode ? 0 : (track?.startOffset ?? 0)
  }

  private loadTrack(index: number, wholeTime: number, state: 'LOADING' | 'SEEK_LOADING'): void {
    const track = this.tracks[index]!
    this.trackIndex = index
    this.pendingSeek = wholeTime
    this.setState(state)
    if (this.queueMode) this.backend!.loadQueue!(this.tracks, wholeTime)
    else
      this.backend!.load(track.url, { hls: track.hls, startTime: Math.max(0, wholeTime - track.startOffset) })
  }

  private onBackendEvent(event: BackendEvent): void {
    switch (event.type) {
      case 'loaded': {
        if (this.state !== 'LOADING' && this.state !== 'SEEK_LOADING') return
        const track = this.tracks[this.trackIndex]!
        const target = this.pendingSeek
        this.pendingSeek = null
        if (target !== null) {
          const within = target - this.offsetOf(track)
          if (Math.abs(this.backend!.getCurrentTime() - within) > 0.25) this.backend!.seek(within)
        }
        this.setState('LOADED')
        if (this.playWhenLoaded) this.play()
        else this.setState('PAUSED')
        return
      }
      case 'playing':
        if (this.state === 'LOADING' || this.state === 'SEEK_LOADING') return
        this.setState('PLAYING')
        return
      case 'paused':
        if (this.state === 'PLAYING' || this.state === 'LOADED') this.setState('PAUSED')
        return
      case 'timeupdate':
        if (this.state === 'LOADING' || this.state === 'SEEK_LOADING') return
        this.emit({ type: 'timeupdate', currentTime: this.getCurrentTime() })
        return
      case 'progress':
        return
      case 'ended': {
        if (!this.queueMode && this.trackIndex < this.tracks.length - 1) {
          const next = this.tracks[this.trackIndex + 1]!
          this.playWhenLoaded = true
          this.loadTrack(this.trackIndex + 1, next.startOffset, 'SEEK_LOADING')
        } else {
          this.playWhenLoaded = false
          this.setState('PAUSED')
          this.emit({ type: 'finished' })
        }
        return
      }
      case 'error':
        this.fail(event.message)
        return
    }
  }

  private fail(message: string): void {
    this.setState('ERROR')
    this.emit({ type: 'error', message })
  }

  private setState(state: PlayerState): void {
    if (this.state === state) return
    this.state = state
    this.emit({ type: 'state', state })
  }

  private emit(event: EngineEvent): void {
    for (const listener of this.listeners) listener(event)
  }
}
