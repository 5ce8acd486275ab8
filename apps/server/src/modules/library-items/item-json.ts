import type { Selectable } from 'kysely'
import {
  AudioFile,
  type AudioFileSummary,
  Chapter,
  EbookFile,
  LibraryFile,
  PodcastEpisode,
  type AudioTrack,
  type Book,
  type BookMetadata,
  type LibraryItem,
  type MinifiedLibraryItem,
  type Podcast,
  type PodcastMetadata,
} from '@shelfcast/contracts'
import { z } from 'zod'
import type { LibraryItemsTable, PodcastEpisodesTable } from '../../db/schema.ts'
import { htmlToText } from '../../html/html-to-text.ts'

/** What an item row needs from its join tables to become API JSON. */
export interface ItemRelations {
  authors: { id: string; name: string }[]
  series: { id: string; name: string; sequence: string | null }[]
}

export type ItemRow = Selectable<LibraryItemsTable>
export type EpisodeRow = Selectable<PodcastEpisodesTable>

/** Parses a JSON column with a schema; a damaged value yields the fallback instead of a 500. */
export function jsonColumn<T>(text: string | null, schema: z.ZodType<T>, fallback: T): T {
  if (text === null) return fallback
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : fallback
  } catch {
    return fallback
  }
}

/** A JSON array of strings (tags, genres, narrators) without a schema pass: list rows read thousands of them. */
export function stringArrayColumn(text: string | null): string[] {
  if (!text || text === '[]') return []
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** How many entries a JSON array column holds (numFiles), without a schema pass over the entries. */
function arrayLength(text: string): number {
  if (!text || text === '[]') return 0
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.length : 0
  } catch {
    return 0
  }
}

export const PodcastColumn = z.object({
  author: z.string().nullable().default(null),
  releaseDate: z.string().nullable().default(null),
  feedUrl: z.string().nullable().default(null),
  imageUrl: z.string().nullable().default(null),
  itunesPageUrl: z.string().nullable().default(null),
  itunesId: z.string().nullable().default(null),
  itunesArtistId: z.string().nullable().default(null),
  type: z.enum(['episodic', 'serial']).nullable().default(null),
  autoDownloadEpisodes: z.boolean().default(false),
  autoDownloadSchedule: z.string().nullable().default(null),
  lastEpisodeCheck: z.number().default(0),
  maxEpisodesToKeep: z.number().default(0),
  maxNewEpisodesToDownload: z.number().default(3),
})
export type PodcastColumn = z.infer<typeof PodcastColumn>
const defaultPodcastColumn = PodcastColumn.parse({})

// Column schemas built once: a schema derived inside a call (z.array, nullable) is compiled anew on every read.
const AudioFileList = z.array(AudioFile)
const ChapterList = z.array(Chapter)
const LibraryFileList = z.array(LibraryFile)
const EbookFileOrNull = EbookFile.nullable()
const EpisodeEnclosure = PodcastEpisode.shape.enclosure

/** The URL a direct-play track is served from (Range requests, `?token=` for media elements). */
export const trackContentUrl = (itemId: string, ino: string) => `/api/items/${itemId}/file/${ino}`

/** Audio files in play order (excluded ones dropped) laid end to end on the item's timeline. */
export function buildTracks(itemId: string, audioFiles: AudioFile[]): AudioTrack[] {
  let offset = 0
  return audioFiles
    .filter((f) => !f.exclude && !f.error)
    .sort((a, b) => a.index - b.index)
    .map((f, i) => {
      const track: AudioTrack = {
        index: i + 1,
        startOffset: offset,
        duration: f.duration,
        title: f.metadata.filename,
        contentUrl: trackContentUrl(itemId, f.ino),
        mimeType: f.mimeType,
        codec: f.codec,
        metadata: f.metadata,
      }
      offset += f.duration
      return track
    })
}

function bookMetadata(row: ItemRow, rel: ItemRelations): BookMetadata {
  return {
    title: row.title || null,
    titleIgnorePrefix: row.title_ignore_prefix || null,
    subtitle: row.subtitle,
    authors: rel.authors,
    narrators: stringArrayColumn(row.narrators),
    series: rel.series,
    genres: stringArrayColumn(row.genres),
    publishedYear: row.published_year,
    publishedDate: row.published_date,
    publisher: row.publisher,
    description: row.description,
    isbn: row.isbn,
    asin: row.asin,
    language: row.language,
    explicit: row.explicit === 1,
    abridged: row.abridged === 1,
    authorName: row.author_name,
    authorNameLF: row.author_name_lf,
    narratorName: row.narrator_name,
    seriesName: row.series_name,
  }
}

