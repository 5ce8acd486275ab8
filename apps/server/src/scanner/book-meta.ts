import type { Chapter } from '@shelfcast/contracts'

export interface SeriesEntry {
  name: string
  sequence: string | null
}

/** Book metadata as one source tells it; absent fields leave the earlier sources' values alone. */
export interface BookMetaDraft {
  title?: string | null
  subtitle?: string | null
  authors?: string[]
  narrators?: string[]
  series?: SeriesEntry[]
  genres?: string[]
  tags?: string[]
  publishedYear?: string | null
  publishedDate?: string | null
  publisher?: string | null
  description?: string | null
  isbn?: string | null
  asin?: string | null
  language?: string | null
  explicit?: boolean
  abridged?: boolean
  chapters?: Chapter[]
  /** Fields this source explicitly empties ("subtitle": "", "genres": []): an edit that cleared them. */
  clears?: readonly ClearableField[]
}

/** Book fields a metadata file may set to empty on purpose (title always has a value). */
export const CLEARABLE_FIELDS = [
  'subtitle',
  'authors',
  'narrators',
  'series',
  'genres',
  'tags',
  'publishedYear',
  'publishedDate',
  'publisher',
  'description',
  'isbn',
  'asin',
  'language',
] as const
export type ClearableField = (typeof CLEARABLE_FIELDS)[number]

/** The merged result every book gets. */
export interface BookMeta {
  title: string
  subtitle: string | null
  authors: string[]
  narrators: string[]
  series: SeriesEntry[]
  genres: string[]
  tags: string[]
  publishedYear: string | null
  publishedDate: string | null
  publisher: string | null
  description: string | null
  isbn: string | null
  asin: string | null
  language: string | null
  explicit: boolean
  abridged: boolean
  chapters: Chapter[] | null
}

const isSet = (v: unknown) =>
  v !== undefined &&
  v !== null &&
  !(typeof v === 'string' && v.trim() === '') &&
  !(Array.isArray(v) && v.length === 0)

/**
 * Merges drafts in the admin's precedence order: later sources win, field by field; a source that says
 * nothing about a field (absent, null, '' or []) leaves it alone.
 */
export function mergeBookMeta(drafts: readonly BookMetaDraft[], fallbackTitle: string): BookMeta {
  const out: BookMeta = {
    title: fallbackTitle,
    subtitle: null,
    authors: [],
    narrators: [],
    series: [],
    genres: [],
    tags: [],
    publishedYear: null,
    publishedDate: null,
    publisher: null,
    description: null,
    isbn: null,
    asin: null,
    language: null,
    explicit: false,
    abridged: false,
    chapters: null,
  }
  const target = out as unknown as Record<string, unknown>
  const emptyOf = (key: ClearableField) => (Array.isArray(target[key]) ? [] : null)
  for (const draft of drafts) {
    for (const key of draft.clears ?? []) target[key] = emptyOf(key)
    for (const [key, value] of Object.entries(draft)) {
      if (key !== 'clears' && isSet(value)) target[key] = value
    }
  }
  if (!out.publishedYear && out.publishedDate)
    out.publishedYear = /\b(\d{4})\b/.exec(out.publishedDate)?.[1] ?? null
  return out
}
