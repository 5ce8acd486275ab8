import type { Chapter } from '@shelfcast/contracts'
import { parseFile, type IAudioMetadata, type IChapter } from 'music-metadata'
import { ffprobe, type FfprobeOutput } from '../media/ffprobe.ts'
import { withTimeout } from './limiter.ts'
import { splitList, tagText, TEXT_LIMITS, yearOf } from './text.ts'

/** Tags in reader terms, cleaned. */
export interface AudioTags {
  title: string | null
  subtitle: string | null
  album: string | null
  artist: string | null
  albumArtist: string | null
  composer: string | null
  date: string | null
  year: string | null
  publisher: string | null
  genres: string[]
  comment: string | null
  description: string | null
  language: string | null
  isbn: string | null
  asin: string | null
  series: string | null
  seriesPart: string | null
  grouping: string | null
  track: number | null
  disc: number | null
  episode: string | null
  season: string | null
  explicit: boolean
  /** The software that wrote the file (ID3 TSSE, mp4 ©too, ffmpeg's `encoder`): Audiobookshelf's tagEncoder. */
  encoder: string | null
  /** iTunes podcast tags ffmpeg and feed tools write (`podcast-type`, `episode-type`). */
  podcastType: string | null
  episodeType: string | null
}

/** What one audio file holds. `error` set means the file is unusable (the item gets an issue flag). */
export interface AudioProbe {
  error: string | null
  format: string
  codec: string | null
  /** Seconds. */
  duration: number
  bitRate: number | null
  channels: number | null
  channelLayout: string | null
  timeBase: string | null
  /** Seconds, each ending where the next starts, the last at the duration. */
  chapters: Chapter[]
  tags: AudioTags
  /** Raw tag values for the API's audioFile.metaTags (tagTitle, tagAlbum ...). */
  metaTags: Record<string, string>
  /** 'mjpeg' / 'png' ... when the file carries cover art. */
  embeddedCoverArt: string | null
  /** The audio stream's language (mp4's `und` when unset), which Audiobookshelf reports as the file's language. */
  streamLanguage: string | null
}

const PARSE_TIMEOUT_MS = 60_000
/** A CBR/VBR mp3 shorter than this share of what its header promises is truncated. */
const TRUNCATED_RATIO = 0.85

const emptyTags = (): AudioTags => ({
  title: null,
  subtitle: null,
  album: null,
  artist: null,
  albumArtist: null,
  composer: null,
  date: null,
  year: null,
  publisher: null,
  genres: [],
  comment: null,
  description: null,
  language: null,
  isbn: null,
  asin: null,
  series: null,
  seriesPart: null,
  grouping: null,
  track: null,
  disc: null,
  episode: null,
  season: null,
  explicit: false,
  encoder: null,
  podcastType: null,
  episodeType: null,
})

export const failedProbe = (error: string): AudioProbe => ({
  error,
  format: 'unknown',
  codec: null,
  duration: 0,
  bitRate: null,
  channels: null,
  channelLayout: null,
  timeBase: null,
  chapters: [],
  tags: emptyTags(),
  metaTags: {},
  embeddedCoverArt: null,
  streamLanguage: null,
})

/** Native tags of every tag type, keyed by a normalised id: `TXXX:series`, `----:com.apple.iTunes:series`, `SERIES` -> `series`. */
function nativeLookup(native: IAudioMetadata['native']): Map<string, string> {
  const map = new Map<string, string>()
  for (const tags of Object.values(native)) {
    for (const t of tags) {
      const key = t.id
        .replace(/^TXXX:/i, '')
        .replace(/^----:com\.apple\.iTunes:/i, '')
        .replace(/^iTunes:/i, '')
        .toLowerCase()
      if (map.has(key)) continue
      const v = t.value
      const text =
        typeof v === 'string' || typeof v === 'number'
          ? tagText(v, TEXT_LIMITS.long)
          : v && typeof v === 'object' && 'text' in v
            ? tagText((v as { text: unknown }).text, TEXT_LIMITS.long)
            : null
      if (text) map.set(key, text)
    }
  }
  return map
}

