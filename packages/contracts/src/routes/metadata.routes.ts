import { z } from 'zod'
import {
  AudibleChapters,
  AuthorMatchRequest,
  AuthorMatchResponse,
  AuthorSearchResult,
  BatchQuickMatchRequest,
  CreateCustomMetadataProviderRequest,
  CustomMetadataProviderResponse,
  CustomMetadataProvidersResponse,
  MatchItemRequest,
  MatchItemResponse,
  PodcastSearchResult,
  SearchAuthorsQuery,
  SearchBooksQuery,
  SearchBooksResponse,
  SearchChaptersQuery,
  SearchCoversQuery,
  SearchCoversResponse,
  SearchPodcastQuery,
  SearchProvidersResponse,
} from '../metadata-providers.ts'
import { defineRoute } from './route.ts'

const tag = 'Metadata'

/** A provider that failed or answered in a shape we do not read is a 400 "Error fetching metadata: ...". */
const PROVIDER_FAILED =
  'The provider failed or answered in an unexpected shape ("Error fetching metadata: ...")'

/** Ids in these routes are bounded like the items and authors they name. */
const IdParams = z.object({ id: z.string().min(1).max(100) })

/** Background matches answer at once; the outcome arrives as a task (and, for a batch, a socket event). */
const Started = z.object({ success: z.boolean() })

/** Metadata providers, searches and matching (modules/metadata-providers). */
export const metadataRoutes = {
  providers: defineRoute({
    method: 'GET',
    path: '/api/search/providers',
    tag,
    summary: 'The book, cover and podcast providers offered for searches (built-in and custom)',
    answer: SearchProvidersResponse,
  }),
  searchBooks: defineRoute({
    method: 'GET',
    path: '/api/search/books',
    tag,
    summary: "Book candidates from one provider (title and author default to the item `id`'s)",
    query: SearchBooksQuery,
    answer: SearchBooksResponse,
    errors: {
      400: `Title is required, invalid metadata provider, or ${PROVIDER_FAILED}`,
      404: 'No such item, or not accessible',
    },
  }),
  searchCovers: defineRoute({
    method: 'GET',
    path: '/api/search/covers',
    tag,
    summary: 'Cover image URLs for a title and author (provider "all" asks every one; podcast=1 asks iTunes)',
    query: SearchCoversQuery,
    answer: SearchCoversResponse,
    errors: { 400: `Title is required, invalid metadata provider, or ${PROVIDER_FAILED}` },
  }),
  searchPodcasts: defineRoute({
    method: 'GET',
    path: '/api/search/podcast',
    tag,
    summary: "Podcasts in the iTunes directory of one country's store",
    query: SearchPodcastQuery,
    answer: z.array(PodcastSearchResult),
    errors: { 400: `Search term is required, invalid country, or ${PROVIDER_FAILED}` },
  }),
  searchAuthors: defineRoute({
    method: 'GET',
    path: '/api/search/authors',
    tag,
    summary: 'The closest Audible author by name (Audnexus), or null',
    query: SearchAuthorsQuery,
    answer: AuthorSearchResult.nullable(),
    errors: { 400: `Name is required, or ${PROVIDER_FAILED}` },
  }),
  searchChapters: defineRoute({
    method: 'GET',
    path: '/api/search/chapters',
    tag,
    summary: "A book's Audible chapters by ASIN (Audnexus), or `{error: 'Chapters not found'}`",
    query: SearchChaptersQuery,
    answer: z.union([AudibleChapters, z.object({ error: z.string() })]),
    errors: { 400: `ASIN required, invalid ASIN or region, or ${PROVIDER_FAILED}` },
  }),
  matchItem: defineRoute({
    method: 'POST',
    path: '/api/items/:id/match',
    tag,
    summary: "Quick-matches one book: the provider's best candidate updates its details and cover",
    permission: 'update',
    params: IdParams,
    body: MatchItemRequest,
    answer: MatchItemResponse,
    errors: {
      400: `Not a book, title is required, invalid metadata provider, or ${PROVIDER_FAILED}`,
      404: 'No such item, or not accessible',
    },
  }),
  quickMatchBatch: defineRoute({
    method: 'POST',
    path: '/api/items/batch/quickmatch',
    tag,
    summary: 'Quick-matches several books as a task; the outcome arrives as `batch_quickmatch_complete`',
    access: 'admin',
    permission: 'update',
    body: BatchQuickMatchRequest,
    answer: Started,
    errors: { 400: 'No ids, too many ids, or bad options' },
  }),
  matchLibrary: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/matchall',
    tag,
    summary: "Quick-matches every present book of a library as a task, with the library's provider",
    access: 'admin',
    params: IdParams,
    answer: Started,
    errors: {
      400: 'Not a book library',
      404: 'No such library',
      409: 'This library is already being matched',
    },
  }),
  matchAuthor: defineRoute({
    method: 'POST',
    path: '/api/authors/:id/match',
    tag,
    summary: "Fills an author's details and image from Audible (Audnexus) by ASIN or name",
    permission: 'update',
    params: IdParams,
    body: AuthorMatchRequest,
    answer: AuthorMatchResponse,
    errors: {
      400: `ASIN or name required, or ${PROVIDER_FAILED}`,
      404: 'No such author (or not accessible), or Audible knows no such author',
    },
  }),
  listCustomProviders: defineRoute({
    method: 'GET',
    path: '/api/custom-metadata-providers',
    tag,
    summary: "The admin's custom metadata providers (authorization values masked)",
    access: 'admin',
    answer: CustomMetadataProvidersResponse,
  }),
  createCustomProvider: defineRoute({
    method: 'POST',
    path: '/api/custom-metadata-providers',
    tag,
    summary: 'Adds a custom metadata provider (an Audiobookshelf-style search endpoint)',
    access: 'admin',
    body: CreateCustomMetadataProviderRequest,
    answer: CustomMetadataProviderResponse,
    errors: { 400: 'Name and Url required, or invalid URL' },
  }),
  removeCustomProvider: defineRoute({
    method: 'DELETE',
    path: '/api/custom-metadata-providers/:id',
    tag,
    summary: 'Deletes a custom metadata provider',
    access: 'admin',
    params: IdParams,
    answer: z.object({}),
    errors: { 404: 'Provider not found' },
  }),
} as const
