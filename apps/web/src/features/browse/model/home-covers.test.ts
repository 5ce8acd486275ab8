import type { Shelf, ShelfItem } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { libraryFixture } from '@/test/fixtures.ts'
import { eagerShelfItems, homeCoverWidth } from './home-covers.ts'

const item = (id: string) => ({ id }) as unknown as ShelfItem
const shelf = (id: string, type: Shelf['type'], entities: unknown[]) =>
  ({ id, label: id, labelStringKey: id, type, entities }) as unknown as Shelf

describe('home covers', () => {
  it('takes the item cards of the first two shown rows: empty rows skipped, author and series rows drawn apart', () => {
    const shelves = [
      shelf('empty', 'book', []),
      shelf('continue', 'book', [item('a'), item('b')]),
      shelf('authors', 'authors', [{ id: 'x' }]),
      shelf('recent', 'book', [item('c')]),
    ]
    expect(eagerShelfItems(shelves).map((entry) => entry.id)).toEqual(['a', 'b'])
    expect(eagerShelfItems([shelves[1]!, shelves[3]!]).map((entry) => entry.id)).toEqual(['a', 'b', 'c'])
  })

  it('sizes covers as the shelves draw them: square covers are wider', () => {
    const standard = libraryFixture('lib1')
    const square = { ...standard, settings: { ...standard.settings, coverAspectRatio: 1 as const } }
    expect(homeCoverWidth(standard)).toBe(120)
    expect(homeCoverWidth(square)).toBe(192)
  })
})
