import type { OpenPlaybackSession } from '@shelfcast/contracts'

/** Spec §3 queue item. */
export interface QueueItem {
  libraryItemId: string
  episodeId: string | null
  title: string
  subtitle: string | null
  caption: string | null
  duration: number | null
  coverPath: string | null
  libraryId: string
}

/** What identifies a queue entry: the item, and the episode when there is one. */
export type QueueKey = Pick<QueueItem, 'libraryItemId' | 'episodeId'>

/** Spec §4: two entries are the same when item and episode (if present) match. */
export function sameQueueItem(a: QueueKey, b: QueueKey): boolean {
  return a.libraryItemId === b.libraryItemId && (a.episodeId ?? null) === (b.episodeId ?? null)
}

export function isQueued(queue: readonly QueueItem[], key: QueueKey): boolean {
  return queue.some((q) => sameQueueItem(q, key))
}

/** Adding ignores duplicates; the queue is returned unchanged (same array) then. */
export function withQueued(queue: readonly QueueItem[], item: QueueItem): readonly QueueItem[] {
  return isQueued(queue, item) ? queue : [...queue, item]
}

/** Removing matches the way adding does. */
export function withoutQueued(queue: readonly QueueItem[], key: QueueKey): readonly QueueItem[] {
  return isQueued(queue, key) ? queue.filter((q) => !sameQueueItem(q, key)) : queue
}

/**
 * The queue once `played` starts: kept when it already holds the played entry (playing from the queue
 * walks it), otherwise it becomes that one entry.
 */
export function queueForPlay(queue: readonly QueueItem[], played: QueueItem): readonly QueueItem[] {
  return isQueued(queue, played) ? queue : [played]
}

/** The entry after `current`, or null when current is last or not queued. */
export function nextQueued(queue: readonly QueueItem[], current: QueueKey): QueueItem | null {
  const index = queue.findIndex((q) => sameQueueItem(q, current))
  return index >= 0 ? (queue[index + 1] ?? null) : null
}

/** A queue entry for what a session plays, when the starter gave none (cards, hotkeys, autoplay). */
export function queueItemFromSession(session: OpenPlaybackSession): QueueItem {
  return {
    libraryItemId: session.libraryItemId,
    episodeId: session.episodeId,
    // For an episode the session's display title is the episode's, its author the podcast's.
    title: session.displayTitle,
    subtitle: session.displayAuthor || null,
    caption: null,
    duration: session.duration > 0 ? session.duration : null,
    coverPath: session.coverPath,
    libraryId: session.libraryId,
  }
}
