import type { AudibleRegion, BookMatch } from '@shelfcast/contracts'
import { z } from 'zod'
import { yearOf } from '../../scanner/text.ts'
import { toBookMatches, type RawBookMatch } from './book-match.ts'
import { isProbablyAsin, type AudnexusBook, type AudnexusClient } from './audnexus.client.ts'
import { endpoint, type ProviderHttp } from './provider-http.ts'
import type { BookMetadataProvider, BookSearch } from './provider-types.ts'

/** Each region's Audible store: the provider value's suffix, the API host's domain and a display name. */
export const audibleStores: Record<AudibleRegion, { suffix: string; domain: string; name: string }> = {
  us: { suffix: '', domain: 'com', name: 'Audible.com' },
  ca: { suffix: '.ca', domain: 'ca', name: 'Audible.ca' },
  uk: { suffix: '.uk', domain: 'co.uk', name: 'Audible.co.uk' },
  au: { suffix: '.au', domain: 'com.au', name: 'Audible.com.au' },
  fr: { suffix: '.fr', domain: 'fr', name: 'Audible.fr' },
  de: { suffix: '.de', domain: 'de', name: 'Audible.de' },
  jp: { suffix: '.jp', domain: 'co.jp', name: 'Audible.co.jp' },
  it: { suffix: '.it', domain: 'it', name: 'Audible.it' },
  in: { suffix: '.in', domain: 'in', name: 'Audible.in' },
  es: { suffix: '.es', domain: 'es', name: 'Audible.es' },
}

/** The production catalog API of a region. */
export const audibleCatalogOrigin = (region: AudibleRegion) =>
  `https://api.audible.${audibleStores[region].domain}`

const RESPONSE_GROUPS = 'contributors,product_desc,product_extended_attrs,media,series,category_ladders'

// GET /1.0/catalog/products?title&author&...: {products: [...]}. Only the fields used are checked.
const Product = z.object({
  asin: z.string().nullish(),
  title: z.string().nullish(),
  subtitle: z.string().nullish(),
  authors: z.array(z.object({ name: z.string() })).nullish(),
  narrators: z.array(z.object({ name: z.string() })).nullish(),
  publisher_name: z.string().nullish(),
  publisher_summary: z.string().nullish(),
  merchandising_summary: z.string().nullish(),
  release_date: z.string().nullish(),
  product_images: z.record(z.string(), z.string()).nullish(),
  runtime_length_min: z.number().nullish(),
  language: z.string().nullish(),
  series: z.array(z.object({ title: z.string(), sequence: z.string().nullish() })).nullish(),
  category_ladders: z.array(z.object({ ladder: z.array(z.object({ name: z.string() })) })).nullish(),
})
type Product = z.infer<typeof Product>
const ProductsAnswer = z.object({ products: z.array(Product) })

const capitalise = (s: string | null | undefined) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : null)

function fromProduct(p: Product): RawBookMatch {
  const images = p.product_images ?? {}
  const largest = Object.keys(images).sort((a, b) => Number(b) - Number(a))[0]
  const ladders = p.category_ladders ?? []
  return {
    title: p.title,
    subtitle: p.subtitle,
    author: p.authors?.map((a) => a.name).join(', '),
    narrator: p.narrators?.map((n) => n.name).join(', '),
    publisher: p.publisher_name,
    publishedYear: yearOf(p.release_date),
    description: p.publisher_summary ?? p.merchandising_summary,
    cover: largest ? images[largest] : null,
    asin: p.asin,
    // The first rung of each ladder is a genre, deeper rungs are finer tags (Audiobookshelf splits them alike).
    genres: ladders.map((l) => l.ladder[0]?.name),
    tags: ladders.flatMap((l) => l.ladder.slice(1).map((r) => r.name)),
    series: p.series?.map((s) => ({ series: s.title, sequence: s.sequence })),
    language: capitalise(p.language),
    duration: p.runtime_length_min,
  }
}

function fromAudnexus(b: AudnexusBook): RawBookMatch {
  const series = [b.seriesPrimary, b.seriesSecondary].flatMap((s) =>
    s ? [{ series: s.name, sequence: s.position }] : [],
  )
  return {
    title: b.title,
    subtitle: b.subtitle,
    author: b.authors?.map((a) => a.name).join(', '),
    narrator: b.narrators?.map((n) => n.name).join(', '),
    publisher: b.publisherName,
    publishedYear: yearOf(b.releaseDate),
    description: b.summary ?? b.description,
    cover: b.image,
    isbn: b.isbn,
    asin: b.asin,
    genres: b.genres?.filter((g) => g.type === 'genre').map((g) => g.name),
    tags: b.genres?.filter((g) => g.type === 'tag').map((g) => g.name),
    series,
    language: capitalise(b.language),
    duration: b.runtimeLengthMin,
  }
}

/**
 * One Audible store. An ASIN (given, or typed as the title) is looked up on Audnexus first; otherwise, or when
 * Audnexus does not know it, the store's catalog is searched by title and author.
 */
export class AudibleProvider implements BookMetadataProvider {
  readonly slug: string
  readonly name: string
  readonly region: AudibleRegion
  private readonly http: ProviderHttp
  private readonly audnexus: AudnexusClient
  private readonly origin: string
  constructor(deps: {
    http: ProviderHttp
    audnexus: AudnexusClient
    region: AudibleRegion
    origin?: string
  }) {
    this.http = deps.http
    this.audnexus = deps.audnexus
    this.region = deps.region
    this.slug = `audible${audibleStores[deps.region].suffix}`
    this.name = audibleStores[deps.region].name
    this.origin = deps.origin ?? audibleCatalogOrigin(deps.region)
  }

  async searchBooks(search: BookSearch): Promise<BookMatch[]> {
    const asin = search.asin || (isProbablyAsin(search.title) ? search.title.trim() : null)
    if (asin) {
      const book = await this.audnexus.book(asin, this.region).catch(() => null)
      if (book) return toBookMatches([fromAudnexus(book)])
    }
    const params = new URLSearchParams({
      num_results: '10',
      products_sort_by: 'Relevance',
      response_groups: RESPONSE_GROUPS,
      image_sizes: '500,1024',
      title: search.title,
    })
    if (search.author) params.set('author', search.author)
    const answer = await this.http.json(endpoint(this.origin, '1.0/catalog/products', params), ProductsAnswer)
    return toBookMatches(answer.products.map(fromProduct))
  }
}
