import { chapterIssueMessage, chapterIssues, chaptersWithEnds } from '@shelfcast/contracts'
import type { Chapter, UpdateChaptersRequest } from '@shelfcast/contracts'
import { badRequest } from '../../http/errors.ts'

/**
 * The chapter rules of spec §5 (contracts `rules/chapters.ts`, the same the client's editor applies),
 * enforced by the server too. Answers the chapters to store, numbered from 0, ends from the next start.
 */
export function validateChapters(input: UpdateChaptersRequest['chapters'], durationSec: number): Chapter[] {
  const [first] = chapterIssues(input, durationSec)
  if (first) throw badRequest(chapterIssueMessage(first))
  return chaptersWithEnds(input, durationSec)
}
