import type { AudibleChapters } from '@shelfcast/contracts'
import type { ChapterRow } from './chapter-rules.ts'

/** Chapters found on Audnexus (GET /api/search/chapters), without the `{error}` answer. */
export type FoundChapters = AudibleChapters

/** A found runtime this close to the book's duration (seconds) is the same recording; further off, the dialog warns. */
export const RUNTIME_TOLERANCE_SECONDS = 5

/** Audnexus answers `{error: 'Chapters not found'}` with a 200 for an ASIN it does not know. */
export function isLookupError(answer: FoundChapters | { error: string }): answer is { error: string } {
  return 'error' in answer
}

const ms = (millis: number) => Math.round(millis) / 1000

/** Audible's intro and outro ("This is Audible"), in seconds; absent values are 0. */
export function brandingSeconds(found: FoundChapters): { intro: number; outro: number } {
  return {
    intro: Math.max(0, ms(found.brandIntroDurationMs ?? 0)),
    outro: Math.max(0, ms(found.brandOutroDurationMs ?? 0)),
  }
}

/** The found book's length in seconds: the runtime Audnexus gives, else where the last chapter ends. */
export function foundRuntime(found: FoundChapters, removeBranding: boolean): number {
  const last = found.chapters[found.chapters.length - 1]
  const runtime =
    found.runtimeLengthMs != null
      ? ms(found.runtimeLengthMs)
      : found.runtimeLengthSec != null
        ? found.runtimeLengthSec
        : last
          ? ms(last.startOffsetMs + last.lengthMs)
          : 0
  if (!removeBranding) return runtime
  const { intro, outro } = brandingSeconds(found)
  return Math.max(0, Math.round((runtime - intro - outro) * 1000) / 1000)
}

/** Found runtime minus the book's duration, in seconds (positive: Audible's recording is longer). */
export function runtimeDifference(found: FoundChapters, duration: number, removeBranding: boolean): number {
  return Math.round((foundRuntime(found, removeBranding) - duration) * 1000) / 1000
}

export const runtimesDiffer = (difference: number) => Math.abs(difference) > RUNTIME_TOLERANCE_SECONDS

export interface ApplyLookupOptions {
  /** The book's duration in seconds: chapters starting at or after it are dropped. */
  duration: number
  /** Files without Audible's intro/outro: every start but the first moves back by the intro. */
  removeBranding: boolean
  /** Keep the editor's titles row by row (found titles where the editor has fewer rows or a blank title). */
  keepTitles: boolean
  current: readonly ChapterRow[]
}

/**
 * The editor's rows for found chapters: the first at 0, starts in seconds (less the intro when branding is
 * removed), none at or past the book's end and none at or before the one above (an intro longer than a
 * chapter would otherwise stack starts). Nothing is locked; nothing is saved until the editor's Save.
 */
export function rowsFromLookup(found: FoundChapters, options: ApplyLookupOptions): ChapterRow[] {
  const { intro } = brandingSeconds(found)
  const rows: ChapterRow[] = []
  for (const chapter of found.chapters) {
    const raw = ms(chapter.startOffsetMs)
    const start =
      rows.length === 0
        ? 0
        : Math.max(0, options.removeBranding ? ms(chapter.startOffsetMs - intro * 1000) : raw)
    if (start >= options.duration) break
    const previous = rows[rows.length - 1]
    if (previous && start <= previous.start) continue
    const index = rows.length
    const kept = options.keepTitles ? options.current[index]?.title : undefined
    rows.push({ id: index, start, title: kept?.trim() || chapter.title.trim(), locked: false })
  }
  return rows
}

/** One found chapter as the dialog lists it: start and length in seconds, after the branding choice. */
export interface FoundChapterView {
  title: string
  start: number
  length: number
}

/** The found chapters as the dialog shows them (same starts as `rowsFromLookup` gives, untrimmed by duration). */
export function foundChapterViews(found: FoundChapters, removeBranding: boolean): FoundChapterView[] {
  const { intro, outro } = brandingSeconds(found)
  const last = found.chapters.length - 1
  return found.chapters.map((chapter, index) => {
    let start = ms(chapter.startOffsetMs)
    let length = ms(chapter.lengthMs)
    if (removeBranding) {
      if (index === 0) length -= intro
      else start = Math.max(0, start - intro)
      if (index === last) length -= outro
    }
    return { title: chapter.title, start, length: Math.max(0, Math.round(length * 1000) / 1000) }
  })
}
