import type { FilterData, FilterGroup, MediaType } from '@shelfcast/contracts'
import {
  encodeFilterValue,
  enumFilterValues,
  filterGroups,
  flagFilterGroups,
  idFilterGroups,
} from '@shelfcast/contracts/client'

/**
 * The bookshelf filter as the user settings keep it (`filterBy`): 'all', a bare group ('issues'), or
 * `group.base64(utf8 value)` — Audiobookshelf's form. The API receives it as the `filter` query value
 * (the URL encoding is the query builder's job); the app's `?filter=` links carry the same text.
 */
export const FILTER_ALL = 'all'

export interface ParsedFilter {
  group: FilterGroup
  /** The decoded value; undefined for groups that take none. */
  value?: string
}

const isFlagGroup = (group: string) => (flagFilterGroups as readonly string[]).includes(group)
const isGroup = (group: string): group is FilterGroup => (filterGroups as readonly string[]).includes(group)

/** base64 of UTF-8 back to text; tolerates a URL-encoded value. Null when it is not valid base64 UTF-8. */
export function decodeFilterValue(encoded: string): string | null {
  let text = encoded
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text)
    } catch {
      return null
    }
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length === 0) return null
  try {
    const binary = atob(text)
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/** `filterBy` for a group and value (the inverse of parseFilter). */
export function filterBy(group: FilterGroup, value?: string): string {
  return value === undefined || isFlagGroup(group) ? group : `${group}.${encodeFilterValue(value)}`
}

/** The filter in a `filterBy` text, or null for 'all' and anything malformed (unknown group, bad value). */
export function parseFilter(text: string | null | undefined): ParsedFilter | null {
  if (!text || text === FILTER_ALL) return null
  const dot = text.indexOf('.')
  const group = dot === -1 ? text : text.slice(0, dot)
  if (!isGroup(group)) return null
  if (isFlagGroup(group)) return dot === -1 ? { group } : null
  if (dot === -1) return null
  const value = decodeFilterValue(text.slice(dot + 1))
  if (value === null) return null
  const allowed = (enumFilterValues as Record<string, readonly string[]>)[group]
  if (allowed && !allowed.includes(value)) return null
  return { group, value }
}

/** A `filterBy` in canonical form ('all' when it does not parse). */
export function normalizeFilter(text: string | null | undefined): string {
  const parsed = parseFilter(text)
  return parsed ? filterBy(parsed.group, parsed.value) : FILTER_ALL
}

/** Groups that only make sense in book libraries; a podcast library resets them to 'all' (spec §4). */
export const bookOnlyFilterGroups: readonly FilterGroup[] = [
  'authors',
  'series',
  'narrators',
  'publishers',
  'publishedDecades',
  'progress',
  'missing',
  'ebooks',
  'tracks',
  'abridged',
]

export function isFilterAllowed(parsed: ParsedFilter | null, mediaType: MediaType): boolean {
  if (!parsed) return true
  return mediaType === 'book' || !bookOnlyFilterGroups.includes(parsed.group)
}

/** One entry of the filter menu: a group and, for groups with values, where its values come from. */
export interface FilterMenuGroup {
  group: FilterGroup
  labelKey: string
  /** Values to choose from (value + label); empty for flag groups. */
  values: { value: string; label: string; labelKey?: string }[]
  /** Flag groups are chosen directly, without a submenu. */
  flag: boolean
}

const groupLabelKeys: Record<FilterGroup, string> = {
  genres: 'LabelGenre',
  tags: 'LabelTag',
  series: 'LabelSeries',
  authors: 'LabelAuthor',
  narrators: 'LabelNarrator',
  languages: 'LabelLanguage',
  publishers: 'LabelPublisher',
  publishedDecades: 'LabelPublishedDecade',
  progress: 'LabelProgress',
  missing: 'LabelMissing',
  ebooks: 'LabelEbooks',
  tracks: 'LabelTracks',
  explicit: 'LabelExplicit',
  abridged: 'LabelAbridged',
  issues: 'LabelIssues',
  'feed-open': 'LabelRSSFeedOpen',
  'share-open': 'LabelShareOpen',
}

export const filterGroupLabelKey = (group: FilterGroup) => groupLabelKeys[group]

/** Labels of the fixed values (progress, missing, ebooks, tracks). */
export const enumValueLabelKeys: Record<string, string> = {
  'progress.finished': 'LabelFinished',
  'progress.in-progress': 'LabelInProgress',
  'progress.not-started': 'LabelNotStarted',
  'progress.not-finished': 'LabelNotFinished',
  'missing.asin': 'LabelASIN',
  'missing.isbn': 'LabelISBN',
  'missing.subtitle': 'LabelSubtitle',
  'missing.authors': 'LabelAuthors',
  'missing.publishedYear': 'LabelPublishYear',
  'missing.series': 'LabelSeries',
  'missing.description': 'LabelDescription',
  'missing.genres': 'LabelGenres',
  'missing.tags': 'LabelTags',
  'missing.narrators': 'LabelNarrators',
  'missing.publisher': 'LabelPublisher',
  'missing.language': 'LabelLanguage',
  'missing.cover': 'LabelCover',
  'ebooks.ebook': 'LabelHasEbook',
  'ebooks.no-ebook': 'LabelNoEbook',
  'ebooks.supplementary': 'LabelHasSupplementaryEbook',
  'tracks.none': 'LabelTracksNone',
  'tracks.single': 'LabelTracksSingleTrack',
  'tracks.multi': 'LabelTracksMultiTrack',
}

const textValues = (list: readonly string[]) => list.map((value) => ({ value, label: value }))

/**
 * The filter menu of a library (spec §2): value groups from its filter data, fixed-value groups, and the
 * flag groups. Book-only groups are left out for podcasts; groups with nothing to pick are left out.
 */
export function filterMenuGroups(mediaType: MediaType, data: FilterData | undefined): FilterMenuGroup[] {
  const fixed = (group: keyof typeof enumFilterValues) =>
    enumFilterValues[group].map((value) => ({
      value,
      label: value,
      labelKey: enumValueLabelKeys[`${group}.${value}`],
    }))
  const groups: { group: FilterGroup; values: FilterMenuGroup['values'] }[] = [
    { group: 'genres', values: textValues(data?.genres ?? []) },
    { group: 'tags', values: textValues(data?.tags ?? []) },
    { group: 'series', values: (data?.series ?? []).map((s) => ({ value: s.id, label: s.name })) },
    { group: 'authors', values: (data?.authors ?? []).map((a) => ({ value: a.id, label: a.name })) },
    { group: 'narrators', values: textValues(data?.narrators ?? []) },
    { group: 'languages', values: textValues(data?.languages ?? []) },
    { group: 'publishers', values: textValues(data?.publishers ?? []) },
    { group: 'publishedDecades', values: textValues(data?.publishedDecades ?? []) },
    { group: 'progress', values: fixed('progress') },
    { group: 'missing', values: fixed('missing') },
    { group: 'ebooks', values: fixed('ebooks') },
    { group: 'tracks', values: fixed('tracks') },
    { group: 'explicit', values: [] },
    { group: 'abridged', values: [] },
    { group: 'issues', values: [] },
    { group: 'feed-open', values: [] },
  ]
  return groups
    .filter(({ group }) => isFilterAllowed({ group }, mediaType))
    .map(({ group, values }) => ({
      group,
      labelKey: groupLabelKeys[group],
      values,
      flag: isFlagGroup(group),
    }))
    .filter((entry) => entry.flag || entry.values.length > 0)
}

/** The display text of a filter's value: names for id groups (from filter data), the text otherwise. */
export function filterValueLabel(parsed: ParsedFilter, data: FilterData | undefined): string | null {
  if (parsed.value === undefined) return null
  if ((idFilterGroups as readonly string[]).includes(parsed.group)) {
    const list = parsed.group === 'authors' ? data?.authors : data?.series
    return list?.find((entry) => entry.id === parsed.value)?.name ?? null
  }
  return parsed.value
}

/** The app path of a bookshelf filtered by one value (links from item pages, search, narrators). */
export function bookshelfFilterPath(libraryId: string, group: FilterGroup, value?: string): string {
  const filter = filterBy(group, value)
  return `/library/${libraryId}/bookshelf?${new URLSearchParams({ filter }).toString()}`
}
