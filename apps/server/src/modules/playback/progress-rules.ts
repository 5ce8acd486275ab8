import { FINISHED_REMAINING_SEC, type ProgressUpdate } from '@shelfcast/contracts'
import type { Selectable } from 'kysely'
import type { MediaProgressTable } from '../../db/schema.ts'

export type ProgressRow = Selectable<MediaProgressTable>
/** Progress values to store (the key columns aside). */
export type ProgressValues = Omit<ProgressRow, 'id' | 'user_id' | 'library_item_id' | 'episode_id'>

/**
 * The progress rules in one pure function: position and duration give the progress fraction; an item
 * is finished by its library's rule (fewer than 10 s left by default; or when the caller says so); finishing
 * stamps finishedAt, un-finishing clears it; a position update (audio or reading) brings the item back to Continue
 * Listening / Reading; an item without audio takes its progress from the reader's ebookProgress.
 */
/** When a position counts as finished: a library's markAsFinishedPercentComplete / markAsFinishedTimeRemaining. */
export interface FinishRule {
  percentComplete: number | null
  timeRemainingSec: number
}
export const DEFAULT_FINISH_RULE: FinishRule = {
  percentComplete: null,
  timeRemainingSec: FINISHED_REMAINING_SEC,
}

export function isFinishedAt(currentTime: number, duration: number, rule: FinishRule): boolean {
  if (rule.percentComplete !== null) return (currentTime / duration) * 100 >= rule.percentComplete
  return duration - currentTime < rule.timeRemainingSec
}

export function mergeProgress(
  existing: ProgressRow | null,
  u: ProgressUpdate,
  now: number,
  rule: FinishRule = DEFAULT_FINISH_RULE,
): ProgressValues {
  const duration = u.duration !== undefined && u.duration > 0 ? u.duration : (existing?.duration ?? 0)
  const currentTime =
    u.currentTime !== undefined
      ? duration > 0
        ? Math.min(u.currentTime, duration)
        : u.currentTime
      : (existing?.current_time ?? 0)
  let isFinished = existing?.is_finished === 1
  if (u.isFinished !== undefined) isFinished = u.isFinished
  else if (u.currentTime !== undefined && duration > 0) isFinished = isFinishedAt(currentTime, duration, rule)
  // An ebook-only item (no audio duration) is as far along as its reader says.
  const readFraction = u.ebookProgress ?? null
  let progress =
    u.progress ?? (duration > 0 ? currentTime / duration : (readFraction ?? existing?.progress ?? 0))
  if (isFinished && u.progress === undefined) progress = 1
  progress = Math.min(1, Math.max(0, progress))
  const wasFinished = existing?.is_finished === 1
  let finishedAt: number | null = existing?.finished_at ?? null
  if (u.finishedAt !== undefined) finishedAt = u.finishedAt
  else if (isFinished && !wasFinished) finishedAt = now
  if (!isFinished) finishedAt = null
  const hide =
    u.hideFromContinueListening !== undefined
      ? u.hideFromContinueListening
      : u.currentTime !== undefined || u.ebookLocation !== undefined
        ? false
        : existing?.hide_from_continue_listening === 1
  return {
    duration,
    progress,
    current_time: currentTime,
    is_finished: isFinished ? 1 : 0,
    hide_from_continue_listening: hide ? 1 : 0,
    ebook_location: u.ebookLocation !== undefined ? u.ebookLocation : (existing?.ebook_location ?? null),
    ebook_progress: u.ebookProgress !== undefined ? u.ebookProgress : (existing?.ebook_progress ?? null),
    last_update: now,
    started_at: u.startedAt ?? existing?.started_at ?? now,
    finished_at: finishedAt,
  }
}
