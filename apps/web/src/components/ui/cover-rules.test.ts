import { describe, expect, it } from 'vitest'
import {
  authorImageNeedsBackground,
  coverAspectRatio,
  coverBox,
  coverFanOffsets,
  coverNeedsBackground,
  coverPlaceholderAuthor,
  coverPlaceholderTitle,
  coverRequestWidth,
  truncateCoverText,
} from './cover-rules.ts'

describe('cover placeholder text', () => {
  it('keeps a title of up to 60 characters and cuts a longer one to 57 plus an ellipsis', () => {
    const sixty = 'x'.repeat(60)
    expect(coverPlaceholderTitle(sixty)).toBe(sixty)
    const long = `${'a'.repeat(57)}bcdef`
    expect(coverPlaceholderTitle(long)).toBe(`${'a'.repeat(57)}…`)
    expect(Array.from(coverPlaceholderTitle('y'.repeat(61)))).toHaveLength(58)
  })

  it('keeps an author of up to 30 characters and cuts a longer one to 27 plus an ellipsis', () => {
    expect(coverPlaceholderAuthor('z'.repeat(30))).toBe('z'.repeat(30))
    expect(coverPlaceholderAuthor(`${'b'.repeat(27)}cccc`)).toBe(`${'b'.repeat(27)}…`)
  })

  it('never cuts a character in half', () => {
    const emoji = '📚'.repeat(40)
    expect(truncateCoverText(emoji, 30)).toBe(`${'📚'.repeat(27)}…`)
  })
})

describe('cover aspect', () => {
  it('is 1.6 (height over width) for standard covers and 1 for square ones', () => {
    expect(coverAspectRatio(false)).toBe(1.6)
    expect(coverAspectRatio(true)).toBe(1)
    expect(coverBox(120, 1.6)).toEqual({ width: 120, height: 192 })
    expect(coverBox(120, 1)).toEqual({ width: 192, height: 192 })
  })

  it('asks for the blurred background only when the image deviates by more than 0.15', () => {
    // 400x640 is exactly 1.6; 400x600 (1.5) is within 0.15; a square image in a standard box is not.
    expect(coverNeedsBackground(400, 640, 1.6)).toBe(false)
    expect(coverNeedsBackground(400, 600, 1.6)).toBe(false)
    expect(coverNeedsBackground(400, 700, 1.6)).toBe(false)
    expect(coverNeedsBackground(400, 400, 1.6)).toBe(true)
    expect(coverNeedsBackground(400, 640, 1)).toBe(true)
    expect(coverNeedsBackground(500, 530, 1)).toBe(false)
    expect(coverNeedsBackground(0, 0, 1)).toBe(false)
  })

  it('gives author images the background below 0.5 or above 2 (width over height)', () => {
    expect(authorImageNeedsBackground(100, 100)).toBe(false)
    expect(authorImageNeedsBackground(100, 201)).toBe(true)
    expect(authorImageNeedsBackground(201, 100)).toBe(true)
    expect(authorImageNeedsBackground(200, 100)).toBe(false)
  })
})

describe('cover request width', () => {
  it('asks for the smallest step that covers the size at the pixel ratio', () => {
    expect(coverRequestWidth(120, 1)).toBe(120)
    expect(coverRequestWidth(120, 2)).toBe(240)
    expect(coverRequestWidth(130, 1)).toBe(160)
    expect(coverRequestWidth(2000, 3)).toBe(800)
  })
})

describe('series fan', () => {
  it('shows at most 10 covers, the last ending at the right edge', () => {
    const offsets = coverFanOffsets(14, 100, 280)
    expect(offsets).toHaveLength(10)
    expect(offsets[0]).toBe(0)
    expect(offsets.at(-1)).toBe(180)
    expect(coverFanOffsets(1, 100, 280)).toEqual([90])
    expect(coverFanOffsets(0, 100, 280)).toEqual([])
  })
})
