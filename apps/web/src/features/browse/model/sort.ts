import type { ItemSortKey, LocalUserSettings, MediaType } from '@shelfcast/contracts'
import { bookSortKeys, podcastSortKeys } from '@shelfcast/contracts/client'
import { FILTER_ALL, isFilterAllowed, normalizeFilter, parseFilter } from './filters.ts'

export interface SortOption {
  key: ItemSortKey
  labelKey: string
}

/** The sort menu per media type (Audiobookshelf's order). `sequence` is offered while filtering by a series. */
const bookSortOptions: SortOption[] = [
  { key: 'media.metadata.title', labelKey: 'LabelTitle' },
  { key: 'media.metadata.authorName', labelKey: 'LabelAuthorFirstLast' },
  { key: 'media.metadata.authorNameLF', labelKey: 'LabelAuthorLastFirst' },
  { key: 'media.metadata.publishedYear', labelKey: 'LabelPublishYear' },
  { key: 'addedAt', labelKey: 'LabelAddedAt' },
  { key: 'size', labelKey: 'LabelSize' },
  { key: 'media.duration', labelKey: 'LabelDuration' },
  { key: 'birthtimeMs', labelKey: 'LabelFileBirthtime' },
  { key: 'mtimeMs', labelKey: 'LabelFileModified' },
  { key: 'progress', labelKey: 'LabelLastProgressUpdate' },
  { key: 'random', labelKey: 'LabelRandomly' },
]
const podcastSortOptions: SortOption[] = [
  { key: 'media.metadata.title', labelKey: 'LabelTitle' },
  { key: 'media.metadata.author', labelKey: 'LabelAuthor' },
  { key: 'addedAt', labelKey: 'LabelAddedAt' },
  { key: 'size', labelKey: 'LabelSize' },
  { key: 'media.numTracks', labelKey: 'LabelNumberOfEpisodes' },
  { key: 'birthtimeMs', labelKey: 'LabelFileBirthtime' },
  { key: 'mtimeMs', labelKey: 'LabelFileModified' },
  { key: 'random', labelKey: 'LabelRandomly' },
]
const sequenceOption: SortOption = { key: 'sequence', labelKey: 'LabelSequence' }

export function sortOptions(mediaType: MediaType, filterBy: string): SortOption[] {
  if (mediaType === 'podcast') return podcastSortOptions
  return parseFilter(filterBy)?.group === 'series' ? [...bookSortOptions, sequenceOption] : bookSortOptions
}

const DEFAULT_SORT: ItemSortKey = 'media.metadata.title'

export type SortFilterSettings = Pick<LocalUserSettings, 'orderBy' | 'filterBy'>

/**
 * The corrections of spec §4 when the bookshelf shows a library of `mediaType`: for podcasts, authorName
 * sorts become author, duration becomes numTracks, publishedYear and progress become title, and
 * book-only filters reset to all; for books the reverse (author → authorName, numTracks → duration).
 * Sorts the media type does not know fall back to title; a malformed filter becomes 'all'.
 * Returns only what changes (an empty object when the settings already fit).
 */
export function correctSortFilter(
  settings: SortFilterSettings,
  mediaType: MediaType,
): Partial<SortFilterSettings> {
  const patch: Partial<SortFilterSettings> = {}
  let orderBy = settings.orderBy
  if (mediaType === 'podcast') {
    if (orderBy === 'media.metadata.authorName' || orderBy === 'media.metadata.authorNameLF')
      orderBy = 'media.metadata.author'
    else if (orderBy === 'media.duration') orderBy = 'media.numTracks'
    else if (orderBy === 'media.metadata.publishedYear' || orderBy === 'progress') orderBy = DEFAULT_SORT
    if (!(podcastSortKeys as readonly string[]).includes(orderBy)) orderBy = DEFAULT_SORT
  } else {
    if (orderBy === 'media.metadata.author') orderBy = 'media.metadata.authorName'
    else if (orderBy === 'media.numTracks') orderBy = 'media.duration'
    if (!(bookSortKeys as readonly string[]).includes(orderBy)) orderBy = DEFAULT_SORT
  }
  if (orderBy !== settings.orderBy) patch.orderBy = orderBy

  const filter = normalizeFilter(settings.filterBy)
  const allowed = isFilterAllowed(parseFilter(filter), mediaType) ? filter : FILTER_ALL
  if (allowed !== settings.filterBy) patch.filterBy = allowed
  return patch
}

/** Which caption a detail-view card shows under the title for the current sort. */
export type SortCaption =
  | 'author'
  | 'publishedYear'
  | 'addedAt'
  | 'size'
  | 'duration'
  | 'mtime'
  | 'birthtime'
  | 'numEpisodes'
  | 'none'

export function sortCaption(orderBy: string): SortCaption {
  switch (orderBy) {
    case 'media.metadata.publishedYear':
      return 'publishedYear'
    case 'addedAt':
      return 'addedAt'
    case 'size':
      return 'size'
    case 'media.duration':
      return 'duration'
    case 'mtimeMs':
      return 'mtime'
    case 'birthtimeMs':
      return 'birthtime'
    case 'media.numTracks':
      return 'numEpisodes'
    default:
      return 'author'
  }
}
