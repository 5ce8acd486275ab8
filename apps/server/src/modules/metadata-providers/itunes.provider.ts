import type { BookMatch, PodcastSearchResult } from '@shelfcast/contracts'
import { z } from 'zod'
import { cleanText, yearOf } from '../../scanner/text.ts'
import { htmlToText } from '../../html/html-to-text.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { httpUrl, toBookMatches } from './book-match.ts'
import { endpoint, type ProviderHttp } from './provider-http.ts'
import type { BookMetadataProvider, BookSearch } from './provider-types.ts'

export const ITUNES_ORIGIN = 'https://itunes.apple.com'

// GET /search?term&media&entity: {resultCount, results}. Audiobooks are collections (collectionName),
// ebooks are tracks (trackName, genres[]), podcasts carry artworkUrl600.
const Result = z.object({
  collectionId: z.number().nullish(),
  artistId: z.number().nullish(),
  collectionViewUrl: z.string().nullish(),
  feedUrl: z.string().nullish(),
  trackCount: z.number().nullish(),
  collectionExplicitness: z.string().nullish(),
  wrapperType: z.string().nullish(),
  kind: z.string().nullish(),
  collectionName: z.string().nullish(),
  trackName: z.string().nullish(),
  artistName: z.string().nullish(),
  artworkUrl100: z.string().nullish(),
  artworkUrl600: z.string().nullish(),
  releaseDate: z.string().nullish(),
  primaryGenreName: z.string().nullish(),
  genres: z.array(z.string()).nullish(),
  description: z.string().nullish(),
  copyright: z.string().nullish(),
})
type Result = z.infer<typeof Result>
const SearchAnswer = z.object({ resultCount: z.number().optional(), results: z.array(Result) })

/** Artwork URLs name their size; the same path serves larger sizes. */
const larger = (url: string | null | undefined) => url?.replace(/\/\d+x\d+bb\./, '/600x600bb.') ?? null

/** The iTunes Search API: audiobooks first, ebooks when no audiobook matched; podcast covers for podcasts. */
export class ITunesProvider implements BookMetadataProvider {
  readonly slug = 'itunes'
  readonly name = 'iTunes'
  private readonly http: ProviderHttp
  private readonly origin: string
  constructor(http: ProviderHttp, origin = ITUNES_ORIGIN) {
    this.http = http
    this.origin = origin
  }

  private async search(
    term: string,
    media: 'audiobook' | 'ebook' | 'podcast',
    country = 'US',
  ): Promise<Result[]> {
    const url = endpoint(this.origin, 'search', {
      term,
      country,
      media,
      entity: media,
      limit: media === 'podcast' ? '25' : '10',
    })
    return (await this.http.json(url, SearchAnswer)).results
  }

  async searchBooks(search: BookSearch): Promise<BookMatch[]> {
    const term = [search.title, search.author].filter(Boolean).join(' ')
    let results = await this.search(term, 'audiobook')
    if (results.length === 0) results = await this.search(term, 'ebook')
    return toBookMatches(
      results.map((r) => ({
        title: r.collectionName ?? r.trackName,
        author: r.artistName,
        publishedYear: yearOf(r.releaseDate),
        description: r.description,
        cover: larger(r.artworkUrl100),
        genres: r.genres?.length
          ? r.genres.filter((g) => g !== 'Books')
          : r.primaryGenreName
            ? [r.primaryGenreName]
            : [],
      })),
    )
  }

  /** GET /api/search/podcast: podcasts of one iTunes store; only those with an id and a title. */
  async searchPodcasts(term: string, country: string): Promise<PodcastSearchResult[]> {
    const results = await this.search(term, 'podcast', country.toUpperCase())
    return results.flatMap((r) => {
      const title = cleanText(r.collectionName ?? r.trackName)
      if (!title || typeof r.collectionId !== 'number') return []
      const description = sanitizeDescription(cleanText(r.description, 20_000))
      return [
        {
          id: r.collectionId,
          artistId: r.artistId ?? null,
          title,
          artistName: cleanText(r.artistName),
          description,
          descriptionPlain: htmlToText(description),
          releaseDate: cleanText(r.releaseDate),
          genres: (r.genres ?? []).filter((g) => g !== 'Podcasts'),
          cover: httpUrl(r.artworkUrl600 ?? larger(r.artworkUrl100)),
          trackCount: r.trackCount ?? null,
          feedUrl: httpUrl(r.feedUrl),
          pageUrl: httpUrl(r.collectionViewUrl),
          explicit: r.collectionExplicitness === 'explicit',
        },
      ]
    })
  }

  /** GET /api/search/covers?podcast=1: podcast artwork by title. */
  async searchPodcastCovers(title: string): Promise<string[]> {
    const results = await this.search(title, 'podcast')
    return [...new Set(results.flatMap((r) => httpUrl(r.artworkUrl600 ?? larger(r.artworkUrl100)) ?? []))]
  }
}
