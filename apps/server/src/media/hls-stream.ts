import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'

/** One input file of a transcode, in play order. */
export interface HlsInput {
  /** Absolute, already contained path. */
  path: string
  duration: number
  codec: string | null
}

export interface HlsStreamOptions {
  id: string
  /** The stream's own folder (created, and removed on destroy). */
  dir: string
  ffmpegPath: string
  inputs: HlsInput[]
  duration: number
  segmentSec: number
  startTime: number
  log: Logger
  /** ffmpeg restarted somewhere else: the client must reload from `startTime`. */
  onReset: (startTime: number) => void
  /** ffmpeg made every segment from where it started to the end. */
  onDone?: () => void
  /** What is made so far, on start, every PROGRESS_EVERY_MS while ffmpeg runs, and when it ends. */
  onProgress?: (progress: StreamProgress) => void
  /** How long to wait for a segment that is being made. */
  segmentWaitMs?: number
}

/** Codecs MPEG-TS carries as they are; anything else is encoded to AAC. */
const COPYABLE = new Set(['mp3', 'aac'])
/** A segment this far past the furthest one made restarts ffmpeg there. */
export const FAR_SEEK_SEGMENTS = 10
const SEGMENT_NAME = /^output-(0|[1-9]\d{0,6})\.ts$/

export const PLAYLIST_NAME = 'output.m3u8'
/** Audiobookshelf checks a transcode's folder every 2 s. */
export const PROGRESS_EVERY_MS = 2000

/** Audiobookshelf's `stream_progress` payload. */
export interface StreamProgress {
  stream: string
  /** Segments made over all of them, as text: `"42.86%"`. */
  percent: string
  /** Runs of made segments: a lone index, or `"first-last"`. */
  chunks: (number | string)[]
  numSegments: number
}

/** Made segment indices (any order) as runs: [0,1,2,5,7,8] -> ['0-2', 5, '7-8']. */
export function segmentChunks(indices: readonly number[]): (number | string)[] {
  const sorted = [...indices].sort((a, b) => a - b)
  const out: (number | string)[] = []
  let i = 0
  while (i < sorted.length) {
    const first = sorted[i] as number
    let last = first
    while (sorted[i + 1] === last + 1) last = sorted[++i] as number
    out.push(first === last ? first : `${first}-${last}`)
    i++
  }
  return out
}

/** Which segment a file name names, or null for any other name (the only names ever served). */
export function segmentIndexOf(file: string): number | null {
  const m = SEGMENT_NAME.exec(file)
  return m?.[1] !== undefined ? Number(m[1]) : null
}

/** A complete VOD playlist for the whole duration, written before ffmpeg makes any segment. */
export function vodPlaylist(duration: number, segmentSec: number): string {
  const count = Math.max(1, Math.ceil(duration / segmentSec - 1e-9))
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(segmentSec)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ]
  for (let i = 0; i < count; i++) {
    const len = i === count - 1 ? Math.max(0.001, duration - i * segmentSec) : segmentSec
    lines.push(`#EXTINF:${len.toFixed(6)},`, `output-${i}.ts`)
  }
  lines.push('#EXT-X-ENDLIST', '')
  return lines.join('\n')
}

