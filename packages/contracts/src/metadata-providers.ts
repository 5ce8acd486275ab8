import { z } from 'zod'
import { AuthorWithCount } from './browse.ts'
import { LibraryItem } from './entities/library-item.ts'
import { MAX_BATCH_ITEMS } from './item-edit.ts'
import { queryFlag } from './query.ts'
import { messages } from './rules/messages.ts'
import { audibleRegions } from './metadata-providers-values.ts'

/**
 * Metadata providers and matching: GET /api/search/{providers,books,covers}, POST /api/items/:id/match,
 * batch quick match, library match-all, custom providers and author quick match. Shapes follow
 * Audiobookshelf's, so its apps read them unchanged.
 */

export { audibleRegions }
export const AudibleRegion = z.enum(audibleRegions)
export type AudibleRegion = z.infer<typeof AudibleRegion>

export const BookMatchSeries = z.object({ series: z.string(), sequence: z.string().nullable() })
export type BookMatchSeries = z.infer<typeof BookMatchSeries>

/**
 * One candidate from a provider, in Audiobookshelf's match shape. `author` and `narrator` are
 * comma-separated names, `tags` a comma-separated string (as Audiobookshelf sends them), `duration` minutes.
 */
export const BookMatch = z.object({
  title: z.string(),
  subtitle: z.string().nullable(),
  author: z.string().nullable(),
  narrator: z.string().nullable(),
  publisher: z.string().nullable(),
  publishedYear: z.string().nullable(),
  description: z.string().nullable(),
  cover: z.string().nullable(),
  isbn: z.string().nullable(),
  asin: z.string().nullable(),
  genres: z.array(z.string()),
  tags: z.string().nullable(),
  series: z.array(BookMatchSeries),
  language: z.string().nullable(),
  duration: z.number().nullable(),
})
export type BookMatch = z.infer<typeof BookMatch>

export const ProviderOption = z.object({ value: z.string(), text: z.string() })
export type ProviderOption = z.infer<typeof ProviderOption>

/** GET /api/search/providers: built-in providers and the custom ones of each media type. */
export const SearchProvidersResponse = z.object({
  providers: z.object({
    books: z.array(ProviderOption),
    booksCovers: z.array(ProviderOption),
    podcasts: z.array(ProviderOption),
  }),
})
export type SearchProvidersResponse = z.infer<typeof SearchProvidersResponse>

const searchText = z.string().trim().max(1000)
const providerSlug = z.string().trim().min(1).max(200)

/** GET /api/search/books?title&author&provider&id= (id: the library item being matched). */
export const SearchBooksQuery = z.object({
  title: searchText.default(''),
  author: searchText.default(''),
  provider: providerSlug.optional(),
  id: z.string().min(1).max(100).optional(),
})
export type SearchBooksQuery = z.infer<typeof SearchBooksQuery>

export const SearchBooksResponse = z.array(BookMatch)
export type SearchBooksResponse = z.infer<typeof SearchBooksResponse>

/** GET /api/search/covers?title&author&provider&podcast= (provider "all" asks every book provider). */
export const SearchCoversQuery = z.object({
  title: searchText.min(1, messages.titleRequired),
  author: searchText.default(''),
  provider: providerSlug.optional(),
  podcast: queryFlag.optional(),
})
export type SearchCoversQuery = z.infer<typeof SearchCoversQuery>

export const SearchCoversResponse = z.object({ results: z.array(z.string()) })
export type SearchCoversResponse = z.infer<typeof SearchCoversResponse>

/** POST /api/items/:id/match. Absent search fields come from the item; absent overrides from server settings. */
export const MatchItemRequest = z.object({
  provider: providerSlug.optional(),
  title: searchText.optional(),
  author: searchText.optional(),
  isbn: z.string().trim().max(50).optional(),
  asin: z.string().trim().max(50).optional(),
  overrideCover: z.boolean().optional(),
  overrideDetails: z.boolean().optional(),
})
export type MatchItemRequest = z.infer<typeof MatchItemRequest>

/** Nothing matched: the item is unchanged and `warning` says why (Audiobookshelf answers the same way). */
export const NO_MATCH_WARNING = 'Could not fetch metadata - try updating title and/or author'

export const MatchItemResponse = z.object({
  updated: z.boolean(),
  libraryItem: LibraryItem.optional(),
  warning: z.string().optional(),
})
export type MatchItemResponse = z.infer<typeof MatchItemResponse>

/** POST /api/items/batch/quickmatch (admin); the outcome arrives as `batch_quickmatch_complete`. */
export const BatchQuickMatchRequest = z.object({
  options: z
    .object({
      provider: providerSlug.optional(),
      overrideDetails: z.boolean().default(true),
      overrideCover: z.boolean().default(true),
    })
    .default({ overrideDetails: true, overrideCover: true }),
  libraryItemIds: z.array(z.string().min(1).max(100)).min(1).max(MAX_BATCH_ITEMS),
})
export type BatchQuickMatchRequest = z.infer<typeof BatchQuickMatchRequest>

/** Socket event `batch_quickmatch_complete`, to the admin who started the batch. */
export const BatchQuickMatchComplete = z.object({
  success: z.boolean(),
  updates: z.number(),
  unmatched: z.number(),
})
export type BatchQuickMatchComplete = z.infer<typeof BatchQuickMatchComplete>

