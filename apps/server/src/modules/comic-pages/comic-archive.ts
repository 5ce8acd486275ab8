/** What a comic archive reader offers the service, whatever the format (zip or RAR). */

/** The archive cannot be shown (empty, truncated, damaged, encrypted, too large, a zip bomb): answered 422. */
export class UnreadableComic extends Error {}

/** The archive was closed (dropped from the LRU) between its lookup and a page read: opened again, not a 422. */
export class ArchiveClosed extends Error {}

/** One page entry as the archive declares it; `key` finds the entry again in its reader. */
export interface PageEntry {
  name: string
  /** Declared uncompressed bytes. */
  size: number
  mimeType: string
}

export interface ComicArchive {
  /** The page entries in reading order. */
  readonly pages: readonly PageEntry[]
  /** One page's bytes, read and checked against the bounds; rejects with UnreadableComic. */
  read(index: number): Promise<Buffer>
  /** Releases the open file (a page being read finishes first). */
  close(): void
}

/**
 * Bounds on any archive, so a hostile file costs little: entries listed, bytes of one page, and the ratio of a
 * page's declared size to its compressed size (images hardly compress, so a page far above it is a bomb).
 */
export const comicLimits = {
  maxEntries: 10_000,
  maxPageBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  /** Below this a page is never called a bomb, whatever its ratio (a tiny blank PNG compresses well). */
  ratioFloorBytes: 1024 * 1024,
} as const

const mib = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Why a page's declared sizes are refused, or null when they are within the bounds. */
export function pageSizeProblem(name: string, size: number, compressedSize: number): string | null {
  if (size > comicLimits.maxPageBytes)
    return `This comic looks like a zip bomb: page ${name} would unpack to ${mib(size)} (at most ${mib(comicLimits.maxPageBytes)} a page)`
  if (size > comicLimits.ratioFloorBytes && size > Math.max(compressedSize, 1) * comicLimits.maxRatio)
    return `This comic looks like a zip bomb: page ${name} would unpack to ${mib(size)} from ${mib(compressedSize)}`
  return null
}

export const tooManyEntries = () =>
  new UnreadableComic(`This comic has more than ${comicLimits.maxEntries} entries; it is not read`)
export const noPages = () => new UnreadableComic('This comic holds no page images')