const firstOf = (values: readonly (string | null | undefined)[] | undefined) =>
  tagText(values?.find((v) => !!v))
const toInt = (v: number | string | null | undefined) => {
  const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10)
  return Number.isFinite(n) && n >= 0 && n < 100_000 ? n : null
}

/**
 * Chapters in seconds. music-metadata gives mp3 (ID3 CHAP) starts in seconds but mp4 starts in units
 * of the track's timeScale, and no ends: a chapter ends where the next starts, the last at the duration.
 */
export function normaliseChapters(
  raw: readonly Pick<IChapter, 'title' | 'start' | 'timeScale'>[],
  duration: number,
): Chapter[] {
  const starts = raw
    .map((c, i) => ({
      title: tagText(c.title) ?? `Chapter ${i + 1}`,
      start: c.timeScale ? c.start / c.timeScale : c.start,
    }))
    .filter((c) => Number.isFinite(c.start) && c.start >= 0)
    .sort((a, b) => a.start - b.start)
  // Starts past the file's end are kept: a part file may carry the chapter list of the whole book.
  return starts.map((c, i) => ({
    id: i,
    title: c.title,
    start: c.start,
    end: starts[i + 1]?.start ?? Math.max(duration, c.start),
  }))
}

/** `CHAPTER001=00:01:02.500` / `CHAPTER001NAME=...` Vorbis comments (flac, ogg). */
function vorbisChapters(native: Map<string, string>): { title: string; start: number }[] {
  const out: { title: string; start: number }[] = []
  for (let i = 0; i < 1000; i++) {
    const n = String(i).padStart(3, '0')
    const time = native.get(`chapter${n}`)
    if (time === undefined) {
      if (i === 0) continue
      break
    }
    const m = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(time)
    if (!m) continue
    out.push({
      title: native.get(`chapter${n}name`) ?? `Chapter ${out.length + 1}`,
      start: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    })
  }
  return out
}

function tagsFrom(meta: IAudioMetadata, native: Map<string, string>): AudioTags {
  const c = meta.common
  const comment = tagText(c.comment?.find((x) => x.text)?.text ?? native.get('comment'), TEXT_LIMITS.long)
  const description = tagText(
    c.description?.find(Boolean) ?? c.longDescription ?? native.get('description') ?? native.get('desc'),
    TEXT_LIMITS.long,
  )
  // ID3v2.3 splits a date into TYER (yyyy) and TDAT (DDMM).
  const tdat = /^(\d{2})(\d{2})$/.exec(native.get('tdat') ?? '')
  const id3v23Date = c.year && tdat ? `${c.year}-${tdat[2]}-${tdat[1]}` : null
  const date = tagText(
    c.date ?? c.releasedate ?? id3v23Date ?? c.originaldate ?? (c.year ? String(c.year) : null),
  )
  return {
    title: tagText(c.title),
    subtitle: firstOf(c.subtitle) ?? tagText(native.get('subtitle')),
    album: tagText(c.album),
    artist: tagText(c.artist) ?? firstOf(c.artists),
    albumArtist: tagText(c.albumartist),
    composer: firstOf(c.composer)
      ? (c.composer ?? [])
          .map((x) => tagText(x))
          .filter(Boolean)
          .join(', ')
      : null,
    date,
    year: yearOf(date) ?? (c.year ? String(c.year) : null),
    publisher: firstOf(c.publisher) ?? firstOf(c.label) ?? tagText(native.get('publisher')),
    genres: (c.genre ?? []).flatMap((g) => splitList(tagText(g))),
    comment,
    description,
    language: tagText(c.language ?? native.get('language')),
    isbn: tagText(native.get('isbn')),
    asin: tagText(c.asin ?? native.get('asin') ?? native.get('audible_asin')),
    series: tagText(native.get('series') ?? c.movement ?? native.get('mvnm')),
    seriesPart: tagText(
      native.get('series-part') ??
        native.get('seriespart') ??
        native.get('mvin') ??
        (c.movementIndex.no !== null ? String(c.movementIndex.no) : null),
    ),
    grouping: tagText(c.grouping),
    track: toInt(c.track.no),
    disc: toInt(c.disk.no),
    episode: tagText(c.tvEpisode !== undefined ? String(c.tvEpisode) : native.get('episode')),
    season: tagText(c.tvSeason !== undefined ? String(c.tvSeason) : native.get('season')),
    explicit: native.get('rtng') === '1' || native.get('itunesadvisory') === '1',
    encoder: tagText(c.encodersettings ?? c.encodedby ?? native.get('encoder')),
    podcastType: tagText(native.get('podcast-type') ?? native.get('podcast_type')),
    episodeType: tagText(native.get('episode-type') ?? native.get('episode_type')),
  }
}

