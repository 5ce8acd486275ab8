import type { Book, BookMetadataInput, MessageKey, UpdateBookMediaRequest } from '@shelfcast/contracts'

export interface PersonValue {
  id?: string
  name: string
}

export interface SeriesValue {
  id?: string
  name: string
  sequence: string
}

/** The details tab's fields as edited: text fields as strings ('' for none). */
export interface DetailsForm {
  title: string
  subtitle: string
  authors: PersonValue[]
  narrators: string[]
  series: SeriesValue[]
  genres: string[]
  tags: string[]
  publishedYear: string
  publisher: string
  description: string
  isbn: string
  asin: string
  language: string
  explicit: boolean
  abridged: boolean
}

/** Plain text fields: sent trimmed, or null when emptied (explicit empties win on the server). */
const textFields = [
  'subtitle',
  'publishedYear',
  'publisher',
  'description',
  'isbn',
  'asin',
  'language',
] as const

export function formFromBook(book: Pick<Book, 'metadata' | 'tags'>): DetailsForm {
  const m = book.metadata
  return {
    title: m.title ?? '',
    subtitle: m.subtitle ?? '',
    authors: m.authors.map((a) => ({ id: a.id, name: a.name })),
    narrators: [...m.narrators],
    series: m.series.map((s) => ({ id: s.id, name: s.name, sequence: s.sequence ?? '' })),
    genres: [...m.genres],
    tags: [...book.tags],
    publishedYear: m.publishedYear ?? '',
    publisher: m.publisher ?? '',
    description: m.description ?? '',
    isbn: m.isbn ?? '',
    asin: m.asin ?? '',
    language: m.language ?? '',
    explicit: m.explicit,
    abridged: m.abridged,
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])
const cleanList = (list: readonly string[]) => list.map((v) => v.trim()).filter(Boolean)

/**
 * The PATCH body holding only what changed between the form as loaded and as edited, or null when nothing
 * did (then no request is made). Lists are sent whole when any entry changed.
 */
export function detailsChanges(initial: DetailsForm, current: DetailsForm): UpdateBookMediaRequest | null {
  const metadata: BookMetadataInput = {}
  if (current.title.trim() !== initial.title.trim()) metadata.title = current.title.trim()
  for (const field of textFields) {
    const value = current[field].trim()
    if (value !== initial[field].trim()) metadata[field] = value || null
  }
  const authorNames = (list: readonly PersonValue[]) => cleanList(list.map((a) => a.name))
  if (!sameList(authorNames(current.authors), authorNames(initial.authors))) {
    metadata.authors = current.authors
      .filter((a) => a.name.trim())
      .map((a) => (a.id ? { id: a.id, name: a.name.trim() } : { name: a.name.trim() }))
  }
  const seriesKeys = (list: readonly SeriesValue[]) =>
    list.filter((s) => s.name.trim()).map((s) => `${s.name.trim()}\u0000${s.sequence.trim()}`)
  if (!sameList(seriesKeys(current.series), seriesKeys(initial.series))) {
    metadata.series = current.series
      .filter((s) => s.name.trim())
      .map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        name: s.name.trim(),
        sequence: s.sequence.trim() || null,
      }))
  }
  if (!sameList(cleanList(current.narrators), cleanList(initial.narrators)))
    metadata.narrators = cleanList(current.narrators)
  if (!sameList(cleanList(current.genres), cleanList(initial.genres)))
    metadata.genres = cleanList(current.genres)
  if (current.explicit !== initial.explicit) metadata.explicit = current.explicit
  if (current.abridged !== initial.abridged) metadata.abridged = current.abridged

  const body: UpdateBookMediaRequest = {}
  if (Object.keys(metadata).length > 0) body.metadata = metadata
  if (!sameList(cleanList(current.tags), cleanList(initial.tags))) body.tags = cleanList(current.tags)
  return Object.keys(body).length > 0 ? body : null
}

/** The spec's messages (§5, contracts `messages`) the form refuses to send, first problem first; null when it may be saved. */
export type DetailsProblem = Extract<MessageKey, 'titleRequired' | 'seriesSequenceSpaces' | 'seriesDuplicate'>

export function detailsProblem(form: DetailsForm): DetailsProblem | null {
  if (!form.title.trim()) return 'titleRequired'
  const named = form.series.filter((s) => s.name.trim())
  if (named.some((s) => /\s/.test(s.sequence.trim()))) return 'seriesSequenceSpaces'
  const names = named.map((s) => s.name.trim().toLowerCase())
  if (new Set(names).size !== names.length) return 'seriesDuplicate'
  return null
}
