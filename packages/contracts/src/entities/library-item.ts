import { z } from 'zod'

export { episodeTypes, isFullAudioFile } from './library-item-values.ts'

/** File facts as the scanner saw them. Times are epoch milliseconds. */
export const FileMetadata = z.object({
  filename: z.string(),
  ext: z.string(),
  path: z.string(),
  relPath: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  ctimeMs: z.number(),
  birthtimeMs: z.number(),
})
export type FileMetadata = z.infer<typeof FileMetadata>

export const fileTypes = ['audio', 'ebook', 'image', 'info', 'text', 'metadata', 'unknown'] as const
export const LibraryFile = z.object({
  ino: z.string(),
  metadata: FileMetadata,
  isSupplementary: z.boolean().nullable(),
  addedAt: z.number(),
  updatedAt: z.number(),
  fileType: z.enum(fileTypes),
})
export type LibraryFile = z.infer<typeof LibraryFile>

/** A chapter; times in seconds. */
export const Chapter = z.object({
  id: z.number(),
  start: z.number(),
  end: z.number(),
  title: z.string(),
})
export type Chapter = z.infer<typeof Chapter>

export const AudioFile = z.object({
  index: z.number(),
  ino: z.string(),
  metadata: FileMetadata,
  addedAt: z.number(),
  updatedAt: z.number(),
  trackNumFromMeta: z.number().nullable(),
  discNumFromMeta: z.number().nullable(),
  trackNumFromFilename: z.number().nullable(),
  discNumFromFilename: z.number().nullable(),
  manuallyVerified: z.boolean(),
  exclude: z.boolean(),
  error: z.string().nullable(),
  format: z.string(),
  /** Seconds. */
  duration: z.number(),
  bitRate: z.number().nullable(),
  language: z.string().nullable(),
  codec: z.string().nullable(),
  timeBase: z.string().nullable(),
  channels: z.number().nullable(),
  channelLayout: z.string().nullable(),
  chapters: z.array(Chapter),
  embeddedCoverArt: z.string().nullable(),
  metaTags: z.record(z.string(), z.string()),
  mimeType: z.string(),
})
export type AudioFile = z.infer<typeof AudioFile>

/**
 * A playable track, in its lean form: what a transcode's HLS track carries (one track over the whole item) and
 * what every player reads. Items' own tracks are FileAudioTracks, which add the whole audio file.
 */
export const AudioTrack = z.object({
  index: z.number(),
  startOffset: z.number(),
  duration: z.number(),
  title: z.string(),
  contentUrl: z.string(),
  mimeType: z.string(),
  codec: z.string().nullable(),
  metadata: FileMetadata,
})
export type AudioTrack = z.infer<typeof AudioTrack>

/** Audiobookshelf's track of a file (expanded items, episodes' audioTrack): the whole audio file placed on the timeline. */
export const FileAudioTrack = AudioFile.extend({
  title: z.string(),
  startOffset: z.number(),
  contentUrl: z.string(),
})
export type FileAudioTrack = z.infer<typeof FileAudioTrack>

export const EbookFile = z.object({
  ino: z.string(),
  metadata: FileMetadata,
  /** The library file fields Audiobookshelf repeats in its answers (not stored). */
  isSupplementary: z.boolean().nullable().optional(),
  fileType: z.literal('ebook').optional(),
  ebookFormat: z.string(),
  addedAt: z.number(),
  updatedAt: z.number(),
})
export type EbookFile = z.infer<typeof EbookFile>

export const AuthorRef = z.object({ id: z.string(), name: z.string() })
export const SeriesRef = z.object({ id: z.string(), name: z.string(), sequence: z.string().nullable() })