/** The API's `metaTags` (Audiobookshelf names): what the file said, for the item's file details. */
function metaTagsOf(t: AudioTags): Record<string, string> {
  const entries: [string, string | number | null][] = [
    ['tagTitle', t.title],
    ['tagSubtitle', t.subtitle],
    ['tagAlbum', t.album],
    ['tagArtist', t.artist],
    ['tagAlbumArtist', t.albumArtist],
    ['tagComposer', t.composer],
    ['tagDate', t.date],
    ['tagPublisher', t.publisher],
    ['tagGenre', t.genres.join(', ') || null],
    ['tagComment', t.comment],
    ['tagDescription', t.description],
    ['tagLanguage', t.language],
    ['tagIsbn', t.isbn],
    ['tagASIN', t.asin],
    ['tagSeries', t.series],
    ['tagSeriesPart', t.seriesPart],
    ['tagGrouping', t.grouping],
    ['tagTrack', t.track],
    ['tagDisc', t.disc],
    ['tagEncoder', t.encoder],
    ['tagPodcastType', t.podcastType],
    ['tagEpisodeType', t.episodeType],
  ]
  const out: Record<string, string> = {}
  // Long texts stay in the description field; metaTags are for display, so each is kept short.
  for (const [k, v] of entries) if (v !== null && v !== '') out[k] = String(v).slice(0, TEXT_LIMITS.short)
  return out
}

const pictureCodec = (format: string | undefined) => {
  const f = (format ?? '').toLowerCase()
  if (f.includes('png')) return 'png'
  if (f.includes('webp')) return 'webp'
  if (f.includes('gif')) return 'gif'
  return 'mjpeg'
}

function fromMusicMetadata(meta: IAudioMetadata, size: number): AudioProbe {
  const f = meta.format
  const native = nativeLookup(meta.native)
  const tags = tagsFrom(meta, native)
  const duration = f.duration ?? 0
  const probe: AudioProbe = {
    error: null,
    format: f.container ?? 'unknown',
    codec: f.codec ?? null,
    duration,
    bitRate: f.bitrate ? Math.round(f.bitrate) : null,
    channels: f.numberOfChannels ?? null,
    channelLayout: f.numberOfChannels === 1 ? 'mono' : f.numberOfChannels === 2 ? 'stereo' : null,
    timeBase: f.sampleRate ? `1/${f.sampleRate}` : null,
    chapters: normaliseChapters(f.chapters?.length ? f.chapters : vorbisChapters(native), duration),
    tags,
    metaTags: metaTagsOf(tags),
    embeddedCoverArt: meta.common.picture?.length ? pictureCodec(meta.common.picture[0]?.format) : null,
    streamLanguage: tagText(f.trackInfo?.find((track) => track.audio)?.language),
  }
  if (!f.container || !(duration > 0)) probe.error = 'No playable audio found'
  // An mp3 cut short still parses: its header promises more bytes than the file holds.
  else if (f.container === 'MPEG' && f.bitrate && size < ((duration * f.bitrate) / 8) * TRUNCATED_RATIO) {
    probe.error = 'Audio file is truncated'
  }
  return probe
}

