import type { MinifiedBookItem, MinifiedLibraryItem } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { listedItemFixture } from '@/test/browse-fixtures.ts'
import { completeAuthorDetail, completeSeriesDetail, seriesBooksFromItems } from './series-detail.ts'

/** A listed book of `duration` seconds with extra metadata (where Audiobookshelf puts the series). */
function book(id: number, duration: number, metadata: Record<string, unknown> = {}): MinifiedBookItem {
  const item = listedItemFixture(id)
  return { ...item, media: { ...item.media, duration, metadata: { ...item.media.metadata, ...metadata } } }
}

const series = {
  id: 's1',
  name: 'Saga',
  nameIgnorePrefix: 'Saga',
  description: null,
  libraryId: 'l1',
  addedAt: 0,
  updatedAt: 0,
}
const author = {
  id: 'a1',
  asin: null,
  name: 'Ann Lee',
  description: null,
  imagePath: null,
  libraryId: 'l1',
  addedAt: 0,
  updatedAt: 0,
}

describe('series and author answers without the counts', () => {
  it('reads the sequence from the row, or from the one series object Audiobookshelf sets', () => {
    const books = seriesBooksFromItems([
      book(1, 10, { series: { id: 's1', name: 'Saga', sequence: '1' } }),
      { ...book(2, 20), sequence: '2' } as MinifiedLibraryItem,
      book(3, 30, { series: [{ id: 's1', name: 'Saga', sequence: '3' }] }),
    ])
    expect(books.map((b) => b.sequence)).toEqual(['1', '2', null])
  })

  it('derives the book count and total duration of a series answered without them', () => {
    const books = seriesBooksFromItems([book(1, 10.5), book(2, 20)])
    expect(completeSeriesDetail(series, books)).toMatchObject({ numBooks: 2, totalDuration: 30.5, books })
  })

  it('keeps the counts a server sent', () => {
    const detail = completeSeriesDetail({ ...series, numBooks: 5, totalDuration: 99 }, [])
    expect(detail).toMatchObject({ numBooks: 5, totalDuration: 99 })
  })

  it('counts an author answered without numBooks by its items, and numbers its series books', () => {
    const items = [book(1, 1, { series: { id: 's1', name: 'Saga', sequence: '2' } })]
    const detail = completeAuthorDetail({
      ...author,
      libraryItems: items,
      series: [{ id: 's1', name: 'Saga', items }],
    })
    expect(detail.numBooks).toBe(1)
    expect(detail.lastFirst).toBe('Ann Lee')
    expect(detail.series?.[0]?.items[0]?.sequence).toBe('2')
    expect(completeAuthorDetail(author).numBooks).toBe(0)
  })
})
