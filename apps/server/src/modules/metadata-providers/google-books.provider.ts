import type { BookMatch } from '@shelfcast/contracts'
import { z } from 'zod'
import { yearOf } from '../../scanner/text.ts'
import { toBookMatches } from './book-match.ts'
import { endpoint, type ProviderHttp } from './provider-http.ts'
import type { BookMetadataProvider, BookSearch } from './provider-types.ts'

export const GOOGLE_BOOKS_ORIGIN = 'https://www.googleapis.com'

// GET /books/v1/volumes?q=...: {totalItems, items?: [{id, volumeInfo}]}; `items` is absent when nothing matched.
const Volume = z.object({
  id: z.string().optional(),
  volumeInfo: z.object({
    title: z.string().nullish(),
    subtitle: z.string().nullish(),
    authors: z.array(z.string()).nullish(),
    publisher: z.string().nullish(),
    publishedDate: z.string().nullish(),
    description: z.string().nullish(),
    industryIdentifiers: z.array(z.object({ type: z.string(), identifier: z.string() })).nullish(),
    categories: z.array(z.string()).nullish(),
    imageLinks: z.record(z.string(), z.string()).nullish(),
    language: z.string().nullish(),
  }),
})
const VolumesAnswer = z.object({ totalItems: z.number().optional(), items: z.array(Volume).nullish() })

/** Largest first: Google lists only the sizes it has. */
const IMAGE_SIZES = ['extraLarge', 'large', 'medium', 'small', 'thumbnail', 'smallThumbnail']

/** Google Books volumes search (no key needed for a few searches; intitle/inauthor/isbn qualifiers). */
export class GoogleBooksProvider implements BookMetadataProvider {
  readonly slug = 'google'
  readonly name = 'Google Books'
  private readonly http: ProviderHttp
  private readonly origin: string
  constructor(http: ProviderHttp, origin = GOOGLE_BOOKS_ORIGIN) {
    this.http = http
    this.origin = origin
  }

  async searchBooks(search: BookSearch): Promise<BookMatch[]> {
    const q = search.isbn
      ? `isbn:${search.isbn}`
      : [`intitle:${search.title}`, search.author ? `inauthor:${search.author}` : '']
          .filter(Boolean)
          .join(' ')
    const url = endpoint(this.origin, 'books/v1/volumes', { q, maxResults: '20', printType: 'books' })
    const answer = await this.http.json(url, VolumesAnswer)
    return toBookMatches(
      (answer.items ?? []).map(({ volumeInfo: v }) => {
        const ids = v.industryIdentifiers ?? []
        const isbn = ids.find((i) => i.type === 'ISBN_13') ?? ids.find((i) => i.type === 'ISBN_10')
        const images = v.imageLinks ?? {}
        const cover = IMAGE_SIZES.map((size) => images[size]).find(Boolean)
        return {
          title: v.title,
          subtitle: v.subtitle,
          author: v.authors?.join(', '),
          publisher: v.publisher,
          publishedYear: yearOf(v.publishedDate),
          description: v.description,
          cover,
          isbn: isbn?.identifier,
          genres: v.categories,
          language: v.language,
        }
      }),
    )
  }
}
