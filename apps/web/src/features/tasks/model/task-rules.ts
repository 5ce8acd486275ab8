import type { TFunction } from 'i18next'
import type { Task } from '@shelfcast/contracts'
import { limits } from '@shelfcast/contracts/client'

/**
 * The task widget's rules (spec §2, §4): running tasks show until they finish; finished ones only when
 * they failed, were canceled, or ask to show their success, and only for 60 s after finishing; a new task
 * for the same item and action replaces the older one; cards link to where the work can be followed.
 */

export type TaskStatus = 'running' | 'canceling' | 'failed' | 'canceled' | 'succeeded'

const CANCELED_TEXT = 'canceled by user'

export function isCanceled(task: Task): boolean {
  return (
    task.isFinished &&
    !task.isFailed &&
    (task.errorKey === 'MessageTaskCanceledByUser' || (task.error ?? '').toLowerCase() === CANCELED_TEXT)
  )
}

export function taskStatus(task: Task, canceling: boolean): TaskStatus {
  if (!task.isFinished) return canceling ? 'canceling' : 'running'
  if (task.isFailed) return 'failed'
  if (isCanceled(task)) return 'canceled'
  return 'succeeded'
}

/** Adds or replaces a task (by id), dropping an older task of the same action for the same item. */
export function upsertTask(tasks: readonly Task[], task: Task): Task[] {
  const itemId = task.data.libraryItemId
  const sameWork = (t: Task) => !!itemId && t.action === task.action && t.data.libraryItemId === itemId
  // Replaced in place, so a card does not jump while it reports progress.
  const next = tasks.map((t) => (t.id === task.id ? task : t)).filter((t) => t === task || !sameWork(t))
  return next.includes(task) ? next : [...next, task]
}

/** The tasks the widget shows at `now`. */
export function visibleTasks(
  tasks: readonly Task[],
  now: number,
  windowMs: number = limits.taskWindowMs,
): Task[] {
  return tasks.filter((task) => {
    if (!task.isFinished) return true
    const worthShowing = task.isFailed || isCanceled(task) || task.showSuccess
    return worthShowing && now - (task.finishedAt ?? task.startedAt) <= windowMs
  })
}

/** Whether finished tasks may still drop out of the window (the widget then re-checks every few seconds). */
export const hasFinishedVisible = (tasks: readonly Task[]) => tasks.some((t) => t.isFinished)

/** A success the user has not seen: finished after the menu was last opened. */
export function hasUnseenSuccess(visible: readonly Task[], seenAt: number): boolean {
  return visible.some((task) => taskStatus(task, false) === 'succeeded' && (task.finishedAt ?? 0) > seenAt)
}

/** Where a card leads: the download queue, the M4B / embed tool of the item, or the scanned item. */
export function taskLink(task: Task): string | null {
  const { libraryId, libraryItemId } = task.data
  switch (task.action) {
    case 'download-podcast-episode':
      return libraryId ? `/library/${libraryId}/podcast/download-queue` : null
    case 'encode-m4b':
    case 'split-m4b':
      return libraryItemId ? `/audiobook/${libraryItemId}/manage?tool=m4b` : null
    case 'embed-metadata':
      return libraryItemId ? `/audiobook/${libraryItemId}/manage?tool=embed` : null
    case 'scan-item':
      return libraryItemId ? `/item/${libraryItemId}` : null
    default:
      return null
  }
}

/** Only a running library scan can be canceled, by an admin. */
export function canCancel(task: Task, isAdmin: boolean): boolean {
  return isAdmin && task.action === 'library-scan' && !task.isFinished && !!task.data.libraryId
}

/** i18next options for a key with positional substitutions (`titleSubs` fill {{0}}, {{1}} ...). */
export function positional(subs: readonly string[] | null | undefined): Record<string, string> {
  return Object.fromEntries((subs ?? []).map((value, index) => [String(index), value]))
}

/**
 * A task's title, description or error in the user's language: its locale key filled with its positional
 * substitutions (`text` where the language lacks the key), else the server's own `text`.
 */
export function taskText(
  t: TFunction,
  key: string | null | undefined,
  subs: readonly string[] | null | undefined,
  text: string | null,
): string | null {
  return key ? t(key, { ...positional(subs), defaultValue: text ?? '' }) : text
}
