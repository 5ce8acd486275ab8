/** What the engine needs from something that plays one audio source at a time. */
export type BackendEvent =
  | { type: 'loaded' }
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'ended' }
  | { type: 'timeupdate' }
  | { type: 'progress' }
  | { type: 'error'; message: string }

export interface AudioBackend {
  /** Loads a source; `hls` marks an HLS manifest. `startTime` is within this source. */
  load(src: string, options: { hls: boolean; startTime: number }): void
  play(): Promise<void>
  pause(): void
  seek(time: number): void
  getCurrentTime(): number
  /** End of the buffered range around the current position (seconds within the source). */
  getBufferedEnd(): number
  setRate(rate: number): void
  setVolume(volume: number): void
  setMuted(muted: boolean): void
  subscribe(listener: (event: BackendEvent) => void): () => void
  destroy(): void
  /**
   * Present on backends that take a whole item as one queue (a cast receiver plays the tracks itself).
   * Their times are then whole-item seconds, `seek` takes whole-item time and `ended` means the last
   * track ended.
   */
  loadQueue?(tracks: readonly QueueSource[], startTime: number): void
}

/** One track of an item as a queue backend receives it. */
export interface QueueSource {
  startOffset: number
  duration: number
  /** Full URL the backend can load (absolute for a cast receiver). */
  url: string
  hls: boolean
  /** The file's content type (a cast receiver needs it). */
  mimeType?: string
  title?: string
}

export type AudioBackendFactory = () => AudioBackend
