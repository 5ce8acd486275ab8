/**
 * Person names and sort keys: splitting an author string into names ("Last, First" understood),
 * "Last, First" forms for sorting, and titles with their leading article moved to the end.
 */

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv', 'phd', 'ph.d.', 'md', 'm.d.'])

const clean = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Particles that belong to a last name ("Le Guin", "van der Berg"). */
const PARTICLES = new Set([
  'le',
  'la',
  'de',
  'del',
  'della',
  'der',
  'den',
  'di',
  'da',
  'du',
  'des',
  'van',
  'von',
  'st.',
  'ter',
  'ten',
  'al',
  'el',
  'bin',
  'ibn',
])

/** A bare last name ("Tolkien" or "Le Guin" in "Le Guin, Ursula K."): one word, or particles then one word. */
function isBareLastName(chunk: string) {
  const words = chunk.split(' ').filter(Boolean)
  if (words.length === 0) return false
  return words.slice(0, -1).every((w) => PARTICLES.has(w.toLowerCase()))
}

/**
 * Splits comma-separated chunks into names: "Friedman, Milton" is one person, and so is every pair of
 * "Last, First, Last, First"; "Milton Friedman, Rose Friedman" is two.
 */
function namesFromCommaChunks(chunks: string[]): string[] {
  if (chunks.length === 1) return chunks
  const pairs = chunks.length % 2 === 0
  const lastFirst = pairs && chunks.every((c, i) => i % 2 === 1 || isBareLastName(c))
  if (lastFirst) {
    const names: string[] = []
    for (let i = 0; i < chunks.length; i += 2) names.push(`${chunks[i + 1]} ${chunks[i]}`)
    return names
  }
  return chunks
}

/**
 * Author (or narrator) names in a folder name or tag: split on `&`, ` and `, `;` and `,`, with
 * "Last, First" turned into "First Last". Duplicates are dropped, order kept.
 */
export function splitPersonNames(input: string | null | undefined): string[] {
  if (!input) return []
  const text = clean(input)
  if (!text) return []
  const groups = text.split(/\s*(?:&|;|\band\b)\s*/i)
  const names: string[] = []
  for (const group of groups) {
    const chunks = group
      .split(',')
      .map(clean)
      .filter((c) => c.length > 0)
    // A suffix ("King, Jr.") is not a name of its own.
    const merged: string[] = []
    for (const c of chunks) {
      const prev = merged.length - 1
      if (SUFFIXES.has(c.toLowerCase()) && prev >= 0) merged[prev] = `${merged[prev]} ${c}`
      else merged.push(c)
    }
    names.push(...namesFromCommaChunks(merged))
  }
  const seen = new Set<string>()
  return names.filter((n) => {
    const key = n.toLowerCase()
    if (!n || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** "J. R. R. Tolkien" -> "Tolkien, J. R. R."; a single word stays as it is; suffixes stay with the last name. */
export function lastFirst(name: string): string {
  const words = clean(name).split(' ').filter(Boolean)
  if (words.length < 2) return words.join(' ')
  let end = words.length
  const suffix: string[] = []
  while (end > 1 && SUFFIXES.has((words[end - 1] ?? '').toLowerCase().replace(/,$/, ''))) {
    suffix.unshift(words[end - 1] ?? '')
    end--
  }
  if (end < 2) return words.join(' ')
  let start = end - 1
  while (start > 1 && PARTICLES.has((words[start - 1] ?? '').toLowerCase())) start--
  const last = words.slice(start, end).join(' ')
  const first = words.slice(0, start).join(' ')
  return `${[last, ...suffix].join(' ')}, ${first}`
}

/** "Tolkien, J. R. R., Christopher Tolkien" style: every name in last-first form, joined with ", ". */
export const authorNameLF = (names: string[]) => names.map(lastFirst).join(', ')

/**
 * The title with a leading sorting prefix moved to the end: "The Hobbit" -> "Hobbit, The".
 * Prefixes come from the server settings (sortingPrefixes) and match whole words, case-insensitively.
 */
export function titleIgnoringPrefix(title: string, prefixes: readonly string[]): string {
  const t = title.trim()
  const lower = t.toLowerCase()
  for (const raw of prefixes) {
    const p = raw.trim().toLowerCase()
    if (!p) continue
    if (lower.startsWith(`${p} `) && t.length > p.length + 1) {
      return `${t.slice(p.length + 1).trim()}, ${t.slice(0, p.length)}`
    }
  }
  return t
}

/** Numeric value of a series sequence for ordering: "2" -> 2, "2.5" -> 2.5, "1-2" -> 1, "x" -> null. */
export function sequenceSortValue(sequence: string | null | undefined): number | null {
  if (!sequence) return null
  const m = /^\s*(\d+(?:\.\d+)?)/.exec(sequence)
  return m?.[1] === undefined ? null : Number(m[1])
}
