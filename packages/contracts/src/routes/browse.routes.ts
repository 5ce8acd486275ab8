import {
  LibraryStats,
  PersonalizedQuery,
  PersonalizedResponse,
  SearchQuery,
  SearchResponse,
} from '../browse.ts'
import { FilterData } from '../entities/library.ts'
import { GenresResponse, MetaValuesQuery, TagsResponse } from '../item-metadata.ts'
import { LibraryItemsQuery, LibraryItemsResponse } from '../listing.ts'
import { defineRoute } from './route.ts'

const tag = 'Browse'
const noLibrary = { 404: 'No such library, or not accessible' } as const

/** Browsing a library: item lists, filter data, home shelves, search and stats (as Audiobookshelf answers them). */
export const browseRoutes = {
  items: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/items',
    tag,
    summary: "A library's items, a page at a time: sorted, filtered, series collapsed, minified on request",
    query: LibraryItemsQuery,
    answer: LibraryItemsResponse,
    errors: { 400: 'Bad sort, filter or paging', ...noLibrary },
  }),
  filterData: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/filterdata',
    tag,
    summary: "The values a library's items can be filtered by (authors, series, genres ...) and its counts",
    answer: FilterData,
    errors: noLibrary,
  }),
  tags: defineRoute({
    method: 'GET',
    path: '/api/tags',
    tag,
    summary: 'Every tag of the items the caller may see, alphabetically; include=count adds item counts',
    access: 'admin',
    query: MetaValuesQuery,
    answer: TagsResponse,
  }),
  genres: defineRoute({
    method: 'GET',
    path: '/api/genres',
    tag,
    summary: 'Every genre of the items the caller may see, alphabetically; include=count adds item counts',
    access: 'admin',
    query: MetaValuesQuery,
    answer: GenresResponse,
  }),
  personalized: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/personalized',
    tag,
    summary: "The library's home shelves for the caller, in display order (empty ones left out)",
    query: PersonalizedQuery,
    answer: PersonalizedResponse,
    errors: noLibrary,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/search',
    tag,
    summary: "Searches a library's titles, authors, series, narrators, tags, genres (and episodes)",
    query: SearchQuery,
    answer: SearchResponse,
    errors: noLibrary,
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/stats',
    tag,
    summary: "A library's totals, longest and largest items, top authors and genres",
    answer: LibraryStats,
    errors: noLibrary,
  }),
} as const
