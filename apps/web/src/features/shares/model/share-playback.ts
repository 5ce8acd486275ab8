import type { Chapter } from '@shelfcast/contracts'

/** A track of the shared book on the book's timeline (seconds). */
export interface TimelineTrack {
  startOffset: number
  duration: number
}

/** Within [0, duration]; anything not a number is 0. */
export function clampTime(time: number, duration: number): number {
  if (!Number.isFinite(time) || time < 0) return 0
  return duration > 0 ? Math.min(time, duration) : time
}

/**
 * The track that plays book time `time`, and the time inside it. The end of the book is the end of the last
 * track; times between tracks (rounding) belong to the later one.
 */
export function trackAt(tracks: readonly TimelineTrack[], time: number): { index: number; offset: number } {
  if (tracks.length === 0) return { index: -1, offset: 0 }
  let index = 0
  for (let i = 0; i < tracks.length; i++) {
    const track = tracks[i]
    if (track && time >= track.startOffset) index = i
  }
  const track = tracks[index] as TimelineTrack
  return { index, offset: Math.min(Math.max(0, time - track.startOffset), track.duration) }
}

/** The index of the chapter playing at `time`, or -1 (no chapters, or before the first). */
export function chapterIndexAt(chapters: readonly Chapter[], time: number): number {
  let found = -1
  chapters.forEach((chapter, i) => {
    if (time >= chapter.start) found = i
  })
  return found
}

/** Seconds into a chapter after which "previous" restarts it instead of going back one. */
export const RESTART_CHAPTER_AFTER = 3

/** Where "previous chapter" goes: this chapter's start a few seconds in, else the one before (or 0). */
export function previousChapterTime(chapters: readonly Chapter[], time: number): number {
  const index = chapterIndexAt(chapters, time)
  const current = chapters[index]
  if (!current) return 0
  if (time - current.start > RESTART_CHAPTER_AFTER) return current.start
  return chapters[index - 1]?.start ?? 0
}

/** Where "next chapter" goes, or null in the last chapter. */
export function nextChapterTime(chapters: readonly Chapter[], time: number): number | null {
  return chapters[chapterIndexAt(chapters, time) + 1]?.start ?? null
}

/**
 * Sends the position at most once per `intervalMs` while it moves (spec: progress throttled), and at once when
 * asked to flush (pause, seek, leaving the page). The same position is never sent twice in a row.
 */
export function createProgressThrottle(send: (time: number) => void, intervalMs: number, now = Date.now) {
  let lastSentAt = -Infinity
  let lastSent: number | null = null
  const sendIfMoved = (time: number) => {
    const rounded = Math.floor(time)
    if (rounded === lastSent) return
    lastSent = rounded
    lastSentAt = now()
    send(rounded)
  }
  return {
    /** A time update while playing. */
    update(time: number) {
      if (now() - lastSentAt >= intervalMs) sendIfMoved(time)
    },
    /** Pause, seek, leaving: sent now. */
    flush(time: number) {
      sendIfMoved(time)
    },
  }
}
