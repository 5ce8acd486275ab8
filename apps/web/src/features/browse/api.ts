import type {
  AuthorWithCount,
  ExpandedItemResponse,
  ItemResponse,
  LibraryItemsResponse,
  ListedItem,
  MinifiedLibraryItem,
  SeriesBook,
  SeriesListResponse,
} from '@shelfcast/contracts'
import {
  MAX_PAGE_SIZE,
  authorRoutes,
  browseRoutes,
  itemRoutes,
  seriesRoutes,
} from '@shelfcast/contracts/client'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { librariesQuery } from '@/features/libraries/index.ts'
import { itemCoverUrl } from './hooks/useCoverUrl.ts'
import { FILTER_ALL, filterBy } from './model/filters.ts'
import { eagerShelfItems, homeCoverWidth } from './model/home-covers.ts'
import {
  completeAuthorDetail,
  completeSeriesDetail,
  seriesBooksFromItems,
  type AuthorDetailAnswer,
  type SeriesDetailAnswer,
} from './model/series-detail.ts'

/**
 * Query keys. Everything listed for one library lives under ['browse', libraryId], so a change in that
 * library (socket events) invalidates it in one call and only the queries on screen refetch.
 */
export const browseKeys = {
  all: ['browse'] as const,
  library: (libraryId: string) => ['browse', libraryId] as const,
  items: (libraryId: string) => ['browse', libraryId, 'items'] as const,
  itemsList: (libraryId: string, params: ItemListParams) => ['browse', libraryId, 'items', params] as const,
  personalized: (libraryId: string) => ['browse', libraryId, 'personalized'] as const,
  seriesList: (libraryId: string, params: SeriesListParams) =>
    ['browse', libraryId, 'series', params] as const,
  seriesDetail: (libraryId: string, seriesId: string) =>
    ['browse', libraryId, 'series-detail', seriesId] as const,
  authorsList: (libraryId: string, params: AuthorListParams) =>
    ['browse', libraryId, 'authors', params] as const,
  narrators: (libraryId: string) => ['browse', libraryId, 'narrators'] as const,
  collections: (libraryId: string) => ['browse', libraryId, 'collections'] as const,
  playlists: (libraryId: string) => ['browse', libraryId, 'playlists'] as const,
}

export const itemKeys = {
  all: ['item'] as const,
  detail: (id: string) => ['item', id] as const,
}

export const authorKeys = {
  all: ['author'] as const,
  detail: (id: string, libraryId: string | null) => ['author', id, libraryId ?? ''] as const,
}

/** A page of a paged list. */
export interface PageAnswer<T> {
  results: T[]
  total: number
}

export interface ItemListParams {
  orderBy: string
  orderDesc: boolean
  filterBy: string
  collapseSeries: boolean
}

export interface SeriesListParams {
  sortBy: string
  sortDesc: boolean
  filterBy: string
}

export interface AuthorListParams {
  sortBy: string
  sortDesc: boolean
}

const flag = (value: boolean) => (value ? 1 : 0)
const filterQuery = (filterBy: string) => (filterBy && filterBy !== FILTER_ALL ? filterBy : undefined)