/** A podcast's metadata from the item columns it reads (the Latest page passes just those). */
export function podcastMetadata(
  row: Pick<ItemRow, 'title' | 'title_ignore_prefix' | 'description' | 'genres' | 'explicit' | 'language'>,
  p: PodcastColumn,
): PodcastMetadata {
  return {
    title: row.title || null,
    titleIgnorePrefix: row.title_ignore_prefix || null,
    author: p.author,
    description: row.description,
    releaseDate: p.releaseDate,
    genres: stringArrayColumn(row.genres),
    feedUrl: p.feedUrl,
    imageUrl: p.imageUrl,
    itunesPageUrl: p.itunesPageUrl,
    itunesId: p.itunesId,
    itunesArtistId: p.itunesArtistId,
    explicit: row.explicit === 1,
    language: row.language,
    type: p.type,
  }
}

/** The fields every form of an episode shares, read straight from its row. */
function episodeFacts(row: EpisodeRow, podcastId: string) {
  return {
    libraryItemId: row.library_item_id,
    podcastId,
    id: row.id,
    index: row.episode_index,
    season: row.season,
    episode: row.episode,
    episodeType: row.episode_type,
    title: row.title,
    subtitle: row.subtitle,
    guid: row.guid,
    pubDate: row.pub_date,
    publishedAt: row.published_at,
    addedAt: row.added_at,
    updatedAt: row.updated_at,
    duration: row.duration,
    size: row.size,
  }
}

const isNum = (v: unknown): v is number => typeof v === 'number'
const isStr = (v: unknown): v is string => typeof v === 'string'
const isNumOrNull = (v: unknown) => v === null || isNum(v)
const isStrOrNull = (v: unknown) => v === null || isStr(v)
const isChapter = (v: unknown): boolean => {
  const c = v as Record<string, unknown> | null
  return (
    typeof c === 'object' && c !== null && isNum(c.id) && isNum(c.start) && isNum(c.end) && isStr(c.title)
  )
}

/**
 * The contract's AudioFile check written out for the scanner's own column: a 5,000-episode podcast is read on
 * every expanded GET and item_updated, and a zod pass per file costs ~26 µs (130 ms for the show).
 */
export function isStoredAudioFile(v: unknown): v is AudioFile {
  if (typeof v !== 'object' || v === null) return false
  const f = v as Record<string, unknown>
  const m = f.metadata as Record<string, unknown> | null | undefined
  return (
    isNum(f.index) &&
    isStr(f.ino) &&
    typeof m === 'object' &&
    m !== null &&
    isStr(m.filename) &&
    isStr(m.ext) &&
    isStr(m.path) &&
    isStr(m.relPath) &&
    isNum(m.size) &&
    isNum(m.mtimeMs) &&
    isNum(m.ctimeMs) &&
    isNum(m.birthtimeMs) &&
    isNum(f.addedAt) &&
    isNum(f.updatedAt) &&
    isNumOrNull(f.trackNumFromMeta) &&
    isNumOrNull(f.discNumFromMeta) &&
    isNumOrNull(f.trackNumFromFilename) &&
    isNumOrNull(f.discNumFromFilename) &&
    typeof f.manuallyVerified === 'boolean' &&
    typeof f.exclude === 'boolean' &&
    isStrOrNull(f.error) &&
    isStr(f.format) &&
    isNum(f.duration) &&
    isNumOrNull(f.bitRate) &&
    isStrOrNull(f.language) &&
    isStrOrNull(f.codec) &&
    isStrOrNull(f.timeBase) &&
    isNumOrNull(f.channels) &&
    isStrOrNull(f.channelLayout) &&
    Array.isArray(f.chapters) &&
    f.chapters.every(isChapter) &&
    isStrOrNull(f.embeddedCoverArt) &&
    typeof f.metaTags === 'object' &&
    f.metaTags !== null &&
    !Array.isArray(f.metaTags) &&
    Object.values(f.metaTags).every(isStr) &&
    isStr(f.mimeType)
  )
}

/** An episode's stored audio file: checked by hand, and by the schema only when that check fails. */
function episodeAudioFile(text: string | null): AudioFile | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    if (isStoredAudioFile(value)) return value
    const parsed = AudioFile.safeParse(value)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A book's stored audio files: checked by hand, and by the schema only when that check fails. */
function storedAudioFiles(text: string | null): AudioFile[] {
  if (!text || text === '[]') return []
  try {
    const value: unknown = JSON.parse(text)
    if (Array.isArray(value) && value.every(isStoredAudioFile)) return value
    const parsed = AudioFileList.safeParse(value)
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export function toEpisodeJson(row: EpisodeRow, podcastId: string): PodcastEpisode {
  const audioFile = episodeAudioFile(row.audio_file)
  return {
    ...episodeFacts(row, podcastId),
    description: row.description,
    enclosure: jsonColumn(row.enclosure, EpisodeEnclosure, null),
    chapters: jsonColumn(row.chapters, ChapterList, []),
    audioFile,
    audioTrack: audioFile ? (buildTracks(row.library_item_id, [audioFile])[0] ?? null) : null,
  }
}

/**
 * The summary of a stored audio file, read without a schema pass: 5,000 zod passes of whole files cost
 * ~130 ms. The column is written by the scanner only; a damaged one (no file name) reads as no file.
 */
function audioFileSummary(text: string | null): AudioFileSummary | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return null
    const file = value as Partial<AudioFile>
    const meta = file.metadata
    if (typeof file.ino !== 'string' || typeof meta?.filename !== 'string') return null
    return {
      ino: file.ino,
      metadata: { filename: meta.filename, ext: String(meta.ext ?? ''), size: Number(meta.size ?? 0) },
    }
  } catch {
    return null
  }
}

