/*
 * The chapter rules of spec §5, one function for the server (POST /api/items/:id/chapters) and the
 * client's chapter editor: the first chapter starts at 0, every start is below the duration and not
 * before the previous one, every title is given. A chapter ends where the next starts, the last at the
 * duration, so "start < end, in order, inside the duration" all follow.
 *
 * A duration of 0 (an item whose length is unknown: no audio, or a probe that failed) takes no chapters:
 * no start is below it, and every chapter would end at 0. The server used to skip the duration check then
 * and store chapters that end before they start; both sides now refuse them alike.
 */

import { limits } from '../limits.ts'

/** Spec §5 / §9: the bulk add takes 1 to 150 chapters. */
export const BULK_CHAPTERS_MIN = limits.bulkChaptersMin
export const BULK_CHAPTERS_MAX = limits.bulkChaptersMax

export type ChapterIssueKind =
  'firstNotZero' | 'startBeyondDuration' | 'startBeforePrevious' | 'titleRequired'

export interface ChapterIssue {
  /** The row, from 0. */
  index: number
  kind: ChapterIssueKind
}

interface ChapterInput {
  start: number
  title: string
}

/** Every broken rule, row by row, in row order. */
export function chapterIssues(chapters: readonly ChapterInput[], duration: number): ChapterIssue[] {
  const issues: ChapterIssue[] = []
  chapters.forEach((chapter, index) => {
    if (index === 0 && chapter.start !== 0) issues.push({ index, kind: 'firstNotZero' })
    if (!(chapter.start < duration)) issues.push({ index, kind: 'startBeyondDuration' })
    const previous = chapters[index - 1]
    if (previous && chapter.start < previous.start) issues.push({ index, kind: 'startBeforePrevious' })
    if (!chapter.title.trim()) issues.push({ index, kind: 'titleRequired' })
  })
  return issues
}

/** The server's 400 text for an issue. */
export function chapterIssueMessage(issue: ChapterIssue): string {
  const chapter = `Chapter ${issue.index + 1}`
  switch (issue.kind) {
    case 'firstNotZero':
      return 'The first chapter must start at 0'
    case 'startBeyondDuration':
      return `${chapter} starts after the end of the book`
    case 'startBeforePrevious':
      return `${chapter} starts before the chapter above it`
    case 'titleRequired':
      return `${chapter}: a title is required`
  }
}

/** The chapters to store: trimmed titles, numbered from 0, each ending where the next starts. */
export function chaptersWithEnds(
  chapters: readonly ChapterInput[],
  duration: number,
): { id: number; start: number; end: number; title: string }[] {
  return chapters.map((chapter, index) => ({
    id: index,
    start: chapter.start,
    end: chapters[index + 1]?.start ?? duration,
    title: chapter.title.trim(),
  }))
}

/** Whether `count` is an allowed number of chapters to add at once. */
export function validBulkCount(count: number): boolean {
  return Number.isInteger(count) && count >= BULK_CHAPTERS_MIN && count <= BULK_CHAPTERS_MAX
}
