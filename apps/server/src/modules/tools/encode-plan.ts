import path from 'node:path'
import type { Book, Chapter } from '@shelfcast/contracts'
import { MAX_FILENAME_BYTES, sanitizeFilename } from '@shelfcast/contracts'
import { htmlToText } from '../../html/html-to-text.ts'

/** One audio file going into the merge, as probed just before the run. */
export interface EncodeInput {
  path: string
  ino: string
  /** Seconds. */
  duration: number
  codec: string | null
  sampleRate: number | null
  channels: number | null
  size: number
  mtimeMs: number
  /** The file's title tag or its name: the chapter title of `chapters=files`. */
  title: string
}

export interface EncodeSettings {
  codec: 'aac' | 'copy'
  bitrate: string
  channels: number
  sampleRate?: number | undefined
  chapters: 'item' | 'files'
}

/** ID3 frames and MP4 atoms take long text, but a 200 kB description helps no player. */
const MAX_TAG_CHARS = 4000
/** The m4b name when the title sanitises to nothing (empty, only dots, a reserved device name). */
const FALLBACK_NAME = 'audiobook'

/** Codec copy only when every input is AAC with the same sample rate and channel count (else the files differ). */
export function canCopy(inputs: readonly EncodeInput[]): boolean {
  const [first] = inputs
  if (!first) return false
  return inputs.every(
    (i) =>
      i.codec === 'aac' &&
      i.sampleRate !== null &&
      i.sampleRate === first.sampleRate &&
      i.channels !== null &&
      i.channels === first.channels,
  )
}

/** The concat demuxer reads packets as they are: it needs one codec with one rate and layout in every file. */
export function sameStreamShape(inputs: readonly EncodeInput[]): boolean {
  const [first] = inputs
  return (
    !!first &&
    inputs.every(
      (i) => i.codec === first.codec && i.sampleRate === first.sampleRate && i.channels === first.channels,
    )
  )
}

/** One chapter per input file, in order, titled by the file's title tag or name. */
export function chaptersFromFiles(inputs: readonly EncodeInput[]): Chapter[] {
  let start = 0
  return inputs.map((input, id) => {
    const chapter = { id, start, end: start + input.duration, title: input.title }
    start += input.duration
    return chapter
  })
}

/** The item's chapters clipped to the merged length (a chapter past the end would make the muxer fail). */
export function clipChapters(chapters: readonly Chapter[], total: number): Chapter[] {
  return chapters
    .filter((c) => c.start < total)
    .map((c, id) => ({ ...c, id, end: Math.min(c.end, total) }))
    .filter((c) => c.end > c.start)
}

/** The new file's name from the book's title (§5 rule: 255 bytes, no separators or reserved names). */
export function m4bFileName(title: string | null): string {
  // The title alone is sanitised (to 255 bytes less the extension), so "..", "CON" or "" fall back to a plain name.
  const stem = sanitizeFilename(title ?? '', MAX_FILENAME_BYTES - '.m4b'.length)
  return `${stem || FALLBACK_NAME}.m4b`
}

const clean = (value: string | null | undefined): string | null => {
  const text = value?.replace(/\0/g, '').trim().slice(0, MAX_TAG_CHARS)
  return text ? text : null
}

/**
 * The book's tags as ffmpeg metadata keys. The MP4 muxer writes the iTunes atoms it knows (title, artist,
 * album_artist, composer, album, genre, date, description, comment, grouping); publisher, subtitle, series,
 * ASIN, ISBN and language are added afterwards as freeform atoms (media/mp4-freeform.ts).
 */
export function bookTags(book: Book): [string, string][] {
  const m = book.metadata
  const authors = m.authors.map((a) => a.name).join(', ')
  const series = m.series[0]
  const description = htmlToText(m.description)
  const seriesText = series ? (series.sequence ? `${series.name} #${series.sequence}` : series.name) : null
  const pairs: [string, string | null][] = [
    ['title', m.title],
    ['subtitle', m.subtitle],
    ['artist', authors],
    ['album_artist', authors],
    ['composer', m.narrators.join(', ')],
    ['album', m.title],
    ['genre', m.genres.join('; ')],
    ['date', m.publishedYear ?? m.publishedDate],
    ['publisher', m.publisher],
    ['description', description],
    ['comment', description],
    ['grouping', seriesText],
    ['series', series?.name ?? null],
    ['series-part', series?.sequence ?? null],
    ['asin', m.asin],
    ['isbn', m.isbn],
    ['language', m.language],
  ]
  return pairs.flatMap(([key, value]) => {
    const text = clean(value)
    return text ? [[key, text] as [string, string]] : []
  })
}

