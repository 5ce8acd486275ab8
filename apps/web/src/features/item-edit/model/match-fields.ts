import type { BookMatch, BookMetadataInput, UpdateBookMediaRequest } from '@shelfcast/contracts'

/** What a provider's match can fill in, in the order the match tab lists them. */
export const matchFields = [
  'cover',
  'title',
  'subtitle',
  'authors',
  'narrators',
  'description',
  'publisher',
  'publishedYear',
  'series',
  'genres',
  'tags',
  'language',
  'isbn',
  'asin',
] as const
export type MatchField = (typeof matchFields)[number]

/** Providers send several people and tags as one comma-separated string. */
export function splitNames(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
}

/** A field's value in the match as text to show, or null when the match has none (nothing to offer). */
export function matchValueText(match: BookMatch, field: MatchField): string | null {
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)
  const list = (values: string[]) => (values.length > 0 ? values.join(', ') : null)
  switch (field) {
    case 'authors':
      return list(splitNames(match.author))
    case 'narrators':
      return list(splitNames(match.narrator))
    case 'series':
      return list(match.series.map((s) => (s.sequence ? `${s.series} #${s.sequence}` : s.series)))
    case 'genres':
      return list(match.genres)
    case 'tags':
      return list(splitNames(match.tags))
    default:
      return text(match[field])
  }
}

/** The fields the match has a value for: the ones offered, and ticked at first. */
export function offeredFields(match: BookMatch): MatchField[] {
  return matchFields.filter((field) => matchValueText(match, field) !== null)
}

/**
 * What applying the ticked fields sends: the PATCH body (null when only the cover was ticked) and the
 * cover URL to set through POST /api/items/:id/cover (null when not ticked).
 */
export function matchUpdate(
  match: BookMatch,
  ticked: ReadonlySet<MatchField>,
): { body: UpdateBookMediaRequest | null; coverUrl: string | null } {
  const metadata: BookMetadataInput = {}
  const applies = (field: MatchField) => ticked.has(field) && matchValueText(match, field) !== null
  if (applies('title')) metadata.title = match.title.trim()
  for (const field of [
    'subtitle',
    'description',
    'publisher',
    'publishedYear',
    'language',
    'isbn',
    'asin',
  ] as const) {
    if (applies(field)) metadata[field] = match[field]!.trim()
  }
  if (applies('authors')) metadata.authors = splitNames(match.author).map((name) => ({ name }))
  if (applies('narrators')) metadata.narrators = splitNames(match.narrator)
  if (applies('series')) {
    metadata.series = match.series.map((s) => ({
      name: s.series.trim(),
      sequence: s.sequence?.trim() || null,
    }))
  }
  if (applies('genres')) metadata.genres = match.genres
  const body: UpdateBookMediaRequest = {}
  if (Object.keys(metadata).length > 0) body.metadata = metadata
  if (applies('tags')) body.tags = splitNames(match.tags)
  return {
    body: Object.keys(body).length > 0 ? body : null,
    coverUrl: applies('cover') ? match.cover!.trim() : null,
  }
}
