import { AudibleChapters, type AudibleRegion } from '@shelfcast/contracts'
import { z } from 'zod'
import { FetchStatusError } from '../../net/index.ts'
import { endpoint, MetadataFetchError, type ProviderHttp } from './provider-http.ts'

export const AUDNEXUS_ORIGIN = 'https://api.audnex.us'

const Named = z.object({ asin: z.string().nullish(), name: z.string() })
const Series = z.object({ asin: z.string().nullish(), name: z.string(), position: z.string().nullish() })

// GET /books/:asin?region=
export const AudnexusBook = z.object({
  asin: z.string(),
  title: z.string(),
  subtitle: z.string().nullish(),
  authors: z.array(Named).nullish(),
  narrators: z.array(Named).nullish(),
  publisherName: z.string().nullish(),
  summary: z.string().nullish(),
  description: z.string().nullish(),
  releaseDate: z.string().nullish(),
  image: z.string().nullish(),
  isbn: z.string().nullish(),
  language: z.string().nullish(),
  runtimeLengthMin: z.number().nullish(),
  genres: z.array(z.object({ name: z.string(), type: z.string().nullish() })).nullish(),
  seriesPrimary: Series.nullish(),
  seriesSecondary: Series.nullish(),
})
export type AudnexusBook = z.infer<typeof AudnexusBook>

// GET /authors/:asin?region=
export const AudnexusAuthor = z.object({
  asin: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  image: z.string().nullish(),
})
export type AudnexusAuthor = z.infer<typeof AudnexusAuthor>

// GET /authors?name=&region=: candidates without details.
const AuthorCandidates = z.array(z.object({ asin: z.string(), name: z.string() }))

const ASIN = /^[A-Z0-9]{10}$/i

/** Audnexus: Audible book and author details by ASIN, and author lookup by name. */
export class AudnexusClient {
  private readonly http: ProviderHttp
  private readonly origin: string
  constructor(http: ProviderHttp, origin = AUDNEXUS_ORIGIN) {
    this.http = http
    this.origin = origin
  }

  private url(pathname: string, params: Record<string, string>): URL {
    return endpoint(this.origin, pathname, params)
  }

  async book(asin: string, region: AudibleRegion): Promise<AudnexusBook | null> {
    if (!ASIN.test(asin)) return null
    return this.http.json(
      this.url(`/books/${encodeURIComponent(asin.toUpperCase())}`, { region }),
      AudnexusBook,
    )
  }

  async author(asin: string, region: AudibleRegion): Promise<AudnexusAuthor | null> {
    if (!ASIN.test(asin)) return null
    return this.http.json(
      this.url(`/authors/${encodeURIComponent(asin.toUpperCase())}`, { region }),
      AudnexusAuthor,
    )
  }

  /** GET /api/search/chapters: Audible's chapters of an ASIN. */
  async chapters(asin: string, region: AudibleRegion): Promise<AudibleChapters | null> {
    if (!ASIN.test(asin)) return null
    return this.http.json(
      this.url(`/books/${encodeURIComponent(asin.toUpperCase())}/chapters`, { region }),
      AudibleChapters,
    )
  }

  /** The closest name among Audnexus' candidates (edit distance at most 3, as Audiobookshelf allows), in detail. */
  async authorByName(name: string, region: AudibleRegion): Promise<AudnexusAuthor | null> {
    const candidates = await this.http.json(this.url('/authors', { name, region }), AuthorCandidates)
    let best: { asin: string; distance: number } | null = null
    for (const c of candidates) {
      const distance = editDistance(c.name.toLowerCase(), name.toLowerCase())
      if (!best || distance < best.distance) best = { asin: c.asin, distance }
    }
    return best && best.distance <= 3 ? this.author(best.asin, region) : null
  }
}

/** An Audnexus lookup where an ASIN it does not know (404) is null, not a provider failure. */
export async function orNullWhenUnknown<T>(lookup: Promise<T | null>): Promise<T | null> {
  try {
    return await lookup
  } catch (err) {
    if (
      err instanceof MetadataFetchError &&
      err.cause instanceof FetchStatusError &&
      err.cause.status === 404
    )
      return null
    throw err
  }
}

export const isProbablyAsin = (text: string) => ASIN.test(text.trim()) && /\d/.test(text)

/** Levenshtein distance; names are short (capped at 500), so the quadratic table stays small. */
export function editDistance(a: string, b: string): number {
  const x = a.slice(0, 500)
  const y = b.slice(0, 500)
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const current = [i]
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[y.length] ?? 0
}