/** GET /api/libraries/:id/items: one page, minified. */
export function fetchItemsPage(
  api: ApiClient,
  libraryId: string,
  params: ItemListParams,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<LibraryItemsResponse> {
  return api.call(browseRoutes.items, {
    params: { id: libraryId },
    query: {
      sort: params.orderBy,
      desc: flag(params.orderDesc),
      filter: filterQuery(params.filterBy),
      collapseseries: params.collapseSeries ? 1 : undefined,
      minified: 1,
      // Covers show an RSS badge for items with an open feed.
      include: 'rssfeed',
      limit,
      page,
    },
    signal,
  })
}

export function fetchSeriesPage(
  api: ApiClient,
  libraryId: string,
  params: SeriesListParams,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<SeriesListResponse> {
  return api.call(seriesRoutes.list, {
    params: { id: libraryId },
    query: {
      sort: params.sortBy,
      desc: flag(params.sortDesc),
      filter: filterQuery(params.filterBy),
      minified: 1,
      limit,
      page,
    },
    signal,
  })
}

export async function fetchAuthorsPage(
  api: ApiClient,
  libraryId: string,
  params: AuthorListParams,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<PageAnswer<AuthorWithCount>> {
  const answer = await api.call(authorRoutes.list, {
    params: { id: libraryId },
    query: { sort: params.sortBy, desc: flag(params.sortDesc), limit, page },
    signal,
  })
  if ('results' in answer) return { results: answer.results, total: answer.total }
  // Without paging support a server answers every author as {authors}: page through it here.
  const all = answer.authors
  return { results: all.slice(page * limit, (page + 1) * limit), total: all.length }
}

const personalizedQuery = (api: ApiClient, libraryId: string) =>
  queryOptions({
    queryKey: browseKeys.personalized(libraryId),
    queryFn: ({ signal }) =>
      api.call(browseRoutes.personalized, { params: { id: libraryId }, query: { limit: 10 }, signal }),
  })

/** GET /api/libraries/:id/personalized: the home shelves. */
export function usePersonalized(libraryId: string) {
  const api = useApiClient()
  return useQuery(personalizedQuery(api, libraryId))
}

/**
 * Starts what home needs right after sign-in, side by side rather than one after another: the library
 * list, the shelves of the library home will show, and — once both are in, without waiting for the page
 * to render — the covers of the first rows. The page then finds the answers in the cache and the images
 * in the browser's.
 */
export function usePrefetchHomeShelves(): (libraryId: string) => void {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useCallback(
    (libraryId: string) => {
      Promise.all([
        queryClient.fetchQuery(personalizedQuery(api, libraryId)),
        queryClient.fetchQuery(librariesQuery(api)),
      ])
        .then(([shelves, libraries]) => {
          const library = libraries.find((candidate) => candidate.id === libraryId)
          if (!library) return
          for (const item of eagerShelfItems(shelves)) {
            const url = itemCoverUrl(api, item, homeCoverWidth(library))
            if (url) preloadImage(url)
          }
        })
        // Only a head start: the page asks again and shows its own errors.
        .catch(() => undefined)
    },
    [api, queryClient],
  )
}

/** Fetches an image into the browser's cache, first among the page's images (as the eager covers are). */
function preloadImage(url: string): void {
  const image = new Image()
  image.fetchPriority = 'high'
  image.decoding = 'async'
  image.src = url
}

export function useNarrators(libraryId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: browseKeys.narrators(libraryId),
    queryFn: ({ signal }) => api.call(authorRoutes.narrators, { params: { id: libraryId }, signal }),
  })
}

export function useSeriesDetail(libraryId: string, seriesId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: browseKeys.seriesDetail(libraryId, seriesId),
    queryFn: async ({ signal }) => {
      // Audiobookshelf answers the series without its books (SeriesDetailAnswer).
      const answer: SeriesDetailAnswer = await api.call(seriesRoutes.getInLibrary, {
        params: { id: libraryId, seriesId },
        query: { include: 'progress,rssfeed' },
        signal,
      })
      const books = answer.books ?? (await fetchSeriesBooks(api, libraryId, seriesId, signal))
      return completeSeriesDetail(answer, books)
    },
  })
}

/**
 * A series' books in sequence order from the series-filtered item list: what a server that answers the
 * series without its books (Audiobookshelf) gives instead.
 */
async function fetchSeriesBooks(
  api: ApiClient,
  libraryId: string,
  seriesId: string,
  signal: AbortSignal,
): Promise<SeriesBook[]> {
  const answer = await api.call(browseRoutes.items, {
    params: { id: libraryId },
    query: { filter: filterBy('series', seriesId), sort: 'sequence', minified: 1, limit: MAX_PAGE_SIZE },
    signal,
  })
  return seriesBooksFromItems(answer.results.filter(isMinifiedItem))
}

/** GET /api/items/:id?expanded=1 with the caller's progress. */
export function useItem(id: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: itemKeys.detail(id),
    queryFn: ({ signal }) =>
      // A podcast's episodes come minified (no description, chapters or track: 5,000 open fast); the
      // episode modals read one episode in full.
      api
        .call(itemRoutes.get, {
          params: { id },
          query: { expanded: 1, include: 'progress,rssfeed', episodes: 'minified' },
          signal,
        })
        .then(expandedItem),
  })
}

/** A list row asked for minified (the expanded form carries its files). */
const isMinifiedItem = (item: ListedItem): item is ListedItem & MinifiedLibraryItem =>
  !('libraryFiles' in item)

/** The answer to expanded=1 (the full form has no file count or size). */
function expandedItem(answer: ItemResponse): ExpandedItemResponse {
  if (!('numFiles' in answer)) throw new Error('The server answered the item unexpanded')
  return answer
}

/** GET /api/authors/:id?include=items,series, within the current library. */
export function useAuthor(id: string, libraryId: string | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: authorKeys.detail(id, libraryId),
    queryFn: async ({ signal }) =>
      // Audiobookshelf answers without `numBooks` or `lastFirst` (AuthorDetailAnswer).
      completeAuthorDetail(
        (await api.call(authorRoutes.get, {
          params: { id },
          query: { include: 'items,series', library: libraryId ?? undefined },
          signal,
        })) satisfies AuthorDetailAnswer,
      ),
  })
}

export type { ListedItem }
