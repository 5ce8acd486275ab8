import type { BookMatch } from '@shelfcast/contracts'
import { z } from 'zod'
import { toBookMatches } from './book-match.ts'
import { endpoint, type ProviderHttp } from './provider-http.ts'
import type { BookMetadataProvider, BookSearch } from './provider-types.ts'

const Text = z.union([z.string(), z.number()]).nullish()
const Names = z.union([z.array(z.string()), z.string()]).nullish()

// Audiobookshelf's custom provider protocol: GET <url>/search?query=&author= answers {matches: [BookMetadata]}.
// The published spec names the year `published_year`; Audiobookshelf itself reads `publishedYear`: both are taken.
const Match = z.object({
  title: z.string().nullish(),
  subtitle: z.string().nullish(),
  author: z.string().nullish(),
  narrator: z.string().nullish(),
  publisher: z.string().nullish(),
  publishedYear: Text,
  published_year: Text,
  description: z.string().nullish(),
  cover: z.string().nullish(),
  isbn: z.string().nullish(),
  asin: z.string().nullish(),
  genres: Names,
  tags: Names,
  series: z.array(z.object({ series: z.string().nullish(), sequence: Text })).nullish(),
  language: z.string().nullish(),
  duration: z.number().nullish(),
})
const SearchAnswer = z.object({ matches: z.array(Match) })

const list = (v: string[] | string | null | undefined) => (typeof v === 'string' ? v.split(',') : (v ?? []))

/** An admin-added provider speaking Audiobookshelf's custom metadata provider protocol. */
export class CustomProvider implements BookMetadataProvider {
  readonly slug: string
  readonly name: string
  private readonly http: ProviderHttp
  private readonly baseUrl: string
  private readonly authHeaderValue: string | null
  constructor(
    http: ProviderHttp,
    provider: { id: string; name: string; url: string; authHeaderValue: string | null },
  ) {
    this.http = http
    this.slug = `custom-${provider.id}`
    this.name = provider.name
    this.baseUrl = provider.url.replace(/\/+$/, '')
    this.authHeaderValue = provider.authHeaderValue
  }

  async searchBooks(search: BookSearch): Promise<BookMatch[]> {
    const params = new URLSearchParams({ query: search.title })
    if (search.author) params.set('author', search.author)
    // The base URL may carry a path (".../provider/goodreads"): the search path is appended to it.
    const url = endpoint(this.baseUrl, 'search', params)
    const answer = await this.http.json(
      url,
      SearchAnswer,
      this.authHeaderValue ? { authorization: this.authHeaderValue } : undefined,
    )
    return toBookMatches(
      answer.matches.map((m) => ({
        ...m,
        publishedYear: m.publishedYear ?? m.published_year,
        genres: list(m.genres),
        tags: list(m.tags),
        series: m.series?.map((s) => ({
          series: s.series,
          sequence: s.sequence === null || s.sequence === undefined ? null : String(s.sequence),
        })),
      })),
    )
  }
}