/** ffmetadata's escaping: `=`, `;`, `#`, `\` and line breaks get a backslash. */
const escapeMeta = (value: string) => value.replace(/[=;#\\\n]/g, (c) => `\\${c}`)

/** The FFMETADATA1 text of tags and chapters (millisecond time base). */
export function ffmetadata(tags: readonly [string, string][], chapters: readonly Chapter[]): string {
  const lines = [';FFMETADATA1', ...tags.map(([k, v]) => `${k}=${escapeMeta(v)}`)]
  for (const c of chapters) {
    lines.push(
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${Math.round(c.start * 1000)}`,
      `END=${Math.round(c.end * 1000)}`,
      `title=${escapeMeta(clean(c.title) ?? `Chapter ${c.id + 1}`)}`,
    )
  }
  return `${lines.join('\n')}\n`
}

/** The concat demuxer's list: absolute paths, single quotes escaped the way its parser reads them. */
export function concatList(inputs: readonly EncodeInput[]): string {
  return inputs.map((i) => `file '${path.resolve(i.path).replace(/'/g, "'\\''")}'\n`).join('')
}

/** A cover the MP4 muxer takes as it is (JPEG, PNG); anything else is re-encoded as JPEG. */
const coverCodec = (cover: string) => (/\.(jpe?g|png)$/i.test(cover) ? 'copy' : 'mjpeg')

/**
 * ffmpeg arguments of the merge: inputs (concat demuxer when every file has the same shape, else the concat
 * filter with each input resampled to the output's rate and layout), the metadata file for tags and chapters,
 * the cover as attached picture, AAC (or codec copy) into an MP4 container.
 */
export function encodeArguments(opts: {
  inputs: readonly EncodeInput[]
  listFile: string
  metadataFile: string
  cover: string | null
  output: string
  copy: boolean
  settings: EncodeSettings
  hasChapters: boolean
}): string[] {
  const { inputs, settings } = opts
  const args: string[] = ['-y']
  const demux = opts.copy || sameStreamShape(inputs)
  if (demux) args.push('-f', 'concat', '-safe', '0', '-i', `file:${opts.listFile}`)
  else for (const input of inputs) args.push('-i', `file:${input.path}`)
  const audioInputs = demux ? 1 : inputs.length
  const metaIndex = audioInputs
  args.push('-f', 'ffmetadata', '-i', `file:${opts.metadataFile}`)
  const coverIndex = opts.cover ? audioInputs + 1 : null
  if (opts.cover) args.push('-i', `file:${opts.cover}`)

  const sampleRate = settings.sampleRate ?? inputs[0]?.sampleRate ?? 44100
  const layout = settings.channels === 1 ? 'mono' : 'stereo'
  if (demux) args.push('-map', '0:a:0')
  else {
    const parts = inputs.map(
      (_, i) => `[${i}:a:0]aresample=${sampleRate},aformat=sample_fmts=fltp:channel_layouts=${layout}[a${i}]`,
    )
    const joined = inputs.map((_, i) => `[a${i}]`).join('')
    args.push('-filter_complex', `${parts.join(';')};${joined}concat=n=${inputs.length}:v=0:a=1[out]`)
    args.push('-map', '[out]')
  }
  if (opts.copy) args.push('-c:a', 'copy')
  else
    args.push(
      '-c:a',
      'aac',
      '-b:a',
      settings.bitrate,
      '-ac',
      String(settings.channels),
      '-ar',
      String(sampleRate),
    )
  if (coverIndex !== null && opts.cover)
    args.push('-map', `${coverIndex}:v:0`, '-c:v', coverCodec(opts.cover), '-disposition:v:0', 'attached_pic')
  args.push('-map_metadata', String(metaIndex), '-map_chapters', opts.hasChapters ? String(metaIndex) : '-1')
  args.push('-f', 'mp4', `file:${opts.output}`)
  return args
}
