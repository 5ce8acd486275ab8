import type { BookMetadata, Chapter } from '@shelfcast/contracts'

/** How a container carries tags, chapters and the cover (each needs its own ffmpeg recipe). */
export type TagFlavour = 'id3' | 'mp4' | 'flac' | 'ogg'

/** The flavour of an audio file by extension, or null for a container the tool does not write. */
export function tagFlavourOf(ext: string): TagFlavour | null {
  switch (ext.toLowerCase().replace(/^\./, '')) {
    case 'mp3':
      return 'id3'
    case 'm4b':
    case 'm4a':
    case 'mp4':
      return 'mp4'
    case 'flac':
      return 'flac'
    case 'ogg':
    case 'oga':
    case 'opus':
      return 'ogg'
    default:
      return null
  }
}

/** ID3 frames and MP4 atoms take long text, but a 200 kB description helps no player. */
const MAX_TAG_CHARS = 4000

/** Text without control characters other than tab and newline (ID3 and ffmetadata choke on them). */
function stripControls(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = ch.charCodeAt(0)
    if (code >= 0x20 || ch === '\t' || ch === '\n') out += ch
  }
  return out
}

/** The item's metadata as ffmpeg keys (ffmpeg maps them to ID3 frames, MP4 atoms or Vorbis comments). */
export function bookTags(
  meta: Pick<
    BookMetadata,
    | 'title'
    | 'subtitle'
    | 'authors'
    | 'narrators'
    | 'series'
    | 'genres'
    | 'publishedYear'
    | 'publishedDate'
    | 'publisher'
    | 'description'
    | 'isbn'
    | 'asin'
    | 'language'
  >,
  track: { index: number; total: number } | null,
): [string, string][] {
  const authors = meta.authors.map((a) => a.name).join(', ')
  const series = meta.series[0] ?? null
  const pairs: [string, string | null | undefined][] = [
    ['title', meta.title],
    ['album', meta.title],
    ['subtitle', meta.subtitle],
    ['artist', authors],
    ['album_artist', authors],
    ['composer', meta.narrators.join(', ')],
    ['genre', meta.genres.join('; ')],
    ['date', meta.publishedDate ?? meta.publishedYear],
    ['publisher', meta.publisher],
    ['description', meta.description],
    ['comment', meta.description],
    ['series', series?.name],
    ['series-part', series?.sequence],
    // MP4 has no series atom: the grouping "Name #2" is what readers (and our scanner) parse back.
    ['grouping', series ? (series.sequence ? `${series.name} #${series.sequence}` : series.name) : null],
    ['isbn', meta.isbn],
    ['asin', meta.asin],
    ['language', meta.language],
    ['track', track && track.total > 1 ? `${track.index}/${track.total}` : null],
  ]
  const out: [string, string][] = []
  for (const [key, value] of pairs) {
    const text = stripControls(value ?? '')
      .trim()
      .slice(0, MAX_TAG_CHARS)
    if (text) out.push([key, text])
  }
  return out
}

/** The chapters of the book that fall inside one file, in seconds relative to the file's start. */
export function chaptersOfFile(
  chapters: readonly Chapter[],
  fileStart: number,
  fileDuration: number,
): { start: number; end: number; title: string }[] {
  const fileEnd = fileStart + fileDuration
  const out: { start: number; end: number; title: string }[] = []
  for (const c of chapters) {
    if (c.end <= fileStart || c.start >= fileEnd) continue
    const start = Math.max(0, c.start - fileStart)
    const end = Math.min(fileDuration, c.end - fileStart)
    // A chapter that only touches the file by a rounding error would be a zero-length ghost.
    if (end - start < 0.01) continue
    out.push({ start, end, title: c.title })
  }
  return out
}

