import { describe, expect, it } from 'vitest'
import {
  canCreateBookmark,
  chapterAt,
  chapterRelativeTime,
  clampRate,
  customSleepSeconds,
  decreaseSleepTimer,
  increaseSleepTimer,
  jumpAmountLabel,
  nextTarget,
  playerCloseAction,
  previousChapterTarget,
  seekKeyTarget,
  seekTimeFromFraction,
  sleepModalDecrement,
  sleepTimerDisplay,
  stepRate,
  timeRemaining,
  trackIndexAt,
} from './player-rules.ts'

const chapters = [
  { id: 0, start: 0, end: 10, title: 'One' },
  { id: 1, start: 10, end: 20, title: 'Two' },
  { id: 2, start: 20, end: 30, title: 'Three' },
]

describe('player rules', () => {
  it('finds the chapter at a time', () => {
    expect(chapterAt(chapters, 0)?.title).toBe('One')
    expect(chapterAt(chapters, 10)?.title).toBe('Two')
    expect(chapterAt(chapters, 30)?.title).toBe('Three')
    expect(chapterAt(chapters, 31)).toBeNull()
    expect(chapterAt([], 5)).toBeNull()
  })

  it('previous chapter: restart at first, previous within 3 s, else current start', () => {
    expect(previousChapterTarget(chapters, 5)).toBe(0)
    expect(previousChapterTarget([], 50)).toBe(0)
    expect(previousChapterTarget(chapters, 12)).toBe(0)
    expect(previousChapterTarget(chapters, 22.9)).toBe(10)
    expect(previousChapterTarget(chapters, 25)).toBe(20)
  })

  it('next: next chapter, else queue, else nothing', () => {
    expect(nextTarget(chapters, 5, false)).toEqual({ kind: 'chapter', time: 10 })
    expect(nextTarget(chapters, 25, true)).toEqual({ kind: 'queue' })
    expect(nextTarget(chapters, 25, false)).toBeNull()
    expect(nextTarget([], 25, true)).toEqual({ kind: 'queue' })
  })

  it('clamps and steps the rate with 2-decimal rounding', () => {
    expect(clampRate(0.2)).toBe(0.5)
    expect(clampRate(12)).toBe(10)
    expect(clampRate(1.234)).toBe(1.23)
    expect(stepRate(1, 0.1, 1)).toBe(1.1)
    expect(stepRate(1.1, 0.1, 1)).toBe(1.2)
    expect(stepRate(0.55, 0.1, -1)).toBe(0.5)
    expect(stepRate(9.95, 0.1, 1)).toBe(10)
    expect(stepRate(1, 0.05, -1)).toBe(0.95)
  })

  it('chapter-track time is relative and never negative', () => {
    expect(chapterRelativeTime(chapters[1]!, 15)).toBe(5)
    expect(chapterRelativeTime(chapters[1]!, 8)).toBe(0)
    expect(chapterRelativeTime(null, 8)).toBe(8)
  })

  it('time remaining is divided by the rate', () => {
    expect(timeRemaining(100, 40, 2)).toBe(30)
    expect(timeRemaining(100, 40, 1)).toBe(60)
    expect(timeRemaining(100, 120, 1)).toBe(0)
  })

  it('jump tooltip: seconds up to 60, minutes above', () => {
    expect(jumpAmountLabel(10)).toEqual({ value: 10, unit: 'seconds' })
    expect(jumpAmountLabel(60)).toEqual({ value: 60, unit: 'seconds' })
    expect(jumpAmountLabel(120)).toEqual({ value: 2, unit: 'minutes' })
    expect(jumpAmountLabel(300)).toEqual({ value: 5, unit: 'minutes' })
  })

  it('sleep timer display: seconds under 90 s, minutes to 90 min, else hours', () => {
    expect(sleepTimerDisplay(89)).toEqual({ value: 89, unit: 'seconds' })
    expect(sleepTimerDisplay(90)).toEqual({ value: 2, unit: 'minutes' })
    expect(sleepTimerDisplay(5400)).toEqual({ value: 90, unit: 'minutes' })
    expect(sleepTimerDisplay(7200)).toEqual({ value: 2, unit: 'hours' })
  })

  it('sleep timer: increment adds; a step down under the step leaves 3 s', () => {
    expect(increaseSleepTimer(300, 300)).toBe(600)
    expect(decreaseSleepTimer(600, 300)).toBe(300)
    expect(decreaseSleepTimer(300, 300)).toBe(0)
    expect(decreaseSleepTimer(200, 300)).toBe(3)
    expect(decreaseSleepTimer(2, 60)).toBe(3)
  })

  it('sleep modal: a decrease larger than remaining lands on 60 s above 60 s, else on 5 s', () => {
    const modal = (remaining: number, amount: number) =>
      decreaseSleepTimer(remaining, sleepModalDecrement(remaining, amount))
    expect(modal(2400, 1800)).toBe(600)
    expect(modal(600, 300)).toBe(300)
    expect(modal(200, 300)).toBe(60)
    expect(modal(61, 300)).toBe(60)
    expect(modal(60, 300)).toBe(5)
    expect(modal(50, 300)).toBe(5)
    expect(modal(3, 300)).toBe(5)
    expect(customSleepSeconds('1.5')).toBe(90)
    expect(customSleepSeconds('0')).toBeNull()
    expect(customSleepSeconds('abc')).toBeNull()
  })

  it('bookmark duplicate window is under 1 s', () => {
    expect(canCreateBookmark([10], 10.5)).toBe(false)
    expect(canCreateBookmark([10], 11)).toBe(true)
    expect(canCreateBookmark([], 0)).toBe(true)
  })

  it('finds the track at a time and seeks within a chapter', () => {
    const tracks = [
      { startOffset: 0, duration: 10 },
      { startOffset: 10, duration: 10 },
      { startOffset: 20, duration: 10 },
    ]
    expect(trackIndexAt(tracks, 0)).toBe(0)
    expect(trackIndexAt(tracks, 15)).toBe(1)
    expect(trackIndexAt(tracks, 29)).toBe(2)
    expect(seekTimeFromFraction(0.5, 100, null)).toBe(50)
    expect(seekTimeFromFraction(0.5, 100, chapters[1]!)).toBe(15)
  })

  it('seek slider keys: arrows by the jump amounts, pages by a twentieth (30 s at least), Home/End; inside the range', () => {
    const book = { start: 0, end: 1000 }
    const steps = { back: 10, forward: 30 }
    expect(seekKeyTarget('ArrowRight', 100, book, steps)).toBe(130)
    expect(seekKeyTarget('ArrowUp', 100, book, steps)).toBe(130)
    expect(seekKeyTarget('ArrowLeft', 100, book, steps)).toBe(90)
    expect(seekKeyTarget('ArrowDown', 5, book, steps)).toBe(0)
    expect(seekKeyTarget('PageUp', 100, book, steps)).toBe(150)
    expect(seekKeyTarget('PageDown', 100, { start: 0, end: 100 }, steps)).toBe(70)
    expect(seekKeyTarget('Home', 100, book, steps)).toBe(0)
    expect(seekKeyTarget('End', 100, book, steps)).toBe(1000)
    // In chapter-track mode the range is the chapter.
    expect(seekKeyTarget('ArrowRight', 18, chapters[1]!, steps)).toBe(20)
    expect(seekKeyTarget('Home', 18, chapters[1]!, steps)).toBe(10)
    expect(seekKeyTarget('Enter', 18, book, steps)).toBeNull()
  })

  it('close: full screen exits first; otherwise only when not loading', () => {
    expect(playerCloseAction(true, true)).toBe('exit-fullscreen')
    expect(playerCloseAction(true, false)).toBe('exit-fullscreen')
    expect(playerCloseAction(false, true)).toBe('none')
    expect(playerCloseAction(false, false)).toBe('close')
  })
})
