import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join, resolve } from 'node:path'
import { ffprobeJson, runFfmpeg } from './ffmpeg.ts'
import { addMp4FreeformTags } from './mp4-tags.ts'

export type AudioFormat = 'mp3' | 'm4b' | 'm4a' | 'flac' | 'ogg'

export const AUDIO_FORMATS: readonly AudioFormat[] = ['mp3', 'm4b', 'm4a', 'flac', 'ogg']

/**
 * Tags in reader terms. Each is written where the container has a place for it:
 * mp3 ID3v2.3 frames (TXXX for series, series-part, isbn, asin, description), Vorbis comments for flac/ogg,
 * iTunes atoms for mp4 (freeform `----:com.apple.iTunes:<key>` for publisher, language, series, isbn, asin).
 */
export interface AudioTags {
  title?: string
  artist?: string
  album?: string
  albumArtist?: string
  /** Audiobook readers take the narrator from composer. */
  composer?: string
  genre?: string
  /** A year or an ISO date. */
  date?: string
  track?: number
  trackTotal?: number
  disc?: number
  discTotal?: number
  comment?: string
  /** flac/ogg have one field (DESCRIPTION) for comment and description: description wins there. */
  description?: string
  publisher?: string
  language?: string
  copyright?: string
  /** Free text; readers often parse `Series Name #2` from it. */
  grouping?: string
  series?: string
  seriesPart?: string | number
  isbn?: string
  asin?: string
  /** Any further keys, written as given (TXXX for mp3, freeform for mp4). */
  custom?: Record<string, string>
}

export interface Chapter {
  title: string
  startSec: number
  endSec: number
}

export interface MakeAudioOptions {
  path: string
  /** Defaults to the file extension. */
  format?: AudioFormat
  durationSec: number
  /** Sine tone; default 440 Hz. */
  frequencyHz?: number
  /** Default 22050. */
  sampleRate?: number
  /** Default 1 (mono). */
  channels?: number
  /** Bit rate for mp3/aac; default 32. */
  bitrateKbps?: number
  tags?: AudioTags
  /** mp3 (ID3 CHAP), m4b/m4a (QuickTime + Nero chapters), flac/ogg (Vorbis CHAPTERnnn comments: starts only). */
  chapters?: Chapter[]
  /** A JPEG or PNG embedded as the cover (APIC, covr, FLAC PICTURE, METADATA_BLOCK_PICTURE). */
  coverImage?: string
}

// Keys every container stores natively, as ffmpeg names them.
const COMMON_KEYS = {
  title: 'title',
  artist: 'artist',
  album: 'album',
  albumArtist: 'album_artist',
  composer: 'composer',
  genre: 'genre',
  date: 'date',
  copyright: 'copyright',
  grouping: 'grouping',
} as const

function formatOf(options: MakeAudioOptions): AudioFormat {
  const format = options.format ?? (extname(options.path).slice(1).toLowerCase() as AudioFormat)
  if (!AUDIO_FORMATS.includes(format)) throw new Error(`makeAudio: unknown format for ${options.path}`)
  return format
}

const numberPair = (n: number | undefined, total: number | undefined): string | undefined =>
  n === undefined ? undefined : total === undefined ? String(n) : `${n}/${total}`

/** Splits the tags into what ffmpeg writes itself (-metadata) and, for mp4, what we add afterwards. */
export function tagPlan(
  format: AudioFormat,
  tags: AudioTags,
): { ffmpeg: [string, string][]; mp4Freeform: Record<string, string> } {
  const ffmpeg: [string, string][] = []
  const mp4Freeform: Record<string, string> = {}
  const isMp4 = format === 'm4b' || format === 'm4a'
  const isVorbis = format === 'flac' || format === 'ogg'
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') ffmpeg.push([key, String(value)])
  }
  const extra = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') return
    if (isMp4) mp4Freeform[key] = String(value)
    else ffmpeg.push([key, String(value)])
  }
  for (const [field, key] of Object.entries(COMMON_KEYS)) put(key, tags[field as keyof typeof COMMON_KEYS])
  if (isVorbis) {
    // ffmpeg stores comment and description in the one Vorbis DESCRIPTION field: description wins.
    put('comment', tags.description ?? tags.comment)
    put('track', tags.track)
    put('TRACKTOTAL', tags.trackTotal)
    put('disc', tags.disc)
    put('DISCTOTAL', tags.discTotal)
  } else {
    put('comment', tags.comment)
    put('description', tags.description)
    put('track', numberPair(tags.track, tags.trackTotal))
    put('disc', numberPair(tags.disc, tags.discTotal))
  }
  extra('publisher', tags.publisher)
  extra('language', tags.language)
  extra('series', tags.series)
  extra('series-part', tags.seriesPart)
  extra('isbn', tags.isbn)
  extra('asin', tags.asin)
  for (const [key, value] of Object.entries(tags.custom ?? {})) extra(key, value)
  return { ffmpeg, mp4Freeform }
}

