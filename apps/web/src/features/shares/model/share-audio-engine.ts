import { clampTime, createProgressThrottle, trackAt, type TimelineTrack } from './share-playback.ts'

/** How often a playing share page saves its position (spec: throttled). */
export const SHARE_PROGRESS_INTERVAL_MS = 10_000

export interface ShareAudioTrack extends TimelineTrack {
  url: string
}

export interface ShareAudioHandlers {
  sendProgress: (time: number) => void
  sendProgressOnLeave: (time: number) => void
  /** A track failed to load (the share may have expired or been deleted meanwhile). */
  onError: () => void
}

export interface ShareAudioState {
  time: number
  playing: boolean
  waiting: boolean
  rate: number
}

/**
 * Plays the shared book's tracks one after another on one <audio> element, on the book's timeline: a seek
 * across tracks swaps the source, the end of a track starts the next, and the position goes to the server
 * throttled while playing and at once on pause, seek and leaving. Independent of the signed-in player and
 * its store: an anonymous visitor has no playback session of that kind.
 */
export class ShareAudioEngine {
  readonly element: HTMLAudioElement
  private state: ShareAudioState
  private readonly listeners = new Set<() => void>()
  private trackIndex = -1
  /** Where to go in the source being loaded, once its metadata is there. */
  private pendingOffset: number | null = null
  private readonly throttle: ReturnType<typeof createProgressThrottle>
  private readonly detach: () => void
  private readonly tracks: readonly ShareAudioTrack[]
  private readonly duration: number
  private handlers: ShareAudioHandlers

  constructor(
    tracks: readonly ShareAudioTrack[],
    duration: number,
    startTime: number,
    handlers: ShareAudioHandlers,
    element: HTMLAudioElement = document.createElement('audio'),
  ) {
    this.tracks = tracks
    this.duration = duration
    this.handlers = handlers
    this.element = element
    this.state = { time: clampTime(startTime, duration), playing: false, waiting: false, rate: 1 }
    this.throttle = createProgressThrottle((t) => this.handlers.sendProgress(t), SHARE_PROGRESS_INTERVAL_MS)
    element.preload = 'auto'
    this.detach = this.listen()
    // The first track at the start time, fetched before the first press so playback starts at once.
    const { index, offset } = trackAt(tracks, this.state.time)
    if (index >= 0) this.load(index, offset, false)
  }

  setHandlers(handlers: ShareAudioHandlers): void {
    this.handlers = handlers
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getState = (): ShareAudioState => this.state

  togglePlay = (): void => {
    const audio = this.element
    if (!audio.paused) {
      audio.pause()
      return
    }
    this.update({ waiting: true })
    void audio.play()?.catch(() => this.update({ waiting: false }))
  }

  seek = (target: number): void => {
    const t = clampTime(target, this.duration)
    this.update({ time: t })
    this.throttle.flush(t)
    const { index, offset } = trackAt(this.tracks, t)
    if (index < 0) return
    if (index === this.trackIndex && this.pendingOffset === null) this.element.currentTime = offset
    else this.load(index, offset, !this.element.paused)
  }

  jump = (seconds: number): void => this.seek(this.state.time + seconds)

  setRate = (rate: number): void => {
    this.element.defaultPlaybackRate = rate
    this.element.playbackRate = rate
    this.update({ rate })
  }

  dispose(): void {
    this.detach()
    this.element.pause()
    this.element.removeAttribute('src')
  }

  private update(change: Partial<ShareAudioState>): void {
    this.state = { ...this.state, ...change }
    this.listeners.forEach((listener) => listener())
  }

  private load(index: number, offset: number, autoplay: boolean): void {
    const track = this.tracks[index]
    if (!track) return
    const audio = this.element
    this.trackIndex = index
    this.pendingOffset = offset
    audio.src = track.url
    audio.load()
    audio.defaultPlaybackRate = this.state.rate
    audio.playbackRate = this.state.rate
    if (autoplay) void audio.play()?.catch(() => undefined)
  }

  private bookTime(): number {
    return (this.tracks[this.trackIndex]?.startOffset ?? 0) + this.element.currentTime
  }

  private listen(): () => void {
    const audio = this.element
    const on: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
      loadedmetadata: () => {
        if (this.pendingOffset !== null) audio.currentTime = this.pendingOffset
        this.pendingOffset = null
      },
      timeupdate: () => {
        // Until the pending seek lands, currentTime still reads the start of the new source.
        if (this.pendingOffset !== null) return
        const time = this.bookTime()
        this.update({ time })
        if (!audio.paused) this.throttle.update(time)
      },
      play: () => this.update({ playing: true }),
      playing: () => this.update({ playing: true, waiting: false }),
      waiting: () => this.update({ waiting: true }),
      pause: () => {
        this.update({ playing: false, waiting: false })
        this.throttle.flush(this.state.time)
      },
      ended: () => {
        const next = this.trackIndex + 1
        if (next < this.tracks.length) this.load(next, 0, true)
        else {
          this.update({ playing: false })
          this.throttle.flush(this.state.time)
        }
      },
      error: () => {
        this.update({ playing: false, waiting: false })
        this.handlers.onError()
      },
    }
    const entries = Object.entries(on) as [string, () => void][]
    for (const [type, listener] of entries) audio.addEventListener(type, listener)
    const onLeave = () => this.handlers.sendProgressOnLeave(Math.floor(this.state.time))
    window.addEventListener('pagehide', onLeave)
    return () => {
      for (const [type, listener] of entries) audio.removeEventListener(type, listener)
      window.removeEventListener('pagehide', onLeave)
    }
  }
}
