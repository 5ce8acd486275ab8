import { execFile } from 'node:child_process'

/** The ffmpeg binary: FFMPEG_PATH when set (as the server reads it), else `ffmpeg` on PATH. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || 'ffmpeg'
}

/** The ffprobe binary: FFPROBE_PATH when set, else `ffprobe` on PATH. */
export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || 'ffprobe'
}

export interface RunOptions {
  cwd?: string
}

/** Runs a program with an argument array (never a shell); rejects with its stderr on a non-zero exit. */
export function run(file: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      [...args],
      { cwd: options.cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', windowsHide: true },
      (error, stdout, stderr) => {
        if (error) {
          const detail = String(stderr).trim().split('\n').slice(-8).join('\n')
          const code = (error as NodeJS.ErrnoException).code
          const why =
            code === 'ENOENT'
              ? `${file} not found (install ffmpeg, e.g. bash scripts/ensure-system.sh, or set FFMPEG_PATH/FFPROBE_PATH)`
              : `${file} ${args.join(' ')} failed${detail ? `:\n${detail}` : ` (${error.message})`}`
          reject(new Error(why, { cause: error }))
          return
        }
        resolve(String(stdout))
      },
    )
  })
}

/** Runs ffmpeg quietly, overwriting the output, never reading stdin. */
export function runFfmpeg(args: readonly string[], options: RunOptions = {}): Promise<string> {
  return run(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], options)
}

/** True when both ffmpeg and ffprobe can be started. */
export async function hasFfmpeg(): Promise<boolean> {
  try {
    await run(ffmpegPath(), ['-hide_banner', '-version'])
    await run(ffprobePath(), ['-hide_banner', '-version'])
    return true
  } catch {
    return false
  }
}

/** The raw `ffprobe -print_format json -show_format -show_streams -show_chapters` answer (the parts we read). */
export interface FfprobeJson {
  format?: { format_name?: string; duration?: string; size?: string; tags?: Record<string, string> }
  streams?: Array<{
    index: number
    codec_type?: string
    codec_name?: string
    sample_rate?: string
    channels?: number
    width?: number
    height?: number
    duration?: string
    disposition?: Record<string, number>
    tags?: Record<string, string>
  }>
  chapters?: Array<{ start_time: string; end_time: string; tags?: Record<string, string> }>
}

export async function ffprobeJson(path: string): Promise<FfprobeJson> {
  const out = await run(ffprobePath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    '-show_chapters',
    path,
  ])
  return JSON.parse(out) as FfprobeJson
}

export interface ProbedChapter {
  title: string
  startSec: number
  endSec: number
}

/** What tests want to know about a media file, read by ffprobe. */
export interface MediaInfo {
  formatName: string
  durationSec: number
  sizeBytes: number
  /** The container's tags, or the audio stream's when the container has none (Ogg); keys lower-cased. */
  tags: Record<string, string>
  chapters: ProbedChapter[]
  audio: { codec: string; sampleRate: number; channels: number } | null
  /** The embedded cover (a video stream with the attached_pic disposition), if any. */
  attachedPicture: { codec: string; width: number; height: number } | null
}

export async function probeMedia(path: string): Promise<MediaInfo> {
  const json = await ffprobeJson(path)
  const streams = json.streams ?? []
  const audio = streams.find((s) => s.codec_type === 'audio')
  const picture = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic === 1)
  const formatTags = json.format?.tags ?? {}
  const source = Object.keys(formatTags).length > 0 ? formatTags : (audio?.tags ?? {})
  const tags: Record<string, string> = {}
  for (const [key, value] of Object.entries(source)) tags[key.toLowerCase()] = value
  return {
    formatName: json.format?.format_name ?? '',
    durationSec: Number(json.format?.duration ?? audio?.duration ?? 0),
    sizeBytes: Number(json.format?.size ?? 0),
    tags,
    chapters: (json.chapters ?? []).map((c) => ({
      title: c.tags?.title ?? '',
      startSec: Number(c.start_time),
      endSec: Number(c.end_time),
    })),
    audio: audio
      ? {
          codec: audio.codec_name ?? '',
          sampleRate: Number(audio.sample_rate ?? 0),
          channels: audio.channels ?? 0,
        }
      : null,
    attachedPicture: picture
      ? { codec: picture.codec_name ?? '', width: picture.width ?? 0, height: picture.height ?? 0 }
      : null,
  }
}
