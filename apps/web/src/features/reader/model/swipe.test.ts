import { describe, expect, it } from 'vitest'
import { isTouchIgnored, swipeDirection } from './swipe.ts'

const touch = (dx: number, dy: number, ms: number) => ({
  startX: 200,
  startY: 300,
  startMs: 1000,
  endX: 200 + dx,
  endY: 300 + dy,
  endMs: 1000 + ms,
})

describe('reader swipe (spec §9)', () => {
  it('turns to the next page on a left swipe and back on a right one', () => {
    expect(swipeDirection(touch(-80, 10, 300))).toBe('next')
    expect(swipeDirection(touch(80, -10, 300))).toBe('prev')
  })

  it('ignores short, slow and mostly vertical touches', () => {
    expect(swipeDirection(touch(-59, 0, 300))).toBeNull()
    expect(swipeDirection(touch(-200, 0, 1000))).toBeNull()
    expect(swipeDirection(touch(-80, 90, 300))).toBeNull()
    expect(swipeDirection(touch(-60, 0, 999))).toBe('next')
  })

  it('ignores a touch that starts within 250 ms of the previous one', () => {
    expect(isTouchIgnored(null, 5000)).toBe(false)
    expect(isTouchIgnored(5000, 5249)).toBe(true)
    expect(isTouchIgnored(5000, 5250)).toBe(false)
  })
})
