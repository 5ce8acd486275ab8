import type {
  FullLibraryItem,
  LibraryItem,
  MediaProgress,
  MinifiedLibraryItem,
  User,
} from '@shelfcast/contracts'

/**
 * An item as lists and pages show it, in any of Audiobookshelf's three forms: minified from lists, expanded from
 * the item route, collection pages and socket events, full from a plain GET /api/items/:id and search's series.
 */
export type AnyItem = MinifiedLibraryItem | LibraryItem | FullLibraryItem

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null)

/** The title, or null when the item has none (the UI shows 'No Title'). */
export function itemTitle(item: AnyItem): string | null {
  return text(item.media.metadata.title)
}

export function itemSubtitle(item: AnyItem): string | null {
  return item.mediaType === 'book' ? text(item.media.metadata.subtitle) : null
}

/** "A, B" for books (authorName, else the author list), the author field for podcasts. */
export function itemAuthor(item: AnyItem): string | null {
  if (item.mediaType === 'podcast') return text(item.media.metadata.author)
  const meta = item.media.metadata
  const joined = 'authorName' in meta ? text(meta.authorName) : null
  if (joined) return joined
  return 'authors' in meta
    ? text(
        meta.authors
          .map((a) => a.name)
          .filter(Boolean)
          .join(', '),
      )
    : null
}

export function itemAuthors(item: AnyItem): { id: string; name: string }[] {
  if (item.mediaType === 'podcast') return []
  const meta = item.media.metadata
  return 'authors' in meta ? meta.authors : []
}

export function itemPublishedYear(item: AnyItem): string | null {
  return item.mediaType === 'book' ? text(item.media.metadata.publishedYear) : null
}

export function itemNumEpisodes(item: AnyItem): number {
  if (item.mediaType === 'book') return 0
  const media = item.media
  return 'numEpisodes' in media ? media.numEpisodes : media.episodes.length
}

/**
 * Seconds of audio (books; podcasts have none of their own). The full form carries no duration: it is the sum of
 * the audio files that play.
 */
export function itemDuration(item: AnyItem): number {
  if (item.mediaType === 'podcast') return 0
  const media = item.media
  if ('duration' in media) return media.duration
  return media.audioFiles.reduce((sum, f) => (f.exclude || f.error ? sum : sum + f.duration), 0)
}

/** Lower-case format of a book's ebook (epub, pdf, …), or null without one: minified answers carry only the format. */
export function itemEbookFormat(item: AnyItem): string | null {
  if (item.mediaType !== 'book') return null
  const media = item.media
  if ('ebookFile' in media) return media.ebookFile ? media.ebookFile.ebookFormat || null : null
  return 'ebookFormat' in media && media.ebookFormat ? media.ebookFormat : null
}

/** Bytes on disk: the media's size, else the item's, else (full form) the sum of its files. */
export function itemSize(item: AnyItem): number {
  if ('size' in item.media) return item.media.size
  if ('size' in item) return item.size
  return item.libraryFiles.reduce((sum, f) => sum + f.metadata.size, 0)
}

/** Cover path as the item has it; a full http(s) URL is used as it is (spec §3). */
export function itemCoverPath(item: AnyItem): string | null {
  return item.media.coverPath ?? null
}

export const isRemoteCover = (coverPath: string) => /^https?:\/\//i.test(coverPath)

export function hasIssue(item: Pick<AnyItem, 'isMissing' | 'isInvalid'>): boolean {
  return item.isMissing || item.isInvalid
}

/** The user's progress per item (book progress only; episodes carry their own), built once per user object. */
const progressIndexes = new WeakMap<User, Map<string, MediaProgress>>()

export function progressIndex(user: User | null): Map<string, MediaProgress> {
  if (!user) return new Map()
  let index = progressIndexes.get(user)
  if (!index) {
    index = new Map()
    for (const progress of user.mediaProgress ?? []) {
      if (!progress.episodeId) index.set(progress.libraryItemId, progress)
    }
    progressIndexes.set(user, index)
  }
  return index
}

/** 0..1 listened (or read, whichever is further), and whether finished. Null without progress. */
export function progressFraction(
  progress: MediaProgress | undefined,
): { value: number; finished: boolean } | null {
  if (!progress) return null
  const value = Math.max(progress.progress ?? 0, progress.ebookProgress ?? 0)
  if (!progress.isFinished && value <= 0) return null
  return { value: progress.isFinished ? 1 : Math.min(1, value), finished: progress.isFinished }
}

/**
 * A book's sequence in the series it is listed under: Shelfcast puts `sequence` on the row; Audiobookshelf
 * puts the one series, as an object, in `media.metadata.series` (series-filtered lists, an author's series).
 */
export function itemSeriesSequence(item: AnyItem & { sequence?: string | null }): string | null {
  if (item.sequence !== undefined) return text(item.sequence)
  // Not in our schema (Shelfcast answers `sequence`), so read as Audiobookshelf may send it.
  const meta: object = item.media.metadata
  const series = 'series' in meta ? meta.series : null
  if (series && typeof series === 'object' && 'sequence' in series) return text(series.sequence)
  return null
}