export const BookMetadata = z.object({
  title: z.string().nullable(),
  titleIgnorePrefix: z.string().nullable(),
  subtitle: z.string().nullable(),
  authors: z.array(AuthorRef),
  narrators: z.array(z.string()),
  series: z.array(SeriesRef),
  genres: z.array(z.string()),
  publishedYear: z.string().nullable(),
  publishedDate: z.string().nullable(),
  publisher: z.string().nullable(),
  description: z.string().nullable(),
  isbn: z.string().nullable(),
  asin: z.string().nullable(),
  language: z.string().nullable(),
  explicit: z.boolean(),
  abridged: z.boolean(),
  authorName: z.string(),
  authorNameLF: z.string(),
  narratorName: z.string(),
  seriesName: z.string(),
  /** The description's tag-stripped text, in the expanded form only, as Audiobookshelf sends it (its web client's Match tab reads it). */
  descriptionPlain: z.string().nullable().optional(),
})
export type BookMetadata = z.infer<typeof BookMetadata>

/** A book's metadata in the full form (GET /api/items/:id, search hits, created collections): lists, no joined names. */
export const FullBookMetadata = BookMetadata.omit({
  titleIgnorePrefix: true,
  authorName: true,
  authorNameLF: true,
  narratorName: true,
  seriesName: true,
  descriptionPlain: true,
})
export type FullBookMetadata = z.infer<typeof FullBookMetadata>

/** A book's metadata in list rows (the minified form): joined names instead of the author, narrator and series lists. */
export const MinifiedBookMetadata = BookMetadata.omit({
  authors: true,
  narrators: true,
  series: true,
  descriptionPlain: true,
})
export type MinifiedBookMetadata = z.infer<typeof MinifiedBookMetadata>

export const Book = z.object({
  id: z.string(),
  libraryItemId: z.string(),
  metadata: BookMetadata,
  coverPath: z.string().nullable(),
  tags: z.array(z.string()),
  audioFiles: z.array(AudioFile),
  chapters: z.array(Chapter),
  ebookFile: EbookFile.nullable(),
  numTracks: z.number(),
  numAudioFiles: z.number(),
  numChapters: z.number(),
  duration: z.number(),
  size: z.number(),
  /** Only when the book has an ebook (Audiobookshelf leaves the key out otherwise). */
  ebookFormat: z.string().optional(),
  tracks: z.array(FileAudioTrack),
})
export type Book = z.infer<typeof Book>

/** A book in the full form: files and chapters, no tracks, counts, duration or size. */
export const FullBook = Book.pick({
  id: true,
  libraryItemId: true,
  coverPath: true,
  tags: true,
  audioFiles: true,
  chapters: true,
  ebookFile: true,
}).extend({ metadata: FullBookMetadata })
export type FullBook = z.infer<typeof FullBook>

/** What a row of a long episode list needs of its file (`GET /api/items/:id?episodes=minified`). */
export const AudioFileSummary = z.object({
  ino: z.string(),
  metadata: FileMetadata.pick({ filename: true, ext: true, size: true }),
})
export type AudioFileSummary = z.infer<typeof AudioFileSummary>

export const PodcastEpisode = z.object({
  libraryItemId: z.string(),
  podcastId: z.string(),
  id: z.string(),
  /** Always null: Shelfcast has no pre-2.3 ids to map (Audiobookshelf's migration field). */
  oldEpisodeId: z.null().optional(),
  index: z.number().nullable(),
  season: z.string().nullable(),
  episode: z.string().nullable(),
  episodeType: z.string().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  enclosure: z
    .object({ url: z.string(), type: z.string().nullable(), length: z.string().nullable() })
    .nullable(),
  guid: z.string().nullable(),
  pubDate: z.string().nullable(),
  chapters: z.array(Chapter),
  /** The file in full, or its summary in minified episode lists. */
  audioFile: z.union([AudioFile, AudioFileSummary]).nullable(),
  audioTrack: FileAudioTrack.nullable().optional(),
  publishedAt: z.number().nullable(),
  addedAt: z.number(),
  updatedAt: z.number(),
  duration: z.number(),
  size: z.number(),
})
export type PodcastEpisode = z.infer<typeof PodcastEpisode>

