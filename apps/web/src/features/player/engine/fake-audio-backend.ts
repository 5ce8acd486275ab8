import type { AudioBackend, BackendEvent } from './audio-backend.ts'

/** A scripted backend for tests: nothing plays until the test says so. */
export class FakeAudioBackend implements AudioBackend {
  src: string | null = null
  hls = false
  time = 0
  rate = 1
  volume = 1
  muted = false
  playing = false
  destroyed = false
  loads: { src: string; startTime: number }[] = []
  /** Answer `loaded` right after `load` (else call `finishLoad()`). */
  autoLoad = true
  private listeners = new Set<(event: BackendEvent) => void>()

  load(src: string, options: { hls: boolean; startTime: number }): void {
    this.src = src
    this.hls = options.hls
    this.time = options.startTime
    this.loads.push({ src, startTime: options.startTime })
    if (this.autoLoad) queueMicrotask(() => this.finishLoad())
  }
  finishLoad(): void {
    this.emit({ type: 'loaded' })
  }
  play(): Promise<void> {
    this.playing = true
    queueMicrotask(() => this.emit({ type: 'playing' }))
    return Promise.resolve()
  }
  pause(): void {
    this.playing = false
    this.emit({ type: 'paused' })
  }
  seek(time: number): void {
    this.time = time
  }
  getCurrentTime(): number {
    return this.time
  }
  getBufferedEnd(): number {
    return this.time
  }
  setRate(rate: number): void {
    this.rate = rate
  }
  setVolume(volume: number): void {
    this.volume = volume
  }
  setMuted(muted: boolean): void {
    this.muted = muted
  }
  subscribe(listener: (event: BackendEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  destroy(): void {
    this.destroyed = true
    this.listeners.clear()
  }
  /** Test helpers. */
  advance(seconds: number): void {
    this.time += seconds
    this.emit({ type: 'timeupdate' })
  }
  end(): void {
    this.playing = false
    this.emit({ type: 'ended' })
  }
  fail(message = 'decode error'): void {
    this.emit({ type: 'error', message })
  }
  emit(event: BackendEvent): void {
    for (const listener of [...this.listeners]) listener(event)
  }
}
