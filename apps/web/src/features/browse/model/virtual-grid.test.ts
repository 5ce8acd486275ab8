import { describe, expect, it } from 'vitest'
import {
  firstScreenPages,
  gridColumns,
  gridOverscanRows,
  gridPageSize,
  gridRowsPerPage,
  gridRowCount,
  MAX_CARDS_IN_DOM,
  pageOf,
  pagesForRows,
  pagesToFetch,
  rowIndexes,
} from './virtual-grid.ts'

describe('virtual grid layout', () => {
  it('fits as many cards per row as the width allows, at least one', () => {
    expect(gridColumns(1000, 120, 24)).toBe(7) // 7*120 + 6*24 = 984
    expect(gridColumns(984, 120, 24)).toBe(7)
    expect(gridColumns(983, 120, 24)).toBe(6)
    expect(gridColumns(50, 120, 24)).toBe(1)
    expect(gridColumns(0, 120, 24)).toBe(1)
    expect(gridRowCount(100_000, 7)).toBe(14_286)
    expect(gridRowCount(0, 7)).toBe(0)
  })

  it('pages by whole rows, a few rows per page', () => {
    expect(gridPageSize(7)).toBe(28)
    expect(gridPageSize(1)).toBe(12)
    expect(gridPageSize(3)).toBe(12)
    expect(gridPageSize(60) % 60).toBe(0)
    expect(gridPageSize(60)).toBeLessThanOrEqual(200)
  })

  it('sizes pages so that a first screen is one request', () => {
    // 900 px high, 216 px rows: 5 rows on screen (with a partial one) plus one.
    expect(gridRowsPerPage(900, 216)).toBe(6)
    expect(gridPageSize(9, gridRowsPerPage(900, 216))).toBe(54)
    expect(gridRowsPerPage(300, 216)).toBe(4)
    expect(gridRowsPerPage(0, 216)).toBe(4)
  })

  it('keeps the rendered window within the card budget however small the covers', () => {
    for (const columns of [1, 5, 12, 20, 40]) {
      for (const visibleRows of [1, 4, 8, 14]) {
        const overscan = gridOverscanRows(columns, visibleRows)
        const cards = (visibleRows + 2 * overscan) * columns
        if (visibleRows * columns <= MAX_CARDS_IN_DOM) expect(cards).toBeLessThanOrEqual(MAX_CARDS_IN_DOM)
        expect(overscan).toBeLessThanOrEqual(3)
      }
    }
    expect(gridOverscanRows(10, 5)).toBe(3)
    expect(gridOverscanRows(40, 6)).toBe(0)
  })
})

describe('virtual grid paging', () => {
  it('asks only for the pages of the visible rows, plus the next one', () => {
    // 7 columns, 28 per page: rows 0-4 hold items 0..34 → pages 0 and 1, then page 2 ahead.
    expect(pagesForRows(0, 4, 7, 28, 100_000)).toEqual([0, 1])
    expect(pagesToFetch({ firstRow: 0, lastRow: 4 }, 7, 28, 100_000)).toEqual([0, 1, 2])
  })

  it('jumps straight to the end without asking for what lies between', () => {
    const total = 100_000
    const lastRow = gridRowCount(total, 7) - 1
    const pages = pagesToFetch({ firstRow: lastRow - 5, lastRow }, 7, 28, total)
    expect(pages).toEqual([3570, 3571])
    expect(Math.max(...pages)).toBe(Math.ceil(total / 28) - 1)
  })

  it('asks for the first page while the total is unknown, and nothing for an empty library', () => {
    expect(pagesToFetch({ firstRow: 0, lastRow: -1 }, 7, 28, null)).toEqual([0])
    expect(pagesToFetch({ firstRow: 0, lastRow: 3 }, 7, 28, 0)).toEqual([])
    expect(pagesForRows(0, 10, 7, 28, 5)).toEqual([0])
  })

  it('asks for the pages of the whole first screen at once, before the total is known', () => {
    // 7 columns, 28 per page, 6 rows on screen: items 0..41 span pages 0 and 1.
    expect(firstScreenPages(6, 7, 28)).toEqual([0, 1])
    expect(firstScreenPages(0, 7, 28)).toEqual([0])
  })

  it('finds an item in its page and lists the cards of a row', () => {
    expect(pageOf(0, 28)).toEqual({ page: 0, offset: 0 })
    expect(pageOf(57, 28)).toEqual({ page: 2, offset: 1 })
    expect(rowIndexes(2, 7, 100)).toEqual([14, 15, 16, 17, 18, 19, 20])
    expect(rowIndexes(14, 7, 100)).toEqual([98, 99])
  })
})