/**
 * An episode for the podcast page's table (`episodes=minified`): what a row shows and plays, without the
 * description, chapters and track and with a file summary; the episode modals read the episode in full from
 * GET /api/podcasts/:id/episode/:episodeId.
 */
export function toEpisodeListJson(row: EpisodeRow, podcastId: string): PodcastEpisode {
  return {
    ...episodeFacts(row, podcastId),
    description: null,
    enclosure: null,
    chapters: [],
    audioFile: audioFileSummary(row.audio_file),
    audioTrack: null,
  }
}

function itemBase(row: ItemRow) {
  return {
    id: row.id,
    ino: row.ino,
    libraryId: row.library_id,
    folderId: row.folder_id,
    path: row.path,
    relPath: row.rel_path,
    isFile: row.is_file === 1,
    mtimeMs: row.mtime_ms,
    ctimeMs: row.ctime_ms,
    birthtimeMs: row.birthtime_ms,
    addedAt: row.added_at,
    updatedAt: row.updated_at,
    lastScan: row.last_scan,
    isMissing: row.is_missing === 1,
    isInvalid: row.is_invalid === 1,
    // Not in Audiobookshelf's JSON: present only on invalid items, so other items keep its exact shape.
    ...(row.is_invalid === 1 && row.invalid_reason ? { invalidReason: row.invalid_reason } : {}),
    mediaType: row.media_type === 'podcast' ? ('podcast' as const) : ('book' as const),
    size: row.size,
  }
}

/** The full item: files, tracks, chapters and (for podcasts) every episode. */
export function toExpandedItem(
  row: ItemRow,
  rel: ItemRelations,
  episodes: EpisodeRow[] = [],
  episodeForm: 'full' | 'minified' = 'full',
): LibraryItem {
  const tags = stringArrayColumn(row.tags)
  const libraryFiles = jsonColumn(row.library_files, LibraryFileList, [])
  let media: Book | Podcast
  if (row.media_type === 'podcast') {
    const p = jsonColumn(row.podcast, PodcastColumn, defaultPodcastColumn)
    media = {
      id: row.media_id,
      libraryItemId: row.id,
      metadata: podcastMetadata(row, p),
      coverPath: row.cover_path,
      tags,
      episodes: episodes.map((e) =>
        (episodeForm === 'minified' ? toEpisodeListJson : toEpisodeJson)(e, row.media_id),
      ),
      autoDownloadEpisodes: p.autoDownloadEpisodes,
      autoDownloadSchedule: p.autoDownloadSchedule,
      lastEpisodeCheck: p.lastEpisodeCheck,
      maxEpisodesToKeep: p.maxEpisodesToKeep,
      maxNewEpisodesToDownload: p.maxNewEpisodesToDownload,
      size: row.size,
    }
  } else {
    const audioFiles = storedAudioFiles(row.audio_files)
    media = {
      id: row.media_id,
      libraryItemId: row.id,
      metadata: { ...bookMetadata(row, rel), descriptionPlain: htmlToText(row.description) },
      coverPath: row.cover_path,
      tags,
      audioFiles,
      chapters: jsonColumn(row.chapters, ChapterList, []),
      ebookFile: jsonColumn(row.ebook_file, EbookFileOrNull, null),
      duration: row.duration,
      size: row.size,
      tracks: buildTracks(row.id, audioFiles),
    }
  }
  return { ...itemBase(row), media, libraryFiles }
}

/** A row read for minified JSON: the file lists may be left out when their count comes along. */
export type MinifiedItemRow = ItemRow & { num_files?: number }

/** A list row: metadata and counts only, no file lists. */
export function toMinifiedItem(
  row: MinifiedItemRow,
  rel: ItemRelations,
  numEpisodes = 0,
): MinifiedLibraryItem {
  const tags = stringArrayColumn(row.tags)
  const numFiles = row.num_files ?? arrayLength(row.library_files)
  const isPodcast = row.media_type === 'podcast'
  const metadata = isPodcast
    ? podcastMetadata(row, jsonColumn(row.podcast, PodcastColumn, defaultPodcastColumn))
    : bookMetadata(row, rel)
  return {
    ...itemBase(row),
    numFiles,
    media: {
      id: row.media_id,
      metadata,
      coverPath: row.cover_path,
      tags,
      ...(isPodcast
        ? { numEpisodes }
        : { numTracks: row.num_tracks, numAudioFiles: row.num_tracks, numChapters: row.num_chapters }),
      duration: row.duration,
      size: row.size,
      ebookFormat: row.ebook_format,
    },
  }
}
