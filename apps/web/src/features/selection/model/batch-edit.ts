import type { BookMetadata, LibraryItem, UpdateBookMediaRequest } from '@shelfcast/contracts'

/** A series on the batch page: name and sequence; the id is kept when the name is unchanged. */
export interface BatchSeries {
  name: string
  sequence: string
}

/** The fields one card of the batch page edits (spec §2 /batch). */
export interface BatchBookFields {
  title: string
  subtitle: string
  authors: string[]
  narrators: string[]
  series: BatchSeries[]
  genres: string[]
  tags: string[]
  publisher: string
  publishedYear: string
  language: string
  explicit: boolean
  abridged: boolean
}

/** Fields "apply to all" can set on every item; the title is each book's own. */
export const mappableFields = [
  'subtitle',
  'authors',
  'narrators',
  'series',
  'genres',
  'tags',
  'publisher',
  'publishedYear',
  'language',
  'explicit',
  'abridged',
] as const satisfies readonly (keyof BatchBookFields)[]
export type MappableField = (typeof mappableFields)[number]

const listFields = new Set<keyof BatchBookFields>(['authors', 'narrators', 'series', 'genres', 'tags'])
export const isListField = (field: keyof BatchBookFields) => listFields.has(field)

export const emptyBatchFields = (): BatchBookFields => ({
  title: '',
  subtitle: '',
  authors: [],
  narrators: [],
  series: [],
  genres: [],
  tags: [],
  publisher: '',
  publishedYear: '',
  language: '',
  explicit: false,
  abridged: false,
})

/** The batch page only edits books; a podcast (not offered Edit) yields null. */
export function bookMetadataOf(item: LibraryItem): BookMetadata | null {
  return item.mediaType === 'book' && 'authors' in item.media.metadata ? item.media.metadata : null
}

export function batchFieldsOf(item: LibraryItem): BatchBookFields {
  const m = bookMetadataOf(item)
  if (!m) return emptyBatchFields()
  return {
    title: m.title ?? '',
    subtitle: m.subtitle ?? '',
    authors: m.authors.map((a) => a.name),
    narrators: [...m.narrators],
    series: m.series.map((s) => ({ name: s.name, sequence: s.sequence ?? '' })),
    genres: [...m.genres],
    tags: [...item.media.tags],
    publisher: m.publisher ?? '',
    publishedYear: m.publishedYear ?? '',
    language: m.language ?? '',
    explicit: m.explicit,
    abridged: m.abridged,
  }
}

/** Adds `extra` to `list`, skipping entries already there (case-insensitively for names). */
function appendUnique<T>(list: readonly T[], extra: readonly T[], key: (entry: T) => string): T[] {
  const seen = new Set(list.map(key))
  const out = [...list]
  for (const entry of extra) {
    if (seen.has(key(entry))) continue
    seen.add(key(entry))
    out.push(entry)
  }
  return out
}

/**
 * One item's fields after "apply to all": every chosen field takes the mapped value; list fields either
 * replace the item's list or, with `appendLists`, are added to it (so a genre can be added to every
 * book without losing each book's own).
 */
export function applyToAll(
  fields: BatchBookFields,
  mapped: BatchBookFields,
  chosen: ReadonlySet<MappableField>,
  appendLists: boolean,
): BatchBookFields {
  const next: BatchBookFields = { ...fields }
  const name = (s: string) => s.toLowerCase()
  for (const field of chosen) {
    switch (field) {
      case 'authors':
      case 'narrators':
      case 'genres':
      case 'tags':
        next[field] = appendLists ? appendUnique(fields[field], mapped[field], name) : [...mapped[field]]
        break
      case 'series':
        next.series = appendLists
          ? appendUnique(fields.series, mapped.series, (s) => name(s.name))
          : mapped.series.map((s) => ({ ...s }))
        break
      case 'explicit':
      case 'abridged':
        next[field] = mapped[field]
        break
      case 'subtitle':
      case 'publisher':
      case 'publishedYear':
      case 'language':
        next[field] = mapped[field]
        break
    }
  }
  return next
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])
const sameSeries = (a: readonly BatchSeries[], b: readonly BatchSeries[]) =>
  a.length === b.length &&
  a.every((s, i) => s.name === b[i]!.name && s.sequence.trim() === b[i]!.sequence.trim())
/** Text fields are sent trimmed, and an emptied field as null (the server's explicit empty). */
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim())

/**
 * The media payload of one item with only the fields that differ from what it was loaded with; null when
 * nothing changed (the item is left out of the request). Known author and series ids ride along, so a
 * rename of neither creates new ones.
 */
export function changedMediaPayload(
  item: LibraryItem,
  edited: BatchBookFields,
): UpdateBookMediaRequest | null {
  const original = batchFieldsOf(item)
  const m = bookMetadataOf(item)
  if (!m) return null
  const metadata: NonNullable<UpdateBookMediaRequest['metadata']> = {}
  if (edited.title.trim() !== original.title.trim()) metadata.title = edited.title.trim()
  for (const field of ['subtitle', 'publisher', 'publishedYear', 'language'] as const) {
    if (edited[field].trim() !== original[field].trim()) metadata[field] = textOrNull(edited[field])
  }
  if (!sameList(edited.authors, original.authors)) {
    metadata.authors = edited.authors.map((name) => {
      const known = m.authors.find((a) => a.name === name)
      return known ? { id: known.id, name } : { name }
    })
  }
  if (!sameList(edited.narrators, original.narrators)) metadata.narrators = [...edited.narrators]
  if (!sameList(edited.genres, original.genres)) metadata.genres = [...edited.genres]
  if (!sameSeries(edited.series, original.series)) {
    metadata.series = edited.series.map((s) => {
      const known = m.series.find((k) => k.name === s.name)
      const sequence = textOrNull(s.sequence)
      return known ? { id: known.id, name: s.name, sequence } : { name: s.name, sequence }
    })
  }
  if (edited.explicit !== original.explicit) metadata.explicit = edited.explicit
  if (edited.abridged !== original.abridged) metadata.abridged = edited.abridged
  const payload: UpdateBookMediaRequest = {}
  if (Object.keys(metadata).length > 0) payload.metadata = metadata
  if (!sameList(edited.tags, original.tags)) payload.tags = [...edited.tags]
  return Object.keys(payload).length > 0 ? payload : null
}

/** Why the page cannot be saved yet (spec §5 messages), or null. */
export function batchEditProblem(
  edited: readonly BatchBookFields[],
): 'TitleRequired' | 'SeriesSequenceSpaces' | null {
  if (edited.some((f) => f.title.trim() === '')) return 'TitleRequired'
  if (edited.some((f) => f.series.some((s) => /\s/.test(s.sequence.trim())))) return 'SeriesSequenceSpaces'
  return null
}

/** "Name #3" as shown in a chip, and back (the sequence is what follows the last " #"). */
export function seriesLabel(series: BatchSeries): string {
  return series.sequence.trim() ? `${series.name} #${series.sequence.trim()}` : series.name
}

export function parseSeriesLabel(label: string): BatchSeries {
  const at = label.lastIndexOf(' #')
  if (at <= 0) return { name: label.trim(), sequence: '' }
  return { name: label.slice(0, at).trim(), sequence: label.slice(at + 2).trim() }
}
