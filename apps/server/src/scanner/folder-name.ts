import { splitPersonNames } from './names.ts'

/** What a book's folder path says about it: `Author/Series/Title` or `Author/Title` (last three parts only). */
export interface FolderMetadata {
  title: string
  subtitle: string | null
  authors: string[]
  narrators: string[]
  series: { name: string; sequence: string | null } | null
  publishedYear: string | null
  asin: string | null
}

/** `Title [B0XXXXXXXX]`: an Audible ASIN (10 upper-case letters/digits) in square brackets at the end. */
function takeAsin(folder: string): [string, string | null] {
  const m = /^(.*?)\s*\[([A-Z0-9]{10})\]\s*$/.exec(folder)
  return m?.[1] !== undefined && m[2] !== undefined ? [m[1], m[2]] : [folder, null]
}

/** `Title {Narrator One, Narrator Two}` at the end. */
function takeNarrators(folder: string): [string, string[]] {
  const m = /^(.*?)\s*\{([^{}]*)\}\s*$/.exec(folder)
  return m?.[1] !== undefined && m[2] !== undefined ? [m[1], splitPersonNames(m[2])] : [folder, []]
}

/**
 * A sequence at the start of one ` - ` part: `Book 2 - T`, `Vol. 3 T`, `Volume 3 - T`, `6. T`, `0.5 - T`, `2`.
 * A bare number followed by words without a label or dot is part of the title (`101 Dalmatians`).
 */
const SEQUENCE =
  /^(?<label>vol\.?\s*|volume\s+|book\s+|part\s+)?(?<seq>\d{1,3}(?:\.\d{1,2})?)(?<dot>\.?)(?:\s+(?<rest>.*))?$/i

function takeSequence(folder: string): [string, string | null] {
  const parts = folder.split(' - ')
  for (let i = 0; i < parts.length; i++) {
    const m = SEQUENCE.exec((parts[i] ?? '').trim())
    const g = m?.groups
    if (!g?.seq) continue
    if (g.rest && !g.label && !g.dot) continue
    const sequence = String(Number(g.seq))
    if (g.rest) parts[i] = g.rest
    else parts.splice(i, 1)
    return [parts.join(' - ').trim(), sequence]
  }
  return [folder, null]
}

/** `1980 - Title` or `(1980) - Title`. */
function takeYear(folder: string): [string, string | null] {
  const m = /^\s*\(?(\d{4})\)?\s*-\s*(.+)$/.exec(folder)
  return m?.[1] !== undefined && m[2] !== undefined ? [m[2], m[1]] : [folder, null]
}

/** `Title - Subtitle`: everything after the first ` - ` is the subtitle. */
function takeSubtitle(folder: string): [string, string | null] {
  const i = folder.indexOf(' - ')
  if (i <= 0) return [folder, null]
  const subtitle = folder.slice(i + 3).trim()
  return [folder.slice(0, i).trim(), subtitle || null]
}

/**
 * Parses the folder path of a book, relative to the library folder, with `/` separators.
 * `dirParts` are the meaningful folders (CD/Disc folders already folded away); for a single file in the
 * root pass its name without extension as the only part.
 */
export function parseBookFolder(
  dirParts: readonly string[],
  { parseSubtitle = true }: { parseSubtitle?: boolean } = {},
): FolderMetadata {
  const meaningful = dirParts.slice(-3)
  let folder = meaningful[meaningful.length - 1] ?? ''
  const seriesName = meaningful.length === 3 ? (meaningful[1] ?? null) : null
  const authorPart = meaningful.length >= 2 ? (meaningful[0] ?? null) : null

  const [afterAsin, asin] = takeAsin(folder.trim())
  const [afterNarrators, narrators] = takeNarrators(afterAsin)
  let sequence: string | null = null
  folder = afterNarrators
  if (seriesName) [folder, sequence] = takeSequence(folder)
  const [afterYear, publishedYear] = takeYear(folder)
  folder = afterYear
  // A year may also come first ("1980 - Book 2 - Title"): look for the sequence again after it.
  if (seriesName && sequence === null) [folder, sequence] = takeSequence(folder)
  // The server setting scannerParseSubtitle decides (Audiobookshelf's default: off, the title keeps " - ").
  const [title, subtitle] = parseSubtitle ? takeSubtitle(folder) : [folder, null]
  folder = title

  return {
    title: folder.trim() || (meaningful[meaningful.length - 1] ?? '').trim(),
    subtitle,
    authors: splitPersonNames(authorPart),
    narrators,
    series: seriesName ? { name: seriesName.trim(), sequence } : null,
    publishedYear,
    asin,
  }
}

/** A `CD 1` / `Disc 2` / `Disk3` folder, folded into its parent. */
export const isDiscFolder = (name: string) => /^(?:cd|dis[ck])\s*\d{1,3}$/i.test(name.trim())

/** The disc number of a disc folder name, or null. */
export function discNumberOfFolder(name: string): number | null {
  const m = /^(?:cd|dis[ck])\s*(\d{1,3})$/i.exec(name.trim())
  return m?.[1] ? Number(m[1]) : null
}
