import type { Chapter, UpdateChaptersRequest } from '@shelfcast/contracts'
import { badRequest } from '../../http/errors.ts'

/**
 * The chapter rules of spec §5, enforced by the server too: the first starts at 0, every start is below
 * the duration and not before the previous one, titles are required. Ends follow from the next start;
 * the last chapter ends at the duration. Answers the chapters to store, numbered from 0.
 */
export function validateChapters(input: UpdateChaptersRequest['chapters'], durationSec: number): Chapter[] {
  const titled = input.map((c) => ({ start: c.start, title: c.title.trim() }))
  titled.forEach((c, i) => {
    if (!c.title) throw badRequest(`Chapter ${i + 1}: a title is required`)
    if (i === 0 && c.start !== 0) throw badRequest('The first chapter must start at 0')
    if (durationSec > 0 && c.start >= durationSec)
      throw badRequest(`Chapter ${i + 1} starts after the end of the book`)
    const prev = titled[i - 1]
    if (prev && c.start < prev.start) throw badRequest(`Chapter ${i + 1} starts before the chapter above it`)
  })
  return titled.map((c, i) => ({
    id: i,
    start: c.start,
    end: titled[i + 1]?.start ?? durationSec,
    title: c.title,
  }))
}
