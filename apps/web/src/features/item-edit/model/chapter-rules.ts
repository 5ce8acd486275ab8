import type { UpdateChaptersRequest } from '@shelfcast/contracts'
import { chaptersWithEnds, validBulkCount } from '@shelfcast/contracts/client'

/** A row of the chapter editor. Times are seconds. */
export interface ChapterRow {
  id: number
  start: number
  title: string
  /** Locked rows keep their time and title: shifts pass them by, edits are refused. */
  locked: boolean
}

/** The list rules and the bulk bounds are the server's own (contracts `rules/chapters.ts`). */
export {
  BULK_CHAPTERS_MAX,
  BULK_CHAPTERS_MIN,
  chapterIssues,
  validBulkCount,
} from '@shelfcast/contracts/client'
export type { ChapterIssue, ChapterIssueKind } from '@shelfcast/contracts'

/** The body of POST /api/items/:id/chapters: a chapter ends where the next starts, the last at the duration. */
export function chaptersPayload(rows: readonly ChapterRow[], duration: number): UpdateChaptersRequest {
  return { chapters: chaptersWithEnds(rows, duration) }
}

/** Rows for the chapters the item has (none locked). */
export function rowsFromChapters(chapters: readonly { start: number; title: string }[]): ChapterRow[] {
  return chapters.map((chapter, index) => ({
    id: index,
    start: chapter.start,
    title: chapter.title,
    locked: false,
  }))
}

/** Whether the rows differ from the saved chapters in anything that is sent. */
export function chaptersChanged(
  rows: readonly ChapterRow[],
  saved: readonly { start: number; title: string }[],
): boolean {
  return (
    rows.length !== saved.length ||
    rows.some((row, i) => row.start !== saved[i]!.start || row.title.trim() !== saved[i]!.title)
  )
}

const nextId = (rows: readonly ChapterRow[]) => rows.reduce((max, row) => Math.max(max, row.id), -1) + 1
/** Times are kept to the millisecond: sums of float seconds otherwise drift. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000

/** A new untitled row below `index`, halfway to the next start (or the end). */
export function addChapterBelow(rows: readonly ChapterRow[], index: number, duration: number): ChapterRow[] {
  const here = rows[index]
  const start = here ? ms(here.start + ((rows[index + 1]?.start ?? duration) - here.start) / 2) : 0
  const next = rows.slice()
  next.splice(index + 1, 0, { id: nextId(rows), start, title: '', locked: false })
  return next
}

export function removeChapter(rows: readonly ChapterRow[], index: number): ChapterRow[] {
  return rows.filter((_, i) => i !== index)
}

export type ShiftResult =
  | { ok: true; rows: ChapterRow[] }
  | { ok: false; reason: 'allLocked' | 'pastDuration' | 'firstChapterEmpty' | 'outOfOrder' | 'noAmount' }

/**
 * Moves every unlocked chapter but the first (which always starts at 0) by `amount` seconds. Refused when
 * everything is locked, when the last chapter would start past the end, when the first chapter would
 * become zero or negative in length, or when a moved chapter would pass a locked neighbour.
 */
export function shiftChapters(rows: readonly ChapterRow[], amount: number, duration: number): ShiftResult {
  if (!Number.isFinite(amount) || amount === 0) return { ok: false, reason: 'noAmount' }
  if (rows.length === 0 || rows.every((row) => row.locked)) return { ok: false, reason: 'allLocked' }
  const moves = (row: ChapterRow, index: number) => index > 0 && !row.locked
  // Only the first row unlocked: it never moves, so there is nothing to shift either.
  if (!rows.some(moves)) return { ok: false, reason: 'allLocked' }
  const shifted = rows.map((row, index) =>
    moves(row, index) ? { ...row, start: ms(row.start + amount) } : { ...row },
  )
  const last = shifted[shifted.length - 1]!
  if (moves(rows[rows.length - 1]!, rows.length - 1) && last.start >= duration)
    return { ok: false, reason: 'pastDuration' }
  const second = shifted[1]
  if (second && moves(rows[1]!, 1) && second.start <= 0) return { ok: false, reason: 'firstChapterEmpty' }
  if (shifted.some((row, i) => i > 0 && row.start < shifted[i - 1]!.start))
    return { ok: false, reason: 'outOfOrder' }
  return { ok: true, rows: shifted }
}

/**
 * Appends `count` chapters spread evenly over the time after the last one (over the whole book when
 * there are none). Titles continue the number ending the last title ("Chapter 3" -> "Chapter 4"), else
 * count from the row number with `label` ("Chapter").
 */
export function bulkAddChapters(
  rows: readonly ChapterRow[],
  count: number,
  duration: number,
  label: string,
): ChapterRow[] {
  if (!validBulkCount(count)) return rows.slice()
  const last = rows[rows.length - 1]
  const from = last ? last.start : 0
  const slots = last ? count + 1 : count
  const step = (duration - from) / slots
  const numbered = last ? /^(.*?)(\d+)\s*$/.exec(last.title) : null
  const prefix = numbered ? numbered[1]! : `${label} `
  const firstNumber = numbered ? Number(numbered[2]) + 1 : rows.length + 1
  let id = nextId(rows)
  const added: ChapterRow[] = []
  for (let i = 0; i < count; i++) {
    added.push({
      id: id++,
      start: ms(from + step * (last ? i + 1 : i)),
      title: `${prefix}${firstNumber + i}`,
      locked: false,
    })
  }
  return [...rows, ...added]
}

export interface TrackFile {
  filename: string
  duration: number
  exclude?: boolean
}

/** One chapter per audio file in play order: starts add up the durations, titles are the file names without extension. */
export function chaptersFromTracks(files: readonly TrackFile[]): ChapterRow[] {
  let start = 0
  return files
    .filter((file) => !file.exclude)
    .map((file, index) => {
      const row: ChapterRow = {
        id: index,
        start: ms(start),
        title: file.filename.replace(/\.[^.]+$/, ''),
        locked: false,
      }
      start += file.duration
      return row
    })
}

/** "h:mm:ss", "mm:ss" or seconds, with optional decimals; null when not a time. */
export function parseTimestamp(text: string): number | null {
  const parts = text.trim().split(':')
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null
  if (parts.slice(0, -1).some((p) => p.includes('.'))) return null
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0)
  return Number.isFinite(seconds) ? ms(seconds) : null
}

/** "hh:mm:ss", with the milliseconds when there are any ("00:01:02.5"). */
export function formatTimestamp(seconds: number): string {
  const whole = Math.floor(seconds)
  const fraction = ms(seconds - whole)
  const pad = (n: number) => String(n).padStart(2, '0')
  const base = `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`
  return fraction > 0 ? `${base}${String(fraction).slice(1)}` : base
}