/** An episode in the full form (GET /api/podcasts/:id/episode/:episodeId): its file, no track, duration or size. */
export const FullPodcastEpisode = PodcastEpisode.omit({ audioTrack: true, duration: true, size: true })
export type FullPodcastEpisode = z.infer<typeof FullPodcastEpisode>

export const PodcastMetadata = z.object({
  title: z.string().nullable(),
  titleIgnorePrefix: z.string().nullable(),
  author: z.string().nullable(),
  description: z.string().nullable(),
  releaseDate: z.string().nullable(),
  genres: z.array(z.string()),
  feedUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  itunesPageUrl: z.string().nullable(),
  itunesId: z.string().nullable(),
  itunesArtistId: z.string().nullable(),
  explicit: z.boolean(),
  language: z.string().nullable(),
  type: z.enum(['episodic', 'serial']).nullable(),
})
export type PodcastMetadata = z.infer<typeof PodcastMetadata>

export const Podcast = z.object({
  id: z.string(),
  libraryItemId: z.string(),
  metadata: PodcastMetadata,
  coverPath: z.string().nullable(),
  tags: z.array(z.string()),
  episodes: z.array(PodcastEpisode),
  numEpisodes: z.number(),
  autoDownloadEpisodes: z.boolean(),
  autoDownloadSchedule: z.string().nullable(),
  /** Null until the feed was first checked. */
  lastEpisodeCheck: z.number().nullable(),
  maxEpisodesToKeep: z.number(),
  maxNewEpisodesToDownload: z.number(),
  size: z.number(),
})
export type Podcast = z.infer<typeof Podcast>

/** A podcast in the full form: its episodes in their full form, no count or size. */
export const FullPodcast = Podcast.omit({ episodes: true, numEpisodes: true, size: true }).extend({
  episodes: z.array(FullPodcastEpisode),
})
export type FullPodcast = z.infer<typeof FullPodcast>

/** The item fields every form shares; each form adds its media, discriminated by `mediaType`. */
const ItemBase = z.object({
  id: z.string(),
  ino: z.string().nullable(),
  /** Always null: Shelfcast has no pre-2.3 ids to map (Audiobookshelf's migration field). */
  oldLibraryItemId: z.null(),
  libraryId: z.string(),
  folderId: z.string(),
  path: z.string(),
  relPath: z.string(),
  isFile: z.boolean(),
  mtimeMs: z.number(),
  ctimeMs: z.number(),
  birthtimeMs: z.number(),
  addedAt: z.number(),
  updatedAt: z.number(),
  lastScan: z.number().nullable(),
  /** The server version that answers (Audiobookshelf: the version of the last scan). */
  scanVersion: z.string().nullable(),
  isMissing: z.boolean(),
  isInvalid: z.boolean(),
  /** Shelfcast's: why the item is invalid (a damaged ebook, unreadable audio); only on invalid items. */
  invalidReason: z.string().optional(),
  numFiles: z.number(),
  size: z.number(),
  libraryFiles: z.array(LibraryFile),
})

const isBook = { mediaType: z.literal('book') }
const isPodcast = { mediaType: z.literal('podcast') }

/**
 * The expanded item (GET /api/items/:id?expanded=1, batch get, collection and playlist pages, play sessions,
 * item_updated). Audiobookshelf's three forms: this one, FullLibraryItem and MinifiedLibraryItem; each is a
 * union on `mediaType`, so checking it narrows `media`.
 */
export const BookLibraryItem = ItemBase.extend({ ...isBook, media: Book })
export type BookLibraryItem = z.infer<typeof BookLibraryItem>
export const PodcastLibraryItem = ItemBase.extend({ ...isPodcast, media: Podcast })
export type PodcastLibraryItem = z.infer<typeof PodcastLibraryItem>
export const LibraryItem = z.discriminatedUnion('mediaType', [BookLibraryItem, PodcastLibraryItem])
export type LibraryItem = z.infer<typeof LibraryItem>

