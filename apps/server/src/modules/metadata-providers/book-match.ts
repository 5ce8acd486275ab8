import type { BookMatch, BookMatchSeries } from '@shelfcast/contracts'
import { cleanText, TEXT_LIMITS, uniqueStrings } from '../../scanner/text.ts'

/** Descriptions longer than this are cut: a provider page is not a book. */
const MAX_DESCRIPTION = TEXT_LIMITS.long
const MAX_LIST = 50
/** More hits than anyone picks from; a provider answering thousands must not flood the client. */
const MAX_MATCHES = 50

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const LONGEST_TAG = 2000
/** Closing tags that end a block of text, and <br>: each becomes a line break. */
const LINE_BREAKS = new Set(['br', '/p', '/div', '/li', '/h1', '/h2', '/h3', '/h4', '/h5', '/h6'])
/** Elements whose body is code, not text. */
const CODE_ELEMENTS = new Set(['script', 'style'])

/**
 * Markup removed in one linear pass (provider text is untrusted: a regex over "<<<<..." would backtrack for
 * seconds). A '<' followed by a letter, '/', '!' or '?' up to the next '>' is a tag; script and style bodies go
 * with their tags; every other character is kept.
 */
function stripMarkup(input: string): string {
  const lower = input.toLowerCase()
  const n = input.length
  // nextGt[i]: the first '>' at or after i, found backwards once so no search ever rescans the text.
  const nextGt = new Int32Array(n + 1)
  nextGt[n] = -1
  for (let i = n - 1; i >= 0; i--) nextGt[i] = input.charCodeAt(i) === 62 ? i : (nextGt[i + 1] ?? -1)
  const nextClose = new Map<string, number>()
  const parts: string[] = []
  let i = 0
  while (i < n) {
    const lt = input.indexOf('<', i)
    if (lt === -1) {
      parts.push(input.slice(i))
      break
    }
    parts.push(input.slice(i, lt))
    const gt = nextGt[lt + 1] ?? -1
    if (gt === -1 || gt - lt > LONGEST_TAG || !/[a-z/!?]/i.test(input.charAt(lt + 1))) {
      parts.push('<')
      i = lt + 1
      continue
    }
    const name = /^\/?[a-z0-9]+/.exec(lower.slice(lt + 1, Math.min(gt, lt + 12)))?.[0] ?? ''
    i = gt + 1
    if (LINE_BREAKS.has(name)) parts.push('\n')
    if (CODE_ELEMENTS.has(name)) {
      let close = nextClose.get(name)
      // Reused until passed, so many unclosed <script> tags cost one search, not one each.
      if (close === undefined || (close !== -1 && close < i)) {
        close = lower.indexOf(`</${name}`, i)
        nextClose.set(name, close)
      }
      if (close === -1) break
      const end = nextGt[close] ?? -1
      i = end === -1 ? n : end + 1
    }
  }
  return parts.join('')
}

/**
 * Provider descriptions (Audible's publisher summary, Google's description) come as HTML. Metadata is shown
 * as text everywhere (SECURITY rule 4), so markup is reduced to text here: block ends become line breaks,
 * every tag goes, the common entities are decoded. Input is capped first.
 */
export function htmlToText(value: string | null | undefined): string | null {
  if (!value) return null
  const text = stripMarkup(value.slice(0, MAX_DESCRIPTION * 4))
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole: string, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return safeCodePoint(parseInt(code.slice(2), 16), whole)
      if (code.startsWith('#')) return safeCodePoint(parseInt(code.slice(1), 10), whole)
      return ENTITIES[code.toLowerCase()] ?? whole
    })
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
  return cleanText(text, MAX_DESCRIPTION)
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : fallback
}

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
  const duration = typeof raw.duration === 'number' && Number.isFinite(raw.duration) && raw.duration > 0 ? raw.duration : null
  return {
    title,
    subtitle: cleanText(raw.subtitle),
    author: cleanText(raw.author),
    narrator: cleanText(raw.narrator),
    publisher: cleanText(raw.publisher),
    publishedYear: year && /^\d{1,4}$/.test(year) ? year : null,
    description: htmlToText(raw.description),
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
  return raws.slice(0, MAX_MATCHES * 2).flatMap((r) => {
    const m = toBookMatch(r)
    return m ? [m] : []
  }).slice(0, MAX_MATCHES)
}