export const customProviderMediaTypes = ['book', 'podcast'] as const

/** A custom provider as clients see it: the authorization value is never sent back, only whether one is set. */
export const CustomMetadataProvider = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  mediaType: z.enum(customProviderMediaTypes),
  /** A fixed mask when a value is stored, else null. */
  authHeaderValue: z.string().nullable(),
  /** The provider value used by search and match routes: `custom-<id>`. */
  slug: z.string(),
})
export type CustomMetadataProvider = z.infer<typeof CustomMetadataProvider>

/** POST /api/custom-metadata-providers (admin). */
export const CreateCustomMetadataProviderRequest = z.object({
  name: z
    .string({ error: messages.providerNameAndUrlRequired })
    .trim()
    .min(1, messages.providerNameAndUrlRequired)
    .max(200),
  url: z
    .string({ error: messages.providerNameAndUrlRequired })
    .trim()
    .min(1, messages.providerNameAndUrlRequired)
    .max(2000)
    .refine((u) => {
      try {
        const parsed = new URL(u)
        return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== ''
      } catch {
        return false
      }
    }, messages.invalidUrl),
  mediaType: z.enum(customProviderMediaTypes).default('book'),
  authHeaderValue: z.string().max(4000).nullable().optional(),
})
export type CreateCustomMetadataProviderRequest = z.infer<typeof CreateCustomMetadataProviderRequest>

export const CustomMetadataProvidersResponse = z.object({ providers: z.array(CustomMetadataProvider) })
export type CustomMetadataProvidersResponse = z.infer<typeof CustomMetadataProvidersResponse>

export const CustomMetadataProviderResponse = z.object({ provider: CustomMetadataProvider })
export type CustomMetadataProviderResponse = z.infer<typeof CustomMetadataProviderResponse>

/** POST /api/authors/:id/match: by ASIN (preferred) or by name, in one Audible region (default us). */
export const AuthorMatchRequest = z
  .object({
    asin: z.string().trim().max(50).optional(),
    q: z.string().trim().max(500).optional(),
    region: AudibleRegion.default('us'),
  })
  .refine((b) => Boolean(b.asin || b.q), 'ASIN or name required')
export type AuthorMatchRequest = z.infer<typeof AuthorMatchRequest>

export const AuthorMatchResponse = z.object({ updated: z.boolean(), author: AuthorWithCount })
export type AuthorMatchResponse = z.infer<typeof AuthorMatchResponse>

/** GET /api/search/authors?q=&region=: the closest Audnexus author, or null. */
export const SearchAuthorsQuery = z.object({
  q: z.string().trim().min(1, messages.nameRequired).max(500),
  region: AudibleRegion.default('us'),
})
export type SearchAuthorsQuery = z.infer<typeof SearchAuthorsQuery>

export const AuthorSearchResult = z.object({
  asin: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
})
export type AuthorSearchResult = z.infer<typeof AuthorSearchResult>

/** GET /api/search/chapters?asin=&region=: Audnexus chapters, or `{error: 'Chapters not found'}`. */
export const SearchChaptersQuery = z.object({
  asin: z
    .string({ error: messages.asinRequired })
    .trim()
    .min(1, messages.asinRequired)
    .regex(/^[A-Z0-9]{10}$/i, messages.invalidAsin),
  region: z.string().trim().toLowerCase().pipe(AudibleRegion).default('us'),
})
export type SearchChaptersQuery = z.infer<typeof SearchChaptersQuery>

export const AudibleChapters = z.object({
  asin: z.string(),
  brandIntroDurationMs: z.number().nullish(),
  brandOutroDurationMs: z.number().nullish(),
  chapters: z.array(
    z.object({
      lengthMs: z.number(),
      startOffsetMs: z.number(),
      startOffsetSec: z.number().nullish(),
      title: z.string(),
    }),
  ),
  isAccurate: z.boolean().nullish(),
  region: z.string().nullish(),
  runtimeLengthMs: z.number().nullish(),
  runtimeLengthSec: z.number().nullish(),
})
export type AudibleChapters = z.infer<typeof AudibleChapters>

/** GET /api/search/podcast?term=&country=: iTunes podcast search (country: a two-letter store code, default US). */
export const SearchPodcastQuery = z.object({
  term: z.string().trim().min(1, 'Search term is required').max(500),
  country: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/i, 'Invalid country')
    .default('US'),
})
export type SearchPodcastQuery = z.infer<typeof SearchPodcastQuery>

/** One podcast found on iTunes, in Audiobookshelf's shape. */
export const PodcastSearchResult = z.object({
  id: z.number(),
  artistId: z.number().nullable(),
  title: z.string(),
  artistName: z.string().nullable(),
  description: z.string().nullable(),
  descriptionPlain: z.string().nullable(),
  releaseDate: z.string().nullable(),
  genres: z.array(z.string()),
  cover: z.string().nullable(),
  trackCount: z.number().nullable(),
  feedUrl: z.string().nullable(),
  pageUrl: z.string().nullable(),
  explicit: z.boolean(),
})
export type PodcastSearchResult = z.infer<typeof PodcastSearchResult>
