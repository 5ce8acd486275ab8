import type { Chapter } from '@shelfcast/contracts'
import { limits } from '@shelfcast/contracts/client'

/** Spec §5 / §9: playback rate bounds and presets, jumps, sleep presets (contracts `limits`). */
export const RATE_MIN = limits.playbackRateMin
export const RATE_MAX = limits.playbackRateMax
export const RATE_PRESETS = limits.playbackRatePresets
export const RATE_STEPS = limits.playbackRateSteps
export const JUMP_AMOUNTS = limits.jumpAmountsSec
export const SLEEP_PRESET_MINUTES = limits.sleepPresetsMin
export const PREVIOUS_CHAPTER_THRESHOLD_SEC = limits.previousChapterThresholdSec
export const VOLUME_STEP = limits.volumeStep
export const BOOKMARK_DUPLICATE_WINDOW_SEC = limits.bookmarkDuplicateWindowSec

/** The bounds are the server's too (contracts `rules/playback-bounds.ts`). */
export { clampRate, clampVolume, DEFAULT_VOLUME, stepRate } from '@shelfcast/contracts/client'

/** The chapter that contains `time` (start inclusive, end exclusive; the last chapter keeps its end). */
export function chapterAt(chapters: readonly Chapter[], time: number): Chapter | null {
  for (let i = 0; i < chapters.length; i++) {
    const chapter = chapters[i]!
    const last = i === chapters.length - 1
    if (time >= chapter.start && (time < chapter.end || (last && time <= chapter.end))) return chapter
  }
  return null
}

/**
 * Spec §5 previous chapter: restart (time 0) at the first chapter or with none; within 3 s of the
 * chapter start go to the previous chapter's start; otherwise to the current chapter's start.
 */
export function previousChapterTarget(chapters: readonly Chapter[], time: number): number {
  const current = chapterAt(chapters, time)
  if (!current) return 0
  const index = chapters.indexOf(current)
  if (time - current.start < PREVIOUS_CHAPTER_THRESHOLD_SEC) {
    if (index <= 0) return 0
    return chapters[index - 1]!.start
  }
  return current.start
}

export type NextTarget = { kind: 'chapter'; time: number } | { kind: 'queue' } | null

/** Spec §5 next: the next chapter, else the next queue item, else nothing. */
export function nextTarget(
  chapters: readonly Chapter[],
  time: number,
  hasNextQueueItem: boolean,
): NextTarget {
  const current = chapterAt(chapters, time)
  const next = current ? chapters[chapters.indexOf(current) + 1] : chapters.find((c) => c.start > time)
  if (next) return { kind: 'chapter', time: next.start }
  return hasNextQueueItem ? { kind: 'queue' } : null
}

/** Chapter-track mode: the time within the chapter, never negative. */
export function chapterRelativeTime(chapter: Chapter | null, time: number): number {
  if (!chapter) return time
  return Math.max(0, time - chapter.start)
}

/** Remaining listening time at the given rate. */
export function timeRemaining(duration: number, time: number, rate: number): number {
  return Math.max(0, duration - time) / (rate > 0 ? rate : 1)
}

/** Jump tooltip amount: seconds up to 60, minutes above. */
export function jumpAmountLabel(seconds: number): { value: number; unit: 'seconds' | 'minutes' } {
  return seconds <= 60
    ? { value: seconds, unit: 'seconds' }
    : { value: Math.round(seconds / 60), unit: 'minutes' }
}

/** Sleep timer display: seconds under 90 s, minutes up to 90 min, else hours. */
export function sleepTimerDisplay(seconds: number): { value: number; unit: 'seconds' | 'minutes' | 'hours' } {
  const s = Math.max(0, Math.round(seconds))
  if (s < 90) return { value: s, unit: 'seconds' }
  if (s <= 90 * 60) return { value: Math.round(s / 60), unit: 'minutes' }
  return { value: Math.round((s / 3600) * 10) / 10, unit: 'hours' }
}

/** Sleep timer increase. */
export function increaseSleepTimer(remaining: number, amount: number): number {
  return remaining + amount
}

/** Seconds left when a step down would reach past zero: the timer still fires, just not at once. */
export const SLEEP_STEP_FLOOR_SEC = 3

/** Spec §4 player step: a decrement under the step (more than remains) leaves 3 s. */
export function decreaseSleepTimer(remaining: number, step: number): number {
  if (remaining < step) return SLEEP_STEP_FLOOR_SEC
  return remaining - step
}

/** Spec §9: the modal's 30 min decrement is disabled under 1800 s remaining. */
export const SLEEP_LONG_ADJUST_SEC = 1800

/**
 * Spec §4 modal rule, as the step the modal hands to the player: a decrease larger than what remains
 * lands on 60 s when more than 60 s remain, else on 5 s.
 */
export function sleepModalDecrement(remaining: number, amount: number): number {
  if (amount <= remaining) return amount
  return remaining - (remaining > 60 ? 60 : 5)
}

/** Custom sleep minutes (spec §5): a number above 0, else null; seconds = round(minutes*60). */
export function customSleepSeconds(minutes: string | number): number | null {
  const value = typeof minutes === 'number' ? minutes : Number.parseFloat(minutes)
  if (!Number.isFinite(value) || value <= 0) return null
  return Math.round(value * 60)
}

/** Spec §5: a bookmark can be created only if none lies within 1 s of the current time. */
export function canCreateBookmark(bookmarkTimes: readonly number[], time: number): boolean {
  return !bookmarkTimes.some((t) => Math.abs(t - time) < BOOKMARK_DUPLICATE_WINDOW_SEC)
}

/** The track holding `time` among tracks sorted by startOffset. */
export function trackIndexAt(
  tracks: readonly { startOffset: number; duration: number }[],
  time: number,
): number {
  for (let i = tracks.length - 1; i >= 0; i--) {
    if (time >= tracks[i]!.startOffset) return i
  }
  return 0
}

/** Fraction 0–1 of a click on the seek track → time, inside the chapter in chapter-track mode. */
export function seekTimeFromFraction(fraction: number, duration: number, chapter: Chapter | null): number {
  const f = Math.min(1, Math.max(0, fraction))
  if (chapter) return chapter.start + f * (chapter.end - chapter.start)
  return f * duration
}

/** The seek slider's keys: arrows step by the jump amounts, Page keys by a twentieth (at least 30 s), Home/End. */
export function seekKeyTarget(
  key: string,
  time: number,
  range: { start: number; end: number },
  steps: { back: number; forward: number },
): number | null {
  const page = Math.max(30, (range.end - range.start) / 20)
  const clamp = (t: number) => Math.min(range.end, Math.max(range.start, t))
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(time + steps.forward)
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(time - steps.back)
    case 'PageUp':
      return clamp(time + page)
    case 'PageDown':
      return clamp(time - page)
    case 'Home':
      return range.start
    case 'End':
      return range.end
    default:
      return null
  }
}

export type PlayerCloseAction = 'exit-fullscreen' | 'close' | 'none'

/** Spec §2: closing while fullscreen exits fullscreen first; otherwise closing works only when not loading. */
export function playerCloseAction(fullscreen: boolean, loading: boolean): PlayerCloseAction {
  if (fullscreen) return 'exit-fullscreen'
  return loading ? 'none' : 'close'
}
