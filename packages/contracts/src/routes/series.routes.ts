import { SeriesDetail, SeriesDetailQuery, SeriesListQuery, SeriesListResponse } from '../browse.ts'
import { Series } from '../entities/library-item.ts'
import { UpdateSeriesRequest } from '../library-care.ts'
import { defineRoute } from './route.ts'

const tag = 'Series'

/** Series of a library, with their books (modules/series). */
export const seriesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/series',
    tag,
    summary: "A library's series with their books, a page at a time: sorted and filtered",
    query: SeriesListQuery,
    answer: SeriesListResponse,
    errors: { 400: 'Bad sort, filter or paging', 404: 'No such library, or not accessible' },
  }),
  getInLibrary: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/series/:seriesId',
    tag,
    summary: 'One series of a library with its books in sequence order (include=progress,rssfeed)',
    query: SeriesDetailQuery,
    answer: SeriesDetail,
    errors: { 404: 'No such library or series, or not accessible' },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/series/:id',
    tag,
    summary: 'One series with its books in sequence order (include=progress,rssfeed)',
    query: SeriesDetailQuery,
    answer: SeriesDetail,
    errors: { 404: 'No such series, or not accessible' },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/series/:id',
    tag,
    summary: "Renames a series or changes its description; its books' metadata.json follow",
    permission: 'update',
    body: UpdateSeriesRequest,
    answer: Series,
    errors: {
      400: 'Empty, too long or control characters in the name',
      404: 'No such series, or not accessible',
      409: 'Another series of the library has that name',
    },
  }),
} as const
