import { UpdateBookMediaRequest, type BookMatch, type BookMetadata } from '@shelfcast/contracts'

/** Longest single name item edits accept. */
const MAX_NAME = 500

/** Audiobookshelf's match shape joins names with commas; item edits want them one by one. */
export const splitMatchNames = (value: string | null): string[] =>
  value
    ? [
        ...new Set(
          value
            .split(',')
            .map((n) => n.trim().slice(0, MAX_NAME))
            .filter(Boolean),
        ),
      ]
    : []

const isBlank = (v: string | null | undefined) => !v || v.trim() === ''

/**
 * The item edit a quick match makes: each field the match has replaces the item's when overriding, and
 * otherwise only fills what the item lacks (Audiobookshelf's quick match rule). Null when nothing applies.
 */
export function matchToMediaUpdate(
  current: BookMetadata,
  currentTags: readonly string[],
  match: BookMatch,
  override: boolean,
): UpdateBookMediaRequest | null {
  const metadata: NonNullable<UpdateBookMediaRequest['metadata']> = {}
  const take = (has: boolean, missing: boolean) => has && (override || missing)
  const texts = [
    'title',
    'subtitle',
    'publisher',
    'publishedYear',
    'description',
    'isbn',
    'asin',
    'language',
  ] as const
  for (const key of texts) {
    const value = match[key]
    if (value !== null && take(true, isBlank(current[key]))) metadata[key] = value
  }
  const authors = splitMatchNames(match.author)
  if (take(authors.length > 0, current.authors.length === 0))
    metadata.authors = authors.map((name) => ({ name }))
  const narrators = splitMatchNames(match.narrator)
  if (take(narrators.length > 0, current.narrators.length === 0)) metadata.narrators = narrators
  if (take(match.genres.length > 0, current.genres.length === 0))
    metadata.genres = match.genres.map((g) => g.slice(0, MAX_NAME))
  if (take(match.series.length > 0, current.series.length === 0)) {
    metadata.series = match.series.map((s) => ({ name: s.series, sequence: s.sequence }))
  }
  const tags = splitMatchNames(match.tags)
  const request: UpdateBookMediaRequest = {
    ...(Object.keys(metadata).length > 0 && { metadata }),
    ...(take(tags.length > 0, currentTags.length === 0) && { tags }),
  }
  if (!request.metadata && !request.tags) return null
  // The same rules as a hand edit (lengths, series names, sequences): what fails them is left out, not saved.
  const parsed = UpdateBookMediaRequest.safeParse(request)
  return parsed.success ? parsed.data : null
}
