/** What a `Range` request header asks of a file of `size` bytes (RFC 9110 §14). */
export type ByteRange =
  { type: 'full' } | { type: 'partial'; start: number; end: number } | { type: 'unsatisfiable' }

const DIGITS = /^\d+$/

/**
 * Parses a single byte range. Anything that is not one well-formed `bytes=` range (another unit, several
 * ranges, bad syntax) is ignored, as the RFC allows: the whole file is sent.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { type: 'full' }
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(header)
  if (!m?.[1]) return { type: 'full' }
  const spec = m[1].trim()
  if (spec.includes(',')) return { type: 'full' }
  const dash = spec.indexOf('-')
  if (dash < 0) return { type: 'full' }
  const first = spec.slice(0, dash).trim()
  const last = spec.slice(dash + 1).trim()
  if (first === '') {
    // Suffix range: the last N bytes.
    if (!DIGITS.test(last)) return { type: 'full' }
    const n = Number(last)
    if (n === 0 || size === 0) return { type: 'unsatisfiable' }
    return { type: 'partial', start: Math.max(0, size - n), end: size - 1 }
  }
  if (!DIGITS.test(first) || (last !== '' && !DIGITS.test(last))) return { type: 'full' }
  const start = Number(first)
  const end = last === '' ? size - 1 : Number(last)
  if (last !== '' && end < start) return { type: 'full' }
  if (start >= size) return { type: 'unsatisfiable' }
  return { type: 'partial', start, end: Math.min(end, size - 1) }
}
