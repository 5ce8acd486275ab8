import { describe, expect, it } from 'vitest'
import {
  foundChapterViews,
  foundRuntime,
  isLookupError,
  rowsFromLookup,
  runtimeDifference,
  runtimesDiffer,
  type FoundChapters,
} from './chapter-lookup.ts'
import type { ChapterRow } from './chapter-rules.ts'

// Audnexus's shape: a 2 s intro, a 3 s outro, three chapters over 100 s.
const found: FoundChapters = {
  asin: 'B0TESTBOOK',
  brandIntroDurationMs: 2000,
  brandOutroDurationMs: 3000,
  chapters: [
    { lengthMs: 30_000, startOffsetMs: 0, startOffsetSec: 0, title: 'Opening Credits' },
    { lengthMs: 40_500, startOffsetMs: 30_000, startOffsetSec: 30, title: ' Chapter 1 ' },
    { lengthMs: 29_500, startOffsetMs: 70_500, startOffsetSec: 70, title: 'Chapter 2' },
  ],
  isAccurate: true,
  region: 'us',
  runtimeLengthMs: 100_000,
  runtimeLengthSec: 100,
}

const row = (id: number, start: number, title: string): ChapterRow => ({ id, start, title, locked: false })

describe('rowsFromLookup', () => {
  it('takes the found starts in seconds and trimmed titles, unlocked', () => {
    expect(
      rowsFromLookup(found, { duration: 100, removeBranding: false, keepTitles: false, current: [] }),
    ).toEqual([row(0, 0, 'Opening Credits'), row(1, 30, 'Chapter 1'), row(2, 70.5, 'Chapter 2')])
  })

  it('moves every start but the first back by the intro when branding is removed', () => {
    const rows = rowsFromLookup(found, { duration: 95, removeBranding: true, keepTitles: false, current: [] })
    expect(rows.map((r) => r.start)).toEqual([0, 28, 68.5])
  })

  it('keeps the current titles row by row, found titles past them or for blank ones', () => {
    const current = [row(7, 0, 'Intro'), { ...row(8, 12, 'The Start'), locked: true }, row(9, 50, ' ')]
    const rows = rowsFromLookup(found, { duration: 100, removeBranding: false, keepTitles: true, current })
    expect(rows.map((r) => [r.title, r.locked])).toEqual([
      ['Intro', false],
      ['The Start', false],
      ['Chapter 2', false],
    ])
  })

  it('drops chapters that start at or after the end of a shorter book', () => {
    const rows = rowsFromLookup(found, {
      duration: 70.5,
      removeBranding: false,
      keepTitles: false,
      current: [],
    })
    expect(rows.map((r) => r.title)).toEqual(['Opening Credits', 'Chapter 1'])
  })

  it('never stacks starts when the intro is longer than a chapter', () => {
    const shortFirst: FoundChapters = {
      ...found,
      brandIntroDurationMs: 35_000,
    }
    const rows = rowsFromLookup(shortFirst, {
      duration: 100,
      removeBranding: true,
      keepTitles: false,
      current: [],
    })
    expect(rows.map((r) => r.start)).toEqual([0, 35.5])
  })
})

describe('runtime', () => {
  it('is the runtime Audnexus gives, less intro and outro when branding is removed', () => {
    expect(foundRuntime(found, false)).toBe(100)
    expect(foundRuntime(found, true)).toBe(95)
  })

  it('falls back to the end of the last chapter', () => {
    expect(foundRuntime({ ...found, runtimeLengthMs: null, runtimeLengthSec: null }, false)).toBe(100)
  })

  it('differs from the book only beyond a few seconds', () => {
    expect(runtimeDifference(found, 95, true)).toBe(0)
    expect(runtimeDifference(found, 90, false)).toBe(10)
    expect(runtimesDiffer(runtimeDifference(found, 97, false))).toBe(false)
    expect(runtimesDiffer(runtimeDifference(found, 90, false))).toBe(true)
    expect(runtimesDiffer(runtimeDifference(found, 110, false))).toBe(true)
  })
})

describe('the dialog list', () => {
  it('shows starts and lengths after the branding choice', () => {
    expect(foundChapterViews(found, false).map((c) => [c.start, c.length])).toEqual([
      [0, 30],
      [30, 40.5],
      [70.5, 29.5],
    ])
    expect(foundChapterViews(found, true).map((c) => [c.start, c.length])).toEqual([
      [0, 28],
      [28, 40.5],
      [68.5, 26.5],
    ])
  })

  it('tells the not-found answer from chapters', () => {
    expect(isLookupError({ error: 'Chapters not found' })).toBe(true)
    expect(isLookupError(found)).toBe(false)
  })
})