/** `'...'` quoting of the concat demuxer. Names with line breaks are refused before this. */
const concatQuote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`

export function canTranscode(inputs: readonly HlsInput[]): boolean {
  return inputs.length > 0 && inputs.every((i) => path.isAbsolute(i.path) && !/[\r\n\0]/.test(i.path))
}

/**
 * An HLS transcode of one playback session: ffmpeg (argument arrays only, never a shell) writes ~6 s
 * MPEG-TS segments into the stream folder. A request far from what is made restarts ffmpeg there.
 */
export class HlsStream {
  readonly id: string
  readonly dir: string
  readonly segmentCount: number
  private readonly o: HlsStreamOptions
  private proc: ChildProcess | null = null
  private startSegment = 0
  private furthest = -1
  private destroyed = false
  lastActivity = Date.now()
  readonly copy: boolean

  constructor(options: HlsStreamOptions) {
    this.o = options
    this.id = options.id
    this.dir = options.dir
    this.segmentCount = Math.max(1, Math.ceil(options.duration / options.segmentSec - 1e-9))
    const codecs = new Set(options.inputs.map((i) => (i.codec ?? '').toLowerCase()))
    const [only] = [...codecs]
    this.copy = codecs.size === 1 && only !== undefined && COPYABLE.has(only)
  }

  get running(): boolean {
    return this.proc !== null
  }

  get playlistPath(): string {
    return path.join(this.dir, PLAYLIST_NAME)
  }

  /** Writes the playlist (and input list) and starts ffmpeg at the session's start time. */
  async open(): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true })
    await fsp.writeFile(this.playlistPath, vodPlaylist(this.o.duration, this.o.segmentSec))
    if (this.o.inputs.length > 1) {
      const lines = ['ffconcat version 1.0']
      for (const i of this.o.inputs)
        lines.push(`file ${concatQuote(i.path)}`, `duration ${i.duration.toFixed(6)}`)
      await fsp.writeFile(path.join(this.dir, 'inputs.ffconcat'), `${lines.join('\n')}\n`)
    }
    this.start(Math.min(this.segmentCount - 1, Math.floor(this.o.startTime / this.o.segmentSec)))
  }

  private args(segment: number): string[] {
    const seek = segment * this.o.segmentSec
    const input =
      this.o.inputs.length > 1
        ? [
            '-f',
            'concat',
            '-safe',
            '0',
            '-protocol_whitelist',
            'file',
            '-i',
            path.join(this.dir, 'inputs.ffconcat'),
          ]
        : ['-protocol_whitelist', 'file', '-i', `file:${(this.o.inputs[0] as HlsInput).path}`]
    const codec = this.copy ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k', '-ac', '2']
    return [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...(seek > 0 ? ['-ss', seek.toFixed(3)] : []),
      ...input,
      '-map',
      '0:a:0',
      '-vn',
      '-sn',
      '-dn',
      ...codec,
      '-output_ts_offset',
      seek.toFixed(3),
      '-f',
      'hls',
      '-hls_time',
      String(this.o.segmentSec),
      '-hls_list_size',
      '0',
      '-hls_segment_type',
      'mpegts',
      '-hls_flags',
      'temp_file',
      '-start_number',
      String(segment),
      '-hls_segment_filename',
      path.join(this.dir, 'output-%d.ts'),
      path.join(this.dir, 'ffmpeg.m3u8'),
    ]
  }

  /** The segments made so far, read from the stream folder. */
  progress(): StreamProgress {
    let made: number[]
    try {
      made = fs.readdirSync(this.dir).flatMap((f) => {
        const i = segmentIndexOf(f)
        return i === null ? [] : [i]
      })
    } catch {
      made = []
    }
    return {
      stream: this.id,
      percent: `${((made.length * 100) / this.segmentCount).toFixed(2)}%`,
      chunks: segmentChunks(made),
      numSegments: this.segmentCount,
    }
  }

  private progressTimer: NodeJS.Timeout | null = null
  private stopProgress() {
    if (this.progressTimer) clearInterval(this.progressTimer)
    this.progressTimer = null
  }

  private start(segment: number) {
    this.kill()
    if (this.o.onProgress) {
      // Audiobookshelf's first report of a (re)start: nothing made yet.
      this.o.onProgress({ stream: this.id, chunks: [], numSegments: 0, percent: '0%' })
      this.progressTimer = setInterval(() => this.o.onProgress?.(this.progress()), PROGRESS_EVERY_MS)
      this.progressTimer.unref()
    }
    this.startSegment = segment
    this.furthest = segment - 1
    const proc = spawn(this.o.ffmpegPath, this.args(segment), {
      stdio: ['ignore', 'ignore', 'pipe'],
      shell: false,
    })
    this.proc = proc
    let stderr = ''
    proc.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString('utf8')
    })
    proc.on('error', (err) => {
      this.o.log.warn({ err, stream: this.id }, 'ffmpeg could not start')
      if (this.proc === proc) this.proc = null
    })
    proc.on('exit', (code, signal) => {
      const current = this.proc === proc
      if (current) this.proc = null
      if (current) this.stopProgress()
      if (current && code === 0 && !this.destroyed) {
        this.o.onProgress?.(this.progress())
        this.o.onDone?.()
      }
      if (code !== 0 && signal === null)
        this.o.log.warn({ stream: this.id, code, stderr: stderr.slice(0, 1000) }, 'ffmpeg transcode failed')
    })
  }

  /** Stops ffmpeg (segments already made stay until destroy). */
  kill() {
    this.stopProgress()
    const p = this.proc
    this.proc = null
    if (p && p.exitCode === null && p.signalCode === null) p.kill('SIGKILL')
  }

  private segmentPath(index: number) {
    return path.join(this.dir, `output-${index}.ts`)
  }

  private exists(index: number) {
    return fs.existsSync(this.segmentPath(index))
  }

  /** Moves `furthest` up over the segments ffmpeg has finished since the last look. */
  private refreshFurthest() {
    let i = Math.max(this.furthest + 1, this.startSegment)
    while (i < this.segmentCount && this.exists(i)) i++
    this.furthest = i - 1
  }

  /**
   * The path of a finished segment, waiting while ffmpeg makes it; a far request restarts ffmpeg there
   * (and tells the client through onReset). Null when it cannot be had.
   */
  async segment(index: number): Promise<string | null> {
    if (this.destroyed || index < 0 || index >= this.segmentCount) return null
    this.lastActivity = Date.now()
    if (this.exists(index)) return this.segmentPath(index)
    this.refreshFurthest()
    if (!this.proc || index < this.startSegment || index > this.furthest + FAR_SEEK_SEGMENTS) {
      this.o.log.debug(
        { stream: this.id, index, from: this.startSegment, furthest: this.furthest },
        'restarting transcode',
      )
      this.start(index)
      this.o.onReset(index * this.o.segmentSec)
    }
    const deadline = Date.now() + (this.o.segmentWaitMs ?? 30_000)
    while (Date.now() < deadline && !this.destroyed) {
      if (this.exists(index)) return this.segmentPath(index)
      if (!this.proc) return this.exists(index) ? this.segmentPath(index) : null
      await new Promise((r) => setTimeout(r, 50))
    }
    return null
  }

  /** Kills ffmpeg and removes the stream folder. */
  async destroy(): Promise<void> {
    this.destroyed = true
    const p = this.proc
    this.kill()
    if (p && p.exitCode === null)
      await new Promise<void>((r) => {
        const t = setTimeout(r, 2000)
        p.once('exit', () => {
          clearTimeout(t)
          r()
        })
      })
    await fsp.rm(this.dir, { recursive: true, force: true }).catch(() => undefined)
  }
}
