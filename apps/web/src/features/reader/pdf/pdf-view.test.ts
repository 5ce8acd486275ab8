import { describe, expect, it } from 'vitest'
import {
  clampPage,
  defaultZoom,
  initialPage,
  MAX_SCALE,
  MIN_SCALE,
  PAGE_MARGIN_PX,
  progressOf,
  requestedPage,
  scaleFor,
  stepZoom,
} from './pdf-view.ts'

describe('pages', () => {
  it('resumes at the saved page, within the book', () => {
    expect(initialPage('12', 40)).toBe(12)
    expect(initialPage(' 7 ', 40)).toBe(7)
    expect(initialPage('400', 40)).toBe(40)
    expect(initialPage(null, 40)).toBe(1)
    expect(initialPage('epubcfi(/6/4!/4/2)', 40)).toBe(1)
    expect(initialPage('0', 40)).toBe(1)
  })

  it('reads a typed page number only when it names a page of the book', () => {
    expect(requestedPage('3', 10)).toBe(3)
    expect(requestedPage(' 10 ', 10)).toBe(10)
    expect(requestedPage('11', 10)).toBeNull()
    expect(requestedPage('0', 10)).toBeNull()
    expect(requestedPage('2.5', 10)).toBeNull()
    expect(requestedPage('', 10)).toBeNull()
  })

  it('clamps page turns at both ends and reports progress as page / pages', () => {
    expect(clampPage(0, 5)).toBe(1)
    expect(clampPage(6, 5)).toBe(5)
    expect(progressOf(5, 5)).toBe(1)
    expect(progressOf(1, 100)).toBeCloseTo(0.01)
  })
})

describe('zoom', () => {
  const letter = { width: 612, height: 792 }

  it('fits the width or the whole page inside the margins', () => {
    const phone = { width: 375, height: 600 }
    const width = scaleFor({ fit: 'width', scale: 1 }, letter, phone)
    expect(width * letter.width).toBeCloseTo(375 - 2 * PAGE_MARGIN_PX)
    const page = scaleFor({ fit: 'page', scale: 1 }, letter, { width: 1280, height: 700 })
    expect(page * letter.height).toBeCloseTo(700 - 2 * PAGE_MARGIN_PX)
    expect(page * letter.width).toBeLessThan(1280)
  })

  it('keeps a chosen zoom, within its limits, and never a zero scale on an empty viewport', () => {
    expect(scaleFor({ fit: 'custom', scale: 1.5 }, letter, { width: 10, height: 10 })).toBe(1.5)
    expect(scaleFor({ fit: 'custom', scale: 99 }, letter, { width: 10, height: 10 })).toBe(MAX_SCALE)
    expect(scaleFor({ fit: 'width', scale: 1 }, letter, { width: 0, height: 0 })).toBe(MIN_SCALE)
  })

  it('steps up and down through the zoom levels from any scale', () => {
    expect(stepZoom(1, 1)).toBe(1.1)
    expect(stepZoom(1, -1)).toBe(0.9)
    expect(stepZoom(0.61, 1)).toBe(0.67)
    expect(stepZoom(0.61, -1)).toBe(0.5)
    expect(stepZoom(MAX_SCALE, 1)).toBe(MAX_SCALE)
    expect(stepZoom(MIN_SCALE, -1)).toBe(MIN_SCALE)
  })

  it('opens at fit width on phones and fit page on wider screens', () => {
    expect(defaultZoom(true).fit).toBe('width')
    expect(defaultZoom(false).fit).toBe('page')
  })
})
