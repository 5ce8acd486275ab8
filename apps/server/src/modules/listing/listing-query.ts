import {
  bookSortKeys,
  enumFilterValues,
  NO_SERIES,
  podcastSortKeys,
  type ItemSortKey,
  type MediaType,
} from '@shelfcast/contracts'
import { badRequest } from '../../http/errors.ts'

/**
 * Audiobookshelf's list query language, parsed into typed values before any SQL is built: a sort key
 * from the allowlist of the library's media type, and at most one filter with a decoded value.
 */

export type ProgressFilter = (typeof enumFilterValues.progress)[number]
export type MissingField = (typeof enumFilterValues.missing)[number]
export type EbookFilter = (typeof enumFilterValues.ebooks)[number]
export type TracksFilter = (typeof enumFilterValues.tracks)[number]

export type ItemFilter =
  | { group: 'authors'; id: string }
  | { group: 'series'; id: string }
  | { group: 'no-series' }
  | { group: 'genres' | 'tags' | 'narrators' | 'publishers' | 'languages'; value: string }
  | { group: 'publishedDecades'; decade: number }
  | { group: 'progress'; value: ProgressFilter }
  | { group: 'missing'; field: MissingField }
  | { group: 'ebooks'; value: EbookFilter }
  | { group: 'tracks'; value: TracksFilter }
  | { group: 'issues' | 'abridged' | 'explicit' | 'feed-open' | 'share-open' }

const MAX_VALUE_LENGTH = 1000
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/
const utf8 = new TextDecoder('utf-8', { fatal: true })

const invalidFilter = (why: string) => badRequest(`Invalid filter: ${why}`)

/** Decodes `encodeURIComponent(base64(utf8))`; anything else is a 400, never an exception. */
export function decodeFilterValue(encoded: string): string {
  let text: string
  try {
    text = decodeURIComponent(encoded)
  } catch {
    throw invalidFilter('bad encoding')
  }
  if (
    text.length === 0 ||
    text.length > MAX_VALUE_LENGTH * 2 ||
    !BASE64.test(text) ||
    text.replace(/=+$/, '').length % 4 === 1
  ) {
    throw invalidFilter('value is not base64')
  }
  let value: string
  try {
    value = utf8.decode(Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64'))
  } catch {
    throw invalidFilter('value is not UTF-8')
  }
  if (value.length === 0 || value.length > MAX_VALUE_LENGTH) throw invalidFilter('empty or too long value')
  return value
}

/** An enumerated value: base64 as clients send it, or the plain word for hand-written URLs. */
function enumValue<T extends string>(raw: string, allowed: readonly T[], group: string): T {
  const isAllowed = (v: string): v is T => (allowed as readonly string[]).includes(v)
  if (isAllowed(raw)) return raw
  let decoded: string | null
  try {
    decoded = decodeFilterValue(raw)
  } catch {
    decoded = null
  }
  if (decoded !== null && isAllowed(decoded)) return decoded
  throw invalidFilter(`unknown ${group} value`)
}

/** Parses `filter`; `all` or nothing means no filter. */
export function parseItemFilter(raw: string | undefined): ItemFilter | null {
  if (raw === undefined || raw === '' || raw === 'all') return null
  const dot = raw.indexOf('.')
  const group = dot < 0 ? raw : raw.slice(0, dot)
  const rest = dot < 0 ? null : raw.slice(dot + 1)
  const needValue = () => {
    if (rest === null || rest === '') throw invalidFilter(`${group} needs a value`)
    return rest
  }
  switch (group) {
    case 'issues':
    case 'abridged':
    case 'explicit':
    case 'feed-open':
    case 'share-open':
      return { group }
    case 'authors':
      return { group, id: decodeFilterValue(needValue()) }
    case 'series': {
      const v = needValue()
      if (v === NO_SERIES) return { group: 'no-series' }
      const id = decodeFilterValue(v)
      return id === NO_SERIES ? { group: 'no-series' } : { group, id }
    }
    case 'genres':
    case 'tags':
    case 'narrators':
    case 'publishers':
    case 'languages':
      return { group, value: decodeFilterValue(needValue()) }
    case 'publishedDecades': {
      const v = needValue()
      const text = /^\d{4}$/.test(v) ? v : decodeFilterValue(v)
      if (!/^\d{4}$/.test(text)) throw invalidFilter('decade must be a year like 1990')
      return { group, decade: Number(text) - (Number(text) % 10) }
    }
    case 'progress':
      return { group, value: enumValue(needValue(), enumFilterValues.progress, group) }
    case 'missing':
      return { group, field: enumValue(needValue(), enumFilterValues.missing, group) }
    case 'ebooks':
      return { group, value: enumValue(needValue(), enumFilterValues.ebooks, group) }
    case 'tracks':
      return { group, value: enumValue(needValue(), enumFilterValues.tracks, group) }
    default:
      throw invalidFilter(`unknown group "${group.slice(0, 40)}"`)
  }
}

/** The sort key, checked against the allowlist of the library's media type (title when absent). */
export function parseItemSort(raw: string | undefined, mediaType: MediaType): ItemSortKey {
  if (raw === undefined || raw === '') return 'media.metadata.title'
  const allowed: readonly string[] = mediaType === 'podcast' ? podcastSortKeys : bookSortKeys
  if (!allowed.includes(raw)) {
    throw badRequest(
      `Invalid sort "${raw.slice(0, 60)}" for a ${mediaType} library; allowed: ${allowed.join(', ')}`,
    )
  }
  return raw as ItemSortKey
}

/** `limit` 0 ("all") and oversize limits become the biggest page; no limit means the fallback. */
export function effectiveLimit(limit: number | undefined, max: number, fallback: number): number {
  if (limit === undefined) return fallback
  if (limit === 0 || limit > max) return max
  return limit
}
