/** Limits for text read from tags and metadata files: a huge or binary tag must not bloat a row or an event. */
export const TEXT_LIMITS = { short: 1000, long: 20_000 } as const

// Control characters other than tab/newline, and lone surrogates from badly decoded tags.
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** A tag or metadata value as clean text: control characters dropped, trimmed, capped; '' becomes null. */
export function cleanText(value: unknown, max: number = TEXT_LIMITS.short): string | null {
  if (value === null || value === undefined) return null
  let s: string
  if (typeof value === 'string') s = value
  else if (typeof value === 'number' || typeof value === 'boolean') s = String(value)
  else return null
  s = s.replace(CONTROL, '').trim()
  if (s.length > max) s = s.slice(0, max).trimEnd()
  return s === '' ? null : s
}

/**
 * Characters no real tag value holds: they show a frame read past its end (an ID3 frame whose size lies
 * swallows the next frame's header and audio bytes) or a text decoded with the wrong encoding.
 */
// eslint-disable-next-line no-control-regex
const GARBAGE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/

/**
 * A value read from an audio tag, or null when it is implausible: control or replacement characters inside
 * it (trailing NUL terminators are padding and ignored), or a short field longer than its limit. Callers
 * then fall back to the next source (file or folder name). Long fields (descriptions) are cut instead.
 */
export function tagText(value: unknown, max: number = TEXT_LIMITS.short): string | null {
  if (typeof value !== 'string') return cleanText(value, max)
  const text = value.replace(/\0+$/, '')
  if (GARBAGE.test(text)) return null
  if (max < TEXT_LIMITS.long && text.trim().length > max) return null
  return cleanText(text, max)
}

/** Splits a list-like value ("Fantasy / Sci-Fi; Humour") into clean, unique entries. */
export function splitList(value: string | null | undefined, separators = /\s*[,;/]\s*/): string[] {
  if (!value) return []
  const seen = new Set<string>()
  const out: string[] = []
  for (const part of value.split(separators)) {
    const v = cleanText(part)
    if (v && !seen.has(v.toLowerCase())) {
      seen.add(v.toLowerCase())
      out.push(v)
    }
  }
  return out
}

/** Unique non-empty strings, first spelling kept, case-insensitive. */
export function uniqueStrings(values: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of values) {
    const v = cleanText(raw)
    if (v && !seen.has(v.toLowerCase())) {
      seen.add(v.toLowerCase())
      out.push(v)
    }
  }
  return out
}

/** A 4-digit year from a date-like value ("2001", "2001-05-03", "May 2001"), or null. */
export function yearOf(value: string | null | undefined): string | null {
  if (!value) return null
  const m = /\b(\d{4})\b/.exec(value)
  return m?.[1] ?? null
}

/** "Series Name #2" -> {name, sequence}; a bare name has no sequence. */
export function parseSeriesString(
  value: string | null | undefined,
): { name: string; sequence: string | null } | null {
  const v = cleanText(value)
  if (!v) return null
  const m = /^(.*?)\s*#\s*([\w.-]+)\s*$/.exec(v)
  if (m?.[1] && m[2]) return { name: m[1].trim(), sequence: m[2] }
  return { name: v, sequence: null }
}
