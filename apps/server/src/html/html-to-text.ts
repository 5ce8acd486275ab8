import { cleanText, TEXT_LIMITS } from '../scanner/text.ts'

/** Plain texts longer than this are cut: a description is not a book. */
const MAX_DESCRIPTION = TEXT_LIMITS.long

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
 * The plain-text twin of a description (Audiobookshelf's `descriptionPlain`): block ends become line breaks,
 * every tag goes, the common entities are decoded. Input is capped first. Never stored or served as a
 * `description`: a decoded `&lt;script&gt;` is markup again to a client that renders descriptions as HTML.
 */
export function htmlToText(value: string | null | undefined): string | null {
  if (!value) return null
  const text = stripMarkup(value.slice(0, MAX_DESCRIPTION * 4))
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole: string, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return safeCodePoint(parseInt(code.slice(2), 16), whole)
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
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : fallback
}
