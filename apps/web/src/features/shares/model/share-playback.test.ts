import type { Chapter } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  chapterIndexAt,
  clampTime,
  createProgressThrottle,
  nextChapterTime,
  previousChapterTime,
  trackAt,
} from './share-playback.ts'

const chapters: Chapter[] = [
  { id: 0, start: 0, end: 60, title: 'One' },
  { id: 1, start: 60, end: 120, title: 'Two' },
  { id: 2, start: 120, end: 200, title: 'Three' },
]

describe('share playback rules', () => {
  it('finds the track of a book time and the offset inside it', () => {
    const tracks = [
      { startOffset: 0, duration: 100 },
      { startOffset: 100, duration: 50 },
    ]
    expect(trackAt(tracks, 0)).toEqual({ index: 0, offset: 0 })
    expect(trackAt(tracks, 99.5)).toEqual({ index: 0, offset: 99.5 })
    expect(trackAt(tracks, 100)).toEqual({ index: 1, offset: 0 })
    expect(trackAt(tracks, 170)).toEqual({ index: 1, offset: 50 })
    expect(trackAt([], 5)).toEqual({ index: -1, offset: 0 })
  })

  it('keeps times within the book', () => {
    expect(clampTime(-3, 100)).toBe(0)
    expect(clampTime(130, 100)).toBe(100)
    expect(clampTime(Number.NaN, 100)).toBe(0)
  })

  it('moves between chapters: previous restarts a chapter a few seconds in', () => {
    expect(chapterIndexAt(chapters, 61)).toBe(1)
    expect(previousChapterTime(chapters, 70)).toBe(60)
    expect(previousChapterTime(chapters, 61)).toBe(0)
    expect(previousChapterTime(chapters, 1)).toBe(0)
    expect(nextChapterTime(chapters, 61)).toBe(120)
    expect(nextChapterTime(chapters, 150)).toBeNull()
    expect(nextChapterTime([], 10)).toBeNull()
  })

  it('sends progress at most once per interval, and at once on flush', () => {
    let clock = 0
    const sent: number[] = []
    const throttle = createProgressThrottle(
      (t) => sent.push(t),
      10_000,
      () => clock,
    )
    throttle.update(1.2)
    clock = 4000
    throttle.update(5)
    clock = 9000
    throttle.update(10)
    expect(sent).toEqual([1])
    clock = 10_500
    throttle.update(11.7)
    expect(sent).toEqual([1, 11])
    throttle.flush(12.4)
    throttle.flush(12.9)
    expect(sent).toEqual([1, 11, 12])
  })
})
