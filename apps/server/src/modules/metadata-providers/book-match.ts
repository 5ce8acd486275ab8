import type { BookMatch, BookMatchSeries } from '@shelfcast/contracts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { cleanText, TEXT_LIMITS, uniqueStrings } from '../../scanner/text.ts'

const MAX_LIST = 50
/** More hits than anyone picks from; a provider answering thousands must not flood the client. */
const MAX_MATCHES = 50

/** An http(s) URL from a provider (cover, feed, page), or null: other schemes are never passed on to clients. */
export function httpUrl(value: string | null | undefined): string | null {
  const text = cleanText(value, 4096)
  if (!text) return null
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Names as Audiobookshelf's match shape carries them: one comma-separated string, or null. */
export function joinNames(names: Iterable<string | null | undefined>): string | null {
  const list = uniqueStrings(names)
  return list.length > 0 ? list.join(', ') : null
}

/** A series sequence as item edits accept it: no spaces ("Book 2" stays "Book2" rather than being refused). */
export function cleanSequence(value: unknown): string | null {
  const text = cleanText(typeof value === 'number' ? String(value) : value, 50)
  return text ? text.replace(/\s+/g, '') : null
}

export interface RawBookMatch {
  title?: string | null
  subtitle?: string | null
  author?: string | null
  narrator?: string | null
  publisher?: string | null
  publishedYear?: string | number | null
  description?: string | null
  cover?: string | null
  isbn?: string | null
  asin?: string | null
  genres?: readonly (string | null | undefined)[] | null
  tags?: readonly (string | null | undefined)[] | null
  series?: readonly { series?: string | null; sequence?: string | number | null }[] | null
  language?: string | null
  duration?: number | null
}

/** One provider hit in the match shape, every field cleaned and bounded; null without a title. */
export function toBookMatch(raw: RawBookMatch): BookMatch | null {
  const title = cleanText(raw.title)
  if (!title) return null
  const year = cleanText(raw.publishedYear)
  const seen = new Set<string>()
  const series: BookMatchSeries[] = []
  for (const s of raw.series ?? []) {
    const name = cleanText(s.series, 500)
    if (!name || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    series.push({ series: name, sequence: cleanSequence(s.sequence) })
  }
  const tags = uniqueStrings(raw.tags ?? []).slice(0, MAX_LIST)
  const duration =
    typeof raw.duration === 'number' && Number.isFinite(raw.duration) && raw.duration > 0
      ? raw.duration
      : null
  return {
    title,
    subtitle: cleanText(raw.subtitle),
    author: cleanText(raw.author),
    narrator: cleanText(raw.narrator),
    publisher: cleanText(raw.publisher),
    publishedYear: year && /^\d{1,4}$/.test(year) ? year : null,
    description: sanitizeDescription(cleanText(raw.description, TEXT_LIMITS.long)),
    cover: httpUrl(raw.cover),
    isbn: cleanText(raw.isbn, 50),
    asin: cleanText(raw.asin, 50),
    genres: uniqueStrings(raw.genres ?? []).slice(0, MAX_LIST),
    tags: tags.length > 0 ? tags.join(', ') : null,
    series: series.slice(0, MAX_LIST),
    language: cleanText(raw.language, 100),
    duration,
  }
}

/** Hits with a title, in the provider's order, at most MAX_MATCHES. */
export function toBookMatches(raws: readonly RawBookMatch[]): BookMatch[] {
  return raws
    .slice(0, MAX_MATCHES * 2)
    .flatMap((r) => {
      const m = toBookMatch(r)
      return m ? [m] : []
    })
    .slice(0, MAX_MATCHES)
}
