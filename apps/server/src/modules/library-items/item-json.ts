import {
  AudioFile,
  type AudioFileSummary,
  Chapter,
  EbookFile,
  LibraryFile,
  PodcastEpisode,
  isFullAudioFile,
  type Book,
  type BookMetadata,
  type FileAudioTrack,
  type FullBook,
  type FullBookMetadata,
  type FullLibraryItem,
  type FullPodcast,
  type FullPodcastEpisode,
  type LibraryItem,
  type MinifiedBook,
  type MinifiedBookMetadata,
  type MinifiedLibraryItem,
  type MinifiedPodcast,
  type Podcast,
  type PodcastMetadata,
} from '@shelfcast/contracts'
import { z } from 'zod'
import {
  defaultPodcastColumn,
  jsonArrayLength,
  jsonColumn,
  PodcastColumn,
  stringArrayColumn,
  type EpisodeRow,
  type ItemRelations,
  type ItemRow,
  type MinifiedItemRow,
} from '../../db/item-rows.ts'
import { serverVersion } from '../../config/config.ts'
import { htmlToText } from '../../html/html-to-text.ts'

// Column schemas built once: a schema derived inside a call (z.array, nullable) is compiled anew on every read.
const AudioFileList = z.array(AudioFile)
const ChapterList = z.array(Chapter)
const LibraryFileList = z.array(LibraryFile)
const EbookFileOrNull = EbookFile.nullable()

/** A book's ebook file as Audiobookshelf shows it: the library file it is, with its format. */
function ebookFileJson(text: string | null): EbookFile | null {
  const file = jsonColumn(text, EbookFileOrNull, null)
  if (!file) return null
  const { ebookFormat, ...rest } = file
  return { ...rest, isSupplementary: null, fileType: 'ebook', ebookFormat }
}
const EpisodeEnclosure = PodcastEpisode.shape.enclosure

/** The URL a direct-play track is served from (Range requests, `?token=` for media elements). */
export const trackContentUrl = (itemId: string, ino: string) => `/api/items/${itemId}/file/${ino}`

/**
 * Audio files in play order (excluded ones dropped) laid end to end on the item's timeline. Each track is the
 * whole audio file with its place (Audiobookshelf's track: apps read ino, metaTags, codec... from it).
 */
export function buildTracks(itemId: string, audioFiles: AudioFile[]): FileAudioTrack[] {
  let offset = 0
  return audioFiles
    .filter((f) => !f.exclude && !f.error)
    .sort((a, b) => a.index - b.index)
    .map((f, i) => {
      const track: FileAudioTrack = {
        ...f,
        index: i + 1,
        title: f.metadata.filename,
        startOffset: offset,
        contentUrl: trackContentUrl(itemId, f.ino),
      }
      offset += f.duration
      return track
    })
}

/** What Audiobookshelf calls the version of the last scan: the answering server's version. */
const SCAN_VERSION = serverVersion

/** The book facts every form of the metadata ends with, from genres on. */
function bookFacts(row: ItemRow) {
  return {
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
  }
}

/** The sort title and the joined names the row stores (list rows and the expanded form). */
function joinedNames(row: ItemRow) {
  return {
    titleIgnorePrefix: row.title_ignore_prefix || null,
    authorName: row.author_name,
    authorNameLF: row.author_name_lf,
    narratorName: row.narrator_name,
    seriesName: row.series_name,
  }
}

/** A book's metadata in the full form: the author, narrator and series lists, no joined names. */
function fullBookMetadata(row: ItemRow, rel: ItemRelations): FullBookMetadata {
  return {
    title: row.title || null,
    subtitle: row.subtitle,
    authors: rel.authors,
    narrators: stringArrayColumn(row.narrators),
    series: rel.series,
    ...bookFacts(row),
  }
}

/** A book's metadata in list rows: the joined names the row stores, no lists (no join tables read). */
function minifiedBookMetadata(row: ItemRow): MinifiedBookMetadata {
  const { titleIgnorePrefix, ...names } = joinedNames(row)
  return { title: row.title || null, titleIgnorePrefix, subtitle: row.subtitle, ...names, ...bookFacts(row) }
}