const escapeFfmetadata = (s: string) => s.replace(/[\\=;#\n]/g, (c) => `\\${c}`)

/** An ffmetadata file: global tags, then chapters (times in ms); `=`, `;`, `#`, `\` and newlines escaped. */
export function ffmetadata(global: Record<string, string>, chapters: readonly Chapter[]): string {
  const lines = [';FFMETADATA1']
  for (const [key, value] of Object.entries(global))
    lines.push(`${escapeFfmetadata(key)}=${escapeFfmetadata(value)}`)
  for (const c of chapters) {
    lines.push(
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${Math.round(c.startSec * 1000)}`,
      `END=${Math.round(c.endSec * 1000)}`,
      `title=${escapeFfmetadata(c.title)}`,
    )
  }
  return `${lines.join('\n')}\n`
}

function validateChapters(chapters: readonly Chapter[], durationSec: number): void {
  let previousEnd = 0
  for (const c of chapters) {
    if (!(c.startSec >= previousEnd - 1e-9 && c.endSec > c.startSec && c.endSec <= durationSec + 1e-9)) {
      throw new Error(`makeAudio: chapters must be ordered, non-overlapping and within ${durationSec}s`)
    }
    previousEnd = c.endSec
  }
}

const clock = (sec: number): string => {
  const ms = Math.round(sec * 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`
}

/** The FLAC picture block, base64, that Ogg Vorbis carries as METADATA_BLOCK_PICTURE. */
async function vorbisPictureBlock(imagePath: string): Promise<string> {
  const data = await readFile(imagePath)
  const probe = await ffprobeJson(imagePath)
  const video = probe.streams?.find((s) => s.codec_type === 'video')
  const mime = data[0] === 0x89 && data.toString('latin1', 1, 4) === 'PNG' ? 'image/png' : 'image/jpeg'
  const description = Buffer.from('Cover (front)', 'utf8')
  const mimeBytes = Buffer.from(mime, 'latin1')
  const u32 = (n: number) => {
    const b = Buffer.alloc(4)
    b.writeUInt32BE(n, 0)
    return b
  }
  return Buffer.concat([
    u32(3), // front cover
    u32(mimeBytes.length),
    mimeBytes,
    u32(description.length),
    description,
    u32(video?.width ?? 0),
    u32(video?.height ?? 0),
    u32(24),
    u32(0),
    u32(data.length),
    data,
  ]).toString('base64')
}

/** Generates a short tone with tags, chapters and cover art. Returns the absolute path. */
export async function makeAudio(options: MakeAudioOptions): Promise<string> {
  const format = formatOf(options)
  const path = resolve(options.path)
  const { durationSec } = options
  if (!(durationSec > 0)) throw new Error('makeAudio: durationSec must be positive')
  const chapters = options.chapters ?? []
  validateChapters(chapters, durationSec)
  const sampleRate = options.sampleRate ?? 22050
  const channels = options.channels ?? 1
  const bitrate = `${options.bitrateKbps ?? 32}k`
  const plan = tagPlan(format, options.tags ?? {})
  const isMp4 = format === 'm4b' || format === 'm4a'
  const isVorbis = format === 'flac' || format === 'ogg'

  await mkdir(dirname(path), { recursive: true })
  const work = await mkdtemp(join(tmpdir(), 'shelfcast-media-'))
  try {
    const args = [
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${options.frequencyHz ?? 440}:sample_rate=${sampleRate}:duration=${durationSec}`,
    ]
    let nextInput = 1
    const maps = ['-map', '0:a']
    // Chapters (mp3, mp4) and the Ogg cover (too big for an argument) travel in an ffmetadata file.
    const fileChapters = isVorbis ? [] : chapters
    const fileTags: Record<string, string> = {}
    if (format === 'ogg' && options.coverImage !== undefined) {
      fileTags.METADATA_BLOCK_PICTURE = await vorbisPictureBlock(resolve(options.coverImage))
    }
    if (fileChapters.length > 0 || Object.keys(fileTags).length > 0) {
      const metaFile = join(work, 'input.ffmeta')
      await writeFile(metaFile, ffmetadata(fileTags, fileChapters))
      args.push('-f', 'ffmetadata', '-i', metaFile)
      maps.push('-map_metadata', String(nextInput), '-map_chapters', String(nextInput))
      nextInput++
    } else {
      maps.push('-map_chapters', '-1')
    }
    const embedsStream = options.coverImage !== undefined && format !== 'ogg'
    if (embedsStream) {
      args.push('-i', resolve(options.coverImage as string))
      maps.push('-map', `${nextInput++}:v`, '-c:v', 'copy', '-disposition:v:0', 'attached_pic')
    }
    args.push(...maps, '-ac', String(channels), '-ar', String(sampleRate))

    switch (format) {
      case 'mp3':
        args.push('-c:a', 'libmp3lame', '-b:a', bitrate, '-id3v2_version', '3', '-write_id3v1', '0')
        if (embedsStream)
          args.push('-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)')
        args.push('-f', 'mp3')
        break
      case 'm4b':
      case 'm4a':
        args.push('-c:a', 'aac', '-b:a', bitrate, '-f', 'ipod')
        if (format === 'm4b') args.push('-brand', 'M4B ', '-metadata', 'media_type=2') // iTunes "audiobook"
        break
      case 'flac':
        args.push('-c:a', 'flac', '-f', 'flac')
        break
      case 'ogg':
        args.push('-c:a', 'libvorbis', '-q:a', '1', '-f', 'ogg')
        break
    }
    for (const [key, value] of plan.ffmpeg) args.push('-metadata', `${key}=${value}`)
    if (isVorbis) {
      chapters.forEach((c, i) => {
        const n = String(i + 1).padStart(3, '0')
        args.push('-metadata', `CHAPTER${n}=${clock(c.startSec)}`, '-metadata', `CHAPTER${n}NAME=${c.title}`)
      })
    }
    args.push(path)
    await runFfmpeg(args)
    if (isMp4) await addMp4FreeformTags(path, plan.mp4Freeform)
    return path
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
