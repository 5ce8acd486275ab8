import {
  audibleRegions,
  type AudibleRegion,
  type BookMatch,
  type ProviderOption,
  type SearchProvidersResponse,
} from '@shelfcast/contracts'
import { badRequest } from '../../http/errors.ts'
import type { GuardedFetcher } from '../../net/index.ts'
import { AudibleProvider, audibleCatalogOrigin } from './audible.provider.ts'
import { AudiobookCoversProvider } from './audiobook-covers.provider.ts'
import { AudnexusClient } from './audnexus.client.ts'
import { CustomProvider } from './custom.provider.ts'
import type { CustomProvidersService } from './custom-providers.service.ts'
import { FantLabProvider } from './fantlab.provider.ts'
import { GoogleBooksProvider } from './google-books.provider.ts'
import { ITunesProvider } from './itunes.provider.ts'
import { OpenLibraryProvider } from './open-library.provider.ts'
import { DEFAULT_PROVIDER_TIMEOUT_MS, ProviderHttp } from './provider-http.ts'
import { coversFrom, type BookMetadataProvider, type BookSearch } from './provider-types.ts'

/** Where each provider lives. Production uses the real services; tests point every one at a loopback server. */
export interface ProviderOrigins {
  googleBooks?: string
  openLibrary?: string
  openLibraryCovers?: string
  itunes?: string
  audible?: (region: AudibleRegion) => string
  audnexus?: string
  fantlabApi?: string
  fantlabSite?: string
  audiobookCovers?: string
}

export interface MetadataProvidersOptions {
  origins?: ProviderOrigins
  /** Per request; a slower provider answers "Error fetching metadata: ... took too long". */
  timeoutMs?: number
}

/** "All" on the covers search: every built-in provider at once, the cover site included. */
const ALL_COVERS = { value: 'all', text: 'All' }

/** The built-in providers and the admin's custom ones, by the provider values clients send. */
export class MetadataProviders {
  readonly audnexus: AudnexusClient
  readonly itunes: ITunesProvider
  private readonly http: ProviderHttp
  private readonly builtIn: Map<string, BookMetadataProvider>
  private readonly customs: CustomProvidersService
  private readonly coverSite: AudiobookCoversProvider

  constructor(deps: {
    fetcher: GuardedFetcher
    customs: CustomProvidersService
    options?: MetadataProvidersOptions
  }) {
    const o = deps.options?.origins ?? {}
    this.http = new ProviderHttp(deps.fetcher, deps.options?.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS)
    this.customs = deps.customs
    this.audnexus = new AudnexusClient(this.http, o.audnexus)
    this.itunes = new ITunesProvider(this.http, o.itunes)
    const audibleOrigin = o.audible ?? audibleCatalogOrigin
    const list: BookMetadataProvider[] = [
      new GoogleBooksProvider(this.http, o.googleBooks),
      new OpenLibraryProvider(this.http, { api: o.openLibrary, covers: o.openLibraryCovers }),
      this.itunes,
      ...audibleRegions.map(
        (region) =>
          new AudibleProvider({
            http: this.http,
            audnexus: this.audnexus,
            region,
            origin: audibleOrigin(region),
          }),
      ),
      new FantLabProvider(this.http, { api: o.fantlabApi, site: o.fantlabSite }),
    ]
    this.builtIn = new Map(list.map((p) => [p.slug, p]))
    this.coverSite = new AudiobookCoversProvider(this.http, o.audiobookCovers)
  }

  /** GET /api/search/providers. */
  async list(): Promise<SearchProvidersResponse> {
    const books: ProviderOption[] = [...this.builtIn.values()].map((p) => ({ value: p.slug, text: p.name }))
    const customs = await this.customs.list()
    const customOf = (mediaType: string) =>
      customs.filter((c) => c.mediaType === mediaType).map((c) => ({ value: c.slug, text: c.name }))
    return {
      providers: {
        books: [...books, ...customOf('book')],
        booksCovers: [
          ALL_COVERS,
          ...books,
          { value: this.coverSite.slug, text: this.coverSite.name },
          ...customOf('book'),
        ],
        podcasts: [{ value: this.itunes.slug, text: this.itunes.name }, ...customOf('podcast')],
      },
    }
  }

  /** The provider behind a provider value; "audible.us" is Audible.com, as some clients send it. */
  async resolve(slug: string): Promise<BookMetadataProvider> {
    const key = slug === 'audible.us' ? 'audible' : slug
    const builtIn = this.builtIn.get(key)
    if (builtIn) return builtIn
    const custom = await this.customs.bySlug(key)
    if (custom)
      return new CustomProvider(this.http, {
        id: custom.id,
        name: custom.name,
        url: custom.url,
        authHeaderValue: custom.auth_header_value,
      })
    throw badRequest('Invalid metadata provider')
  }

  async searchBooks(slug: string, search: BookSearch): Promise<BookMatch[]> {
    return (await this.resolve(slug)).searchBooks(search)
  }

  /** Cover URLs; "all" asks every built-in provider and keeps what the ones that answered found. */
  async searchCovers(slug: string, search: BookSearch): Promise<string[]> {
    if (slug === this.coverSite.slug) return this.coverSite.searchCovers(search)
    if (slug !== ALL_COVERS.value) return coversFrom(await this.resolve(slug), search)
    // One Audible store stands for all: they share covers, and ten identical searches would only be slower.
    const providers = [...this.builtIn.values()].filter((p) => !p.slug.startsWith('audible.'))
    const results = await Promise.allSettled([
      ...providers.map((p) => coversFrom(p, search)),
      this.coverSite.searchCovers(search),
    ])
    const covers = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []))
    if (covers.length === 0) {
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (failed && results.every((r) => r.status === 'rejected')) throw failed.reason
    }
    return [...new Set(covers)]
  }

  async searchPodcastCovers(title: string): Promise<string[]> {
    return this.itunes.searchPodcastCovers(title)
  }
}