/** The expanded form's metadata: the lists and the joined names, and the description's plain text last. */
function expandedBookMetadata(row: ItemRow, rel: ItemRelations): BookMetadata {
  return { ...fullBookMetadata(row, rel), ...joinedNames(row), descriptionPlain: htmlToText(row.description) }
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

/** The fields every form of an episode shares, read straight from its row (Audiobookshelf's key order). */
function episodeFacts(row: EpisodeRow, podcastId: string) {
  return {
    libraryItemId: row.library_item_id,
    podcastId,
    id: row.id,
    oldEpisodeId: null,
    // Audiobookshelf's `index` is a leftover it no longer fills; our own episode order is in pubDate/publishedAt.
    index: null,
    season: row.season,
    episode: row.episode,
    episodeType: row.episode_type,
    title: row.title,
    subtitle: row.subtitle,
  }
}

const episodeTimes = (row: EpisodeRow) => ({
  publishedAt: row.published_at,
  addedAt: row.added_at,
  updatedAt: row.updated_at,
})

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
export function episodeAudioFile(text: string | null): AudioFile | null {
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
export function storedAudioFiles(text: string | null): AudioFile[] {
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

/** An episode in the full form (GET /api/podcasts/:id/episode/:episodeId): its file, no track, duration or size. */
export function toFullEpisodeJson(row: EpisodeRow, podcastId: string): FullPodcastEpisode {
  return {
    ...episodeFacts(row, podcastId),
    description: row.description,
    enclosure: jsonColumn(row.enclosure, EpisodeEnclosure, null),
    guid: row.guid,
    pubDate: row.pub_date,
    chapters: jsonColumn(row.chapters, ChapterList, []),
    audioFile: episodeAudioFile(row.audio_file),
    ...episodeTimes(row),
  }
}

/** An episode in the expanded form (expanded items, shelves, search): the full form with its track, size and duration. */
export function toEpisodeJson(row: EpisodeRow, podcastId: string): PodcastEpisode {
  const episode = toFullEpisodeJson(row, podcastId)
  const file = episode.audioFile
  return {
    ...episode,
    audioTrack: file && isFullAudioFile(file) ? (buildTracks(row.library_item_id, [file])[0] ?? null) : null,
    size: row.size,
    duration: row.duration,
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
    index: row.episode_index,
    description: null,
    enclosure: null,
    guid: row.guid,
    pubDate: row.pub_date,
    chapters: [],
    audioFile: audioFileSummary(row.audio_file),
    ...episodeTimes(row),
    audioTrack: null,
    size: row.size,
    duration: row.duration,
  }
}

/** The item fields every form starts with, in Audiobookshelf's order. */
function itemHead(row: ItemRow) {
  return {
    id: row.id,
    ino: row.ino,
    oldLibraryItemId: null,
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
  }
}

/** The item's state flags, which follow the scan facts in the full form and the head in the others. */
function itemState(row: ItemRow) {
  return {
    isMissing: row.is_missing === 1,
    isInvalid: row.is_invalid === 1,
    // Not in Audiobookshelf's JSON: present only on invalid items, so other items keep its exact shape.
    ...(row.is_invalid === 1 && row.invalid_reason ? { invalidReason: row.invalid_reason } : {}),
  }
}

const scanFacts = (row: ItemRow) => ({ lastScan: row.last_scan, scanVersion: SCAN_VERSION })

/** `ebookFormat` only when the book has an ebook: Audiobookshelf leaves the key out otherwise. */
const ebookFormatOf = (row: ItemRow) => (row.ebook_format ? { ebookFormat: row.ebook_format } : {})

/** A podcast's auto-download settings as every form shows them (never checked: null; no schedule: the default one). */
function podcastSettings(p: PodcastColumn) {
  return {
    autoDownloadEpisodes: p.autoDownloadEpisodes,
    autoDownloadSchedule: p.autoDownloadSchedule ?? DEFAULT_PODCAST_SCHEDULE,
    lastEpisodeCheck: p.lastEpisodeCheck || null,
    maxEpisodesToKeep: p.maxEpisodesToKeep,
    maxNewEpisodesToDownload: p.maxNewEpisodesToDownload,
  }
}

/** Audiobookshelf's schedule of a podcast that never set one (hourly). */
const DEFAULT_PODCAST_SCHEDULE = '0 * * * *'

/**
 * The expanded item (`?expanded=1`, batch get, collection and playlist pages, play sessions, item_updated):
 * the list row's counts plus files, whole-file tracks, chapters and (for podcasts) every episode.
 */
export function toExpandedItem(
  row: ItemRow,
  rel: ItemRelations,
  episodes: EpisodeRow[] = [],
  episodeForm: 'full' | 'minified' = 'full',
): LibraryItem {
  const tags = stringArrayColumn(row.tags)
  const libraryFiles = jsonColumn(row.library_files, LibraryFileList, [])
  const rest = { numFiles: libraryFiles.length, size: row.size, ...scanFacts(row), libraryFiles }
  if (row.media_type === 'podcast') {
    const p = jsonColumn(row.podcast, PodcastColumn, defaultPodcastColumn)
    const media: Podcast = {
      id: row.media_id,
      metadata: podcastMetadata(row, p),
      coverPath: row.cover_path,
      tags,
      numEpisodes: episodes.length,
      ...podcastSettings(p),
      size: row.size,
      libraryItemId: row.id,
      episodes: episodes.map((e) =>
        (episodeForm === 'minified' ? toEpisodeListJson : toEpisodeJson)(e, row.media_id),
      ),
    }
    return { ...itemHead(row), ...itemState(row), mediaType: 'podcast', media, ...rest }
  }
  const audioFiles = storedAudioFiles(row.audio_files)
  const tracks = buildTracks(row.id, audioFiles)
  const chapters = jsonColumn(row.chapters, ChapterList, [])
  const media: Book = {
    id: row.media_id,
    metadata: expandedBookMetadata(row, rel),
    coverPath: row.cover_path,
    tags,
    numTracks: tracks.length,
    numAudioFiles: audioFiles.length,
    numChapters: chapters.length,
    duration: row.duration,
    size: row.size,
    ...ebookFormatOf(row),
    libraryItemId: row.id,
    audioFiles,
    chapters,
    ebookFile: ebookFileJson(row.ebook_file),
    tracks,
  }
  return { ...itemHead(row), ...itemState(row), mediaType: 'book', media, ...rest }
}

/**
 * The full item (GET /api/items/:id without expanded, search hits, created collections and playlists): files,
 * chapters and metadata lists, without tracks, counts, duration or size.
 */
export function toFullItem(row: ItemRow, rel: ItemRelations, episodes: EpisodeRow[] = []): FullLibraryItem {
  const tags = stringArrayColumn(row.tags)
  const head = { ...itemHead(row), ...scanFacts(row), ...itemState(row) }
  const libraryFiles = jsonColumn(row.library_files, LibraryFileList, [])
  if (row.media_type === 'podcast') {
    const p = jsonColumn(row.podcast, PodcastColumn, defaultPodcastColumn)
    const media: FullPodcast = {
      id: row.media_id,
      libraryItemId: row.id,
      metadata: podcastMetadata(row, p),
      coverPath: row.cover_path,
      tags,
      episodes: episodes.map((e) => toFullEpisodeJson(e, row.media_id)),
      ...podcastSettings(p),
    }
    return { ...head, mediaType: 'podcast', media, libraryFiles }
  }
  const media: FullBook = {
    id: row.media_id,
    libraryItemId: row.id,
    metadata: fullBookMetadata(row, rel),
    coverPath: row.cover_path,
    tags,
    audioFiles: storedAudioFiles(row.audio_files),
    chapters: jsonColumn(row.chapters, ChapterList, []),
    ebookFile: ebookFileJson(row.ebook_file),
  }
  return { ...head, mediaType: 'book', media, libraryFiles }
}

/** A list row: the joined names and counts the row stores, no file lists, no lastScan. */
export function toMinifiedItem(row: MinifiedItemRow, numEpisodes = 0): MinifiedLibraryItem {
  const tags = stringArrayColumn(row.tags)
  const numFiles = row.num_files ?? jsonArrayLength(row.library_files)
  const head = { ...itemHead(row), ...itemState(row) }
  const rest = { numFiles, size: row.size }
  if (row.media_type === 'podcast') {
    const p = jsonColumn(row.podcast, PodcastColumn, defaultPodcastColumn)
    const media: MinifiedPodcast = {
      id: row.media_id,
      metadata: podcastMetadata(row, p),
      coverPath: row.cover_path,
      tags,
      numEpisodes,
      ...podcastSettings(p),
      size: row.size,
    }
    return { ...head, mediaType: 'podcast', media, ...rest }
  }
  const media: MinifiedBook = {
    id: row.media_id,
    metadata: minifiedBookMetadata(row),
    coverPath: row.cover_path,
    tags,
    numTracks: row.num_tracks,
    numAudioFiles: row.num_tracks,
    numChapters: row.num_chapters,
    duration: row.duration,
    size: row.size,
    ...ebookFormatOf(row),
  }
  return { ...head, mediaType: 'book', media, ...rest }
}