/** ffmetadata escaping: `=`, `;`, `#`, `\` and newlines are backslash-escaped. */
function escapeValue(value: string): string {
  return value.replace(/[=;#\\\n]/g, (ch) => `\\${ch}`)
}

function escapeKey(key: string): string {
  return escapeValue(key)
}

/** `hh:mm:ss.mmm`, the time format of Vorbis `CHAPTERnnn` comments. */
export function vorbisTime(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = ((ms % 60_000) / 1000).toFixed(3).padStart(6, '0')
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s}`
}

/**
 * The ffmetadata file ffmpeg reads tags and chapters from (a file, not `-metadata` arguments: a description or a
 * base64 picture can exceed what one command-line argument may hold).
 * FLAC and Ogg: ffmpeg's muxers (5.x) write no chapters, so they go in as `CHAPTERnnn` / `CHAPTERnnnNAME` Vorbis
 * comments (starts only: the format has no chapter end).
 * Ogg/Opus: ffmpeg cannot mux a picture stream there, so the cover goes in as a `METADATA_BLOCK_PICTURE` comment.
 */
export function ffmetadataText(opts: {
  tags: readonly [string, string][]
  chapters: readonly { start: number; end: number; title: string }[]
  flavour: TagFlavour
  /** base64 FLAC picture block (Ogg only). */
  pictureBlock?: string | null
}): string {
  const lines = [';FFMETADATA1']
  for (const [key, value] of opts.tags) lines.push(`${escapeKey(key)}=${escapeValue(value)}`)
  const vorbis = opts.flavour === 'flac' || opts.flavour === 'ogg'
  if (vorbis) {
    opts.chapters.forEach((c, i) => {
      const n = String(i + 1).padStart(3, '0')
      lines.push(`CHAPTER${n}=${escapeValue(vorbisTime(c.start))}`, `CHAPTER${n}NAME=${escapeValue(c.title)}`)
    })
  }
  if (opts.flavour === 'ogg' && opts.pictureBlock) lines.push(`METADATA_BLOCK_PICTURE=${opts.pictureBlock}`)
  if (!vorbis) {
    for (const c of opts.chapters) {
      lines.push(
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        `START=${Math.round(c.start * 1000)}`,
        `END=${Math.round(c.end * 1000)}`,
        `title=${escapeValue(c.title)}`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

/** A FLAC METADATA_BLOCK_PICTURE (front cover), base64, as Ogg Vorbis comments carry it. */
export function pictureBlockBase64(image: Buffer, mime: string, width: number, height: number): string {
  const mimeBytes = Buffer.from(mime, 'ascii')
  const head = Buffer.alloc(8)
  head.writeUInt32BE(3, 0) // picture type 3: front cover
  head.writeUInt32BE(mimeBytes.length, 4)
  const tail = Buffer.alloc(4 + 16 + 4)
  tail.writeUInt32BE(0, 0) // no description
  tail.writeUInt32BE(width, 4)
  tail.writeUInt32BE(height, 8)
  tail.writeUInt32BE(24, 12) // colour depth
  tail.writeUInt32BE(0, 16) // not indexed
  tail.writeUInt32BE(image.length, 20)
  return Buffer.concat([head, mimeBytes, tail, image]).toString('base64')
}

/** The ffmpeg arguments that rewrite one file's tags (streams copied, never re-encoded). */
export function embedArguments(opts: {
  input: string
  metadataFile: string
  output: string
  flavour: TagFlavour
  /** JPEG or PNG to attach as the cover picture (not for Ogg: that goes in the metadata file). */
  cover: string | null
  embedChapters: boolean
}): string[] {
  const { flavour } = opts
  const cover = flavour === 'ogg' ? null : opts.cover
  // runFfmpegWithProgress adds -hide_banner, -nostdin, -loglevel error and -progress itself.
  const args = ['-y', '-i', `file:${opts.input}`, '-i', `file:${opts.metadataFile}`]
  if (cover) args.push('-i', `file:${cover}`)
  args.push('-map', '0:a')
  // Without a new cover the file keeps the picture it had (Ogg's is a comment ffmpeg cannot copy back).
  if (cover) args.push('-map', '2:v:0', '-disposition:v:0', 'attached_pic')
  else if (flavour !== 'ogg') args.push('-map', '0:v?')
  // Chapters the tool does not write are kept as the file had them.
  args.push('-map_metadata', '1', '-map_chapters', opts.embedChapters ? '1' : '0', '-c', 'copy')
  if (flavour === 'id3') args.push('-id3v2_version', '4', '-write_id3v1', '0')
  args.push(`file:${opts.output}`)
  return args
}