function fromFfprobe(out: FfprobeOutput): AudioProbe {
  const audio = out.streams?.find((s) => s.codec_type === 'audio')
  const duration = Number(out.format?.duration ?? audio?.duration ?? 0)
  if (!audio || !(duration > 0)) return failedProbe('No playable audio found')
  const raw = out.format?.tags ?? {}
  const tag = (k: string) =>
    tagText(Object.entries(raw).find(([key]) => key.toLowerCase() === k)?.[1], TEXT_LIMITS.long)
  const date = tag('date') ?? tag('year')
  const tags: AudioTags = {
    ...emptyTags(),
    title: tag('title'),
    album: tag('album'),
    artist: tag('artist'),
    albumArtist: tag('album_artist'),
    composer: tag('composer'),
    date,
    year: yearOf(date),
    publisher: tag('publisher'),
    genres: splitList(tag('genre')),
    comment: tag('comment'),
    description: tag('description'),
    language: tag('language'),
    series: tag('series'),
    seriesPart: tag('series-part'),
    grouping: tag('grouping'),
    track: toInt(tag('track')),
    disc: toInt(tag('disc')),
    encoder: tag('encoder'),
    podcastType: tag('podcast-type'),
    episodeType: tag('episode-type'),
  }
  return {
    error: null,
    format: out.format?.format_name ?? 'unknown',
    codec: audio.codec_name ?? null,
    duration,
    bitRate: Number.parseInt(out.format?.bit_rate ?? audio.bit_rate ?? '', 10) || null,
    channels: audio.channels ?? null,
    channelLayout: audio.channel_layout ?? null,
    timeBase: audio.time_base ?? null,
    chapters: normaliseChapters(
      (out.chapters ?? []).map((c, i) => ({
        title: c.tags?.title ?? `Chapter ${i + 1}`,
        start: Number(c.start_time),
      })),
      duration,
    ),
    tags,
    metaTags: metaTagsOf(tags),
    embeddedCoverArt: out.streams?.some((s) => s.codec_type === 'video') ? 'mjpeg' : null,
    streamLanguage: tagText(audio.tags?.language),
  }
}

export interface ProbeOptions {
  ffprobePath: string | null
}

/**
 * Reads one audio file in-process with music-metadata; what it cannot read goes to ffprobe once.
 * Never throws: a broken file comes back with `error` set.
 */
export async function probeAudioFile(file: string, size: number, options: ProbeOptions): Promise<AudioProbe> {
  if (size === 0) return failedProbe('File is empty')
  let parsed: AudioProbe
  try {
    const meta = await withTimeout(
      parseFile(file, { duration: true, includeChapters: true }),
      PARSE_TIMEOUT_MS,
      'Reading tags timed out',
    )
    parsed = fromMusicMetadata(meta, size)
  } catch (err) {
    parsed = failedProbe(tagText(err instanceof Error ? err.message : String(err)) ?? 'Unreadable audio file')
  }
  if (!parsed.error || parsed.error === 'Audio file is truncated' || !options.ffprobePath) return parsed
  try {
    const fallback = fromFfprobe(await ffprobe(options.ffprobePath, file))
    return fallback.error ? parsed : fallback
  } catch {
    return parsed
  }
}

/** The first embedded picture of a file (for cover extraction), or null. Bounded by `maxBytes`. */
export async function readEmbeddedPicture(
  file: string,
  maxBytes: number,
): Promise<{ format: string; data: Uint8Array } | null> {
  try {
    const meta = await withTimeout(
      parseFile(file, { duration: false }),
      PARSE_TIMEOUT_MS,
      'Reading cover timed out',
    )
    const pic = meta.common.picture?.find((p) => p.data.length > 0 && p.data.length <= maxBytes)
    return pic ? { format: pic.format, data: pic.data } : null
  } catch {
    return null
  }
}
