import type { BookMatch } from '@shelfcast/contracts'
import { z } from 'zod'
import { toBookMatches } from './book-match.ts'
import { endpoint, type ProviderHttp } from './provider-http.ts'
import { type BookMetadataProvider, type BookSearch } from './provider-types.ts'

export const OPEN_LIBRARY_ORIGIN = 'https://openlibrary.org'
export const OPEN_LIBRARY_COVERS_ORIGIN = 'https://covers.openlibrary.org'

/** search.json only returns the fields asked for (newer Open Library drops isbn and others by default). */
const FIELDS = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn,cover_i,language,subject'
/** Descriptions live on the work; fetched for the first few hits only, to stay polite. */
const WORKS_WITH_DESCRIPTION = 5

const Doc = z.object({
  key: z.string().nullish(),
  title: z.string().nullish(),
  subtitle: z.string().nullish(),
  author_name: z.array(z.string()).nullish(),
  first_publish_year: z.number().nullish(),
  publisher: z.array(z.string()).nullish(),
  isbn: z.array(z.string()).nullish(),
  cover_i: z.number().nullish(),
  language: z.array(z.string()).nullish(),
  subject: z.array(z.string()).nullish(),
})
const SearchAnswer = z.object({ numFound: z.number().optional(), docs: z.array(Doc) })
// GET /works/OL...W.json: description is either a string or {type: "/type/text", value}.
const WorkAnswer = z.object({ description: z.union([z.string(), z.object({ value: z.string() })]).nullish() })

/** Open Library search.json, work descriptions, and cover images by cover id. */
export class OpenLibraryProvider implements BookMetadataProvider {
  readonly slug = 'openlibrary'
  readonly name = 'Open Library'
  private readonly http: ProviderHttp
  private readonly origin: string
  private readonly coversOrigin: string
  constructor(http: ProviderHttp, origins: { api?: string; covers?: string } = {}) {
    this.http = http
    this.origin = origins.api ?? OPEN_LIBRARY_ORIGIN
    this.coversOrigin = origins.covers ?? OPEN_LIBRARY_COVERS_ORIGIN
  }

  private async search(search: BookSearch) {
    const params = new URLSearchParams(search.isbn ? { isbn: search.isbn } : { title: search.title })
    if (!search.isbn && search.author) params.set('author', search.author)
    params.set('limit', '10')
    params.set('fields', FIELDS)
    const url = endpoint(this.origin, 'search.json', params)
    return (await this.http.json(url, SearchAnswer)).docs
  }

  private cover(id: number | null | undefined): string | null {
    return id ? endpoint(this.coversOrigin, `b/id/${id}-L.jpg`).href : null
  }

  private async description(key: string | null | undefined): Promise<string | null> {
    if (!key || !/^\/works\/OL\d+W$/.test(key)) return null
    const work = await this.http.json(endpoint(this.origin, `${key}.json`), WorkAnswer)
    const d = work.description
    return typeof d === 'string' ? d : (d?.value ?? null)
  }

  async searchBooks(search: BookSearch): Promise<BookMatch[]> {
    const docs = await this.search(search)
    // A work whose description cannot be read still matches; only a search that fails entirely is an error.
    const descriptions = await Promise.all(
      docs.slice(0, WORKS_WITH_DESCRIPTION).map((d) => this.description(d.key).catch(() => null)),
    )
    return toBookMatches(
      docs.map((d, i) => ({
        title: d.title,
        subtitle: d.subtitle,
        author: d.author_name?.join(', '),
        publisher: d.publisher?.[0],
        publishedYear: d.first_publish_year ?? null,
        description: descriptions[i] ?? null,
        cover: this.cover(d.cover_i),
        isbn: d.isbn?.find((x) => x.length === 13) ?? d.isbn?.[0],
        genres: d.subject?.slice(0, 10),
        language: d.language?.[0],
      })),
    )
  }

  async searchCovers(search: BookSearch): Promise<string[]> {
    const docs = await this.search(search)
    return [...new Set(docs.flatMap((d) => this.cover(d.cover_i) ?? []))]
  }
}
