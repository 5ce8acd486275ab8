import type {
  AuthorDetail,
  AuthorWithCount,
  MinifiedLibraryItem,
  SeriesBook,
  SeriesDetail,
} from '@shelfcast/contracts'
import { itemDuration, itemSeriesSequence } from './item-view.ts'

/**
 * GET /api/libraries/:id/series/:seriesId as it may come: Audiobookshelf answers the series alone, without
 * its books, their number or their duration (those are Shelfcast's).
 */
export type SeriesDetailAnswer = Omit<SeriesDetail, 'books' | 'numBooks' | 'totalDuration'> &
  Partial<Pick<SeriesDetail, 'books' | 'numBooks' | 'totalDuration'>>

/** The books of a series-filtered item list as series books, with the sequence wherever the server put it. */
export function seriesBooksFromItems(items: readonly MinifiedLibraryItem[]): SeriesBook[] {
  return items.map((item) => ({ ...item, sequence: itemSeriesSequence(item) }))
}

/** The series with its books; counts and duration derived from the books when the server sent none. */
export function completeSeriesDetail(answer: SeriesDetailAnswer, books: SeriesBook[]): SeriesDetail {
  return {
    ...answer,
    books,
    numBooks: answer.numBooks ?? books.length,
    totalDuration: answer.totalDuration ?? books.reduce((sum, book) => sum + itemDuration(book), 0),
  }
}

/**
 * GET /api/authors/:id?include=items,series as it may come: Audiobookshelf sends neither `numBooks` nor
 * `lastFirst`, and its series' items carry their sequence in `media.metadata.series`.
 */
export type AuthorDetailAnswer = Omit<AuthorDetail, 'series'> &
  Partial<Pick<AuthorWithCount, 'numBooks' | 'lastFirst'>> & {
    series?: { id: string; name: string; items: (MinifiedLibraryItem & { sequence?: string | null })[] }[]
  }

/** What the author page shows: the author with its book count, `lastFirst` and series books. */
export type CompletedAuthorDetail = AuthorDetail & Pick<AuthorWithCount, 'numBooks' | 'lastFirst'>

/** The author with a book count and series books that know their sequence. */
export function completeAuthorDetail(answer: AuthorDetailAnswer): CompletedAuthorDetail {
  return {
    ...answer,
    numBooks: answer.numBooks ?? answer.libraryItems?.length ?? 0,
    lastFirst: answer.lastFirst ?? answer.name,
    series: answer.series?.map((entry) => ({ ...entry, items: seriesBooksFromItems(entry.items) })),
  }
}
