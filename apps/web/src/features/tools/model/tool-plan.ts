import type { AudioFile, Chapter, ExpandedItemResponse } from '@shelfcast/contracts'

/** The manage page's tools (spec §2: `?tool=m4b|embed`). */
export type ManageTool = 'm4b' | 'embed'

/** The tool a `?tool=` value names; anything else opens the M4B encoder (as Audiobookshelf does). */
export const toolFromQuery = (value: string | null): ManageTool => (value === 'embed' ? 'embed' : 'm4b')

export type ToolItem = ExpandedItemResponse
export type ToolBook = Extract<ToolItem, { mediaType: 'book' }>

/** Why the page cannot work on an item, or null when it can. */
export type Refusal = 'podcast' | 'missing' | 'noAudio'

export function refusalOf(item: ToolItem): Refusal | null {
  if (item.mediaType !== 'book') return 'podcast'
  if (item.isMissing) return 'missing'
  if (audioFilesInOrder(item).length === 0) return 'noAudio'
  return null
}

/** The book's audio files in track order, excluded ones left out (they are neither merged nor tagged). */
export function audioFilesInOrder(book: ToolBook): AudioFile[] {
  return book.media.audioFiles.filter((file) => !file.exclude).sort((a, b) => a.index - b.index)
}

/** A single M4B (or M4A) file: nothing to merge, but it can be split into MP3s. */
export function isSingleM4b(files: readonly AudioFile[]): boolean {
  return files.length === 1 && ['.m4b', '.m4a'].includes(files[0]!.metadata.ext.toLowerCase())
}

/**
 * Codec copy keeps the audio as it is: only when every file is AAC with the same sample rate and channels
 * (the server checks the same; its sample rate is in the stream, which the client does not see, so channels
 * and codec decide here).
 */
export function canCopyCodec(files: readonly AudioFile[]): boolean {
  if (files.length === 0) return false
  const first = files[0]!
  return files.every((f) => f.codec?.toLowerCase() === 'aac' && f.channels === first.channels)
}

export interface EncodeOptions {
  codec: 'aac' | 'copy'
  bitrate: string
  channels: 1 | 2
  /** Hz; null keeps the inputs' rate. */
  sampleRate: number | null
  chapters: 'item' | 'files'
}

export const bitrateChoices = ['32k', '64k', '96k', '128k', '192k', '256k', '320k'] as const
export const sampleRateChoices = [22050, 24000, 32000, 44100, 48000] as const

/** Defaults: copy when possible, AAC 128k stereo otherwise; the item's chapters when it has some. */
export function defaultEncodeOptions(book: ToolBook): EncodeOptions {
  const files = audioFilesInOrder(book)
  const mono = files.length > 0 && files.every((f) => f.channels === 1)
  return {
    codec: canCopyCodec(files) ? 'copy' : 'aac',
    bitrate: '128k',
    channels: mono ? 1 : 2,
    sampleRate: null,
    chapters: book.media.chapters.length > 0 ? 'item' : 'files',
  }
}

/** The encode call's query (the contract's EncodeM4bQuery); bitrate and channels mean nothing to a copy. */
export function encodeQuery(options: EncodeOptions) {
  return {
    codec: options.codec,
    chapters: options.chapters,
    ...(options.codec === 'aac' && {
      bitrate: options.bitrate,
      channels: options.channels,
      ...(options.sampleRate !== null && { sampleRate: options.sampleRate }),
    }),
  }
}

/** The file's title for a chapter: its title tag, else its name without the extension. */
function fileChapterTitle(file: AudioFile): string {
  const tag = file.metaTags.tagTitle?.trim()
  if (tag) return tag
  const name = file.metadata.filename
  return name.slice(0, name.length - file.metadata.ext.length) || name
}

/** The chapters the M4B will get: the item's, or one per file laid end to end. */
export function chaptersToWrite(book: ToolBook, mode: EncodeOptions['chapters']): Chapter[] {
  if (mode === 'item' && book.media.chapters.length > 0) return book.media.chapters
  let start = 0
  return audioFilesInOrder(book).map((file, id) => {
    const chapter = { id, start, end: start + file.duration, title: fileChapterTitle(file) }
    start = chapter.end
    return chapter
  })
}

export interface MetadataRow {
  /** en-us key of the field's label. */
  labelKey: string
  value: string
}

/** The tags that will be written (spec: title, subtitle, authors, narrators, series, genres, year ...). */
export function metadataToWrite(book: ToolBook): MetadataRow[] {
  const m = book.media.metadata
  const series = m.series.map((s) => (s.sequence ? `${s.name} #${s.sequence}` : s.name)).join(', ')
  const rows: [string, string | null | undefined][] = [
    ['LabelTitle', m.title],
    ['LabelSubtitle', m.subtitle],
    ['LabelAuthors', m.authors.map((a) => a.name).join(', ')],
    ['LabelNarrators', m.narrators.join(', ')],
    ['LabelSeries', series],
    ['LabelGenres', m.genres.join(', ')],
    ['LabelPublishYear', m.publishedYear],
    ['LabelPublisher', m.publisher],
    ['LabelDescription', book.media.metadata.description],
    ['LabelASIN', m.asin],
    ['LabelISBN', m.isbn],
  ]
  return rows.flatMap(([labelKey, value]) => (value?.trim() ? [{ labelKey, value: value.trim() }] : []))
}
