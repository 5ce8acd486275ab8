// The zod-free values of library.ts: the web client loads them without zod (`@shelfcast/contracts/client`).
import { FINISHED_REMAINING_SEC } from '../playback-values.ts'
import type { Library, LibraryJson, LibrarySettings, MediaType } from './library.ts'

export const libraryIcons = [
  'database',
  'audiobookshelf',
  'books-1',
  'books-2',
  'book-1',
  'microphone-1',
  'microphone-3',
  'radio',
  'podcast',
  'rss',
  'headphones',
  'music',
  'file-picture',
  'rocket',
  'power',
  'star',
  'heart',
] as const

export const metadataSources = [
  'folderStructure',
  'audioMetatags',
  'nfoFile',
  'txtFiles',
  'opfFile',
  'absMetadata',
] as const

export const defaultLibrarySettings = (mediaType: MediaType): LibrarySettings => ({
  coverAspectRatio: mediaType === 'podcast' ? 1 : 0,
  disableWatcher: false,
  skipMatchingMediaWithAsin: false,
  skipMatchingMediaWithIsbn: false,
  autoScanCronExpression: null,
  audiobooksOnly: false,
  epubsAllowScriptedContent: false,
  hideSingleBookSeries: false,
  onlyShowLaterBooksInContinueSeries: false,
  metadataPrecedence: [...metadataSources],
  podcastSearchRegion: 'us',
  markAsFinishedPercentComplete: null,
  markAsFinishedTimeRemaining: FINISHED_REMAINING_SEC,
})

/** An answered library made whole: its type's default settings under the answered ones. */
export const libraryFromJson = (json: LibraryJson): Library => ({
  ...json,
  settings: { ...defaultLibrarySettings(json.mediaType), ...json.settings },
  lastScanVersion: json.lastScanVersion ?? null,
})