/**
 * The full item (GET /api/items/:id without expanded, search hits, the books of a created collection or
 * playlist): files and metadata lists, no tracks, counts, duration or size.
 */
const FullItemBase = ItemBase.omit({ numFiles: true, size: true })
export const FullLibraryItem = z.discriminatedUnion('mediaType', [
  FullItemBase.extend({ ...isBook, media: FullBook }),
  FullItemBase.extend({ ...isPodcast, media: FullPodcast }),
])
export type FullLibraryItem = z.infer<typeof FullLibraryItem>

/** A book in a list row: counts instead of file lists, joined names instead of lists, so 50 rows stay small. */
export const MinifiedBook = Book.pick({
  id: true,
  coverPath: true,
  tags: true,
  numTracks: true,
  numAudioFiles: true,
  numChapters: true,
  duration: true,
  size: true,
  ebookFormat: true,
}).extend({ metadata: MinifiedBookMetadata })
export type MinifiedBook = z.infer<typeof MinifiedBook>

/** A podcast in a list row: its episode count and download settings, no episodes. */
export const MinifiedPodcast = Podcast.omit({ libraryItemId: true, episodes: true })
export type MinifiedPodcast = z.infer<typeof MinifiedPodcast>

export const CollapsedSeries = z.object({
  id: z.string(),
  name: z.string(),
  nameIgnorePrefix: z.string(),
  sequence: z.string().nullable(),
  numBooks: z.number(),
  libraryItemIds: z.array(z.string()),
})

/** A list row (every list, shelves, series books, items in progress): counts, no file lists, no lastScan. */
const MinifiedItemBase = ItemBase.omit({ libraryFiles: true, lastScan: true, scanVersion: true }).extend({
  collapsedSeries: CollapsedSeries.optional(),
})
export const MinifiedBookItem = MinifiedItemBase.extend({ ...isBook, media: MinifiedBook })
export type MinifiedBookItem = z.infer<typeof MinifiedBookItem>
export const MinifiedPodcastItem = MinifiedItemBase.extend({ ...isPodcast, media: MinifiedPodcast })
export type MinifiedPodcastItem = z.infer<typeof MinifiedPodcastItem>
export const MinifiedLibraryItem = z.discriminatedUnion('mediaType', [MinifiedBookItem, MinifiedPodcastItem])
export type MinifiedLibraryItem = z.infer<typeof MinifiedLibraryItem>

export const Author = z.object({
  id: z.string(),
  asin: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  imagePath: z.string().nullable(),
  libraryId: z.string(),
  addedAt: z.number(),
  updatedAt: z.number(),
  numBooks: z.number().optional(),
})
export type Author = z.infer<typeof Author>

export const Series = z.object({
  id: z.string(),
  name: z.string(),
  nameIgnorePrefix: z.string(),
  description: z.string().nullable(),
  libraryId: z.string(),
  addedAt: z.number(),
  updatedAt: z.number(),
})
export type Series = z.infer<typeof Series>

/** Supported file extensions by type (spec §3). */
export const supportedExtensions = {
  image: ['png', 'jpg', 'jpeg', 'webp'],
  audio: [
    'm4b',
    'mp3',
    'm4a',
    'flac',
    'opus',
    'ogg',
    'oga',
    'mp4',
    'aac',
    'wma',
    'aiff',
    'aif',
    'wav',
    'webm',
    'webma',
    'mka',
    'awb',
    'caf',
    'mpeg',
    'mpg',
  ],
  ebook: ['epub', 'pdf', 'mobi', 'azw3', 'cbr', 'cbz'],
  info: ['nfo'],
  text: ['txt'],
  metadata: ['opf', 'abs', 'xml', 'json'],
} as const
