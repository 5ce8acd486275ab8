import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createGuardedFetcher, type GuardedFetcher } from '../../net/index.ts'
import {
  FAKE_AUTHOR_ASIN,
  FAKE_BOOK_ASIN,
  FAKE_CUSTOM_AUTH,
  NO_HITS,
  startFakeMetadataProviders,
  type FakeMetadataProviders,
  type FakeProviderMode,
} from '../../test-support/fake-metadata-providers.ts'
import { AudibleProvider } from './audible.provider.ts'
import { AudnexusClient } from './audnexus.client.ts'
import { CustomProvider } from './custom.provider.ts'
import { FantLabProvider } from './fantlab.provider.ts'
import { GoogleBooksProvider } from './google-books.provider.ts'
import { ITunesProvider } from './itunes.provider.ts'
import { OpenLibraryProvider } from './open-library.provider.ts'
import { MetadataFetchError, ProviderHttp } from './provider-http.ts'
import { coversFrom, type BookMetadataProvider } from './provider-types.ts'

describe('metadata providers against protocol-true fake services', () => {
  let fake: FakeMetadataProviders
  let fetcher: GuardedFetcher
  let http: ProviderHttp
  let providers: Record<string, BookMetadataProvider>
  let audnexus: AudnexusClient

  beforeAll(async () => {
    fake = await startFakeMetadataProviders()
    // Only "localhost" is allowlisted: a redirect to the literal 127.0.0.1 is a private address and refused.
    fetcher = createGuardedFetcher({ allowHosts: ['localhost'], userAgent: 'Shelfcast/test' })
    http = new ProviderHttp(fetcher, 500)
    const o = fake.options.origins ?? {}
    audnexus = new AudnexusClient(http, o.audnexus)
    providers = {
      google: new GoogleBooksProvider(http, o.googleBooks),
      openlibrary: new OpenLibraryProvider(http, { api: o.openLibrary, covers: o.openLibraryCovers }),
      itunes: new ITunesProvider(http, o.itunes),
      'audible.uk': new AudibleProvider({ http, audnexus, region: 'uk', origin: o.audible?.('uk') }),
      fantlab: new FantLabProvider(http, { api: o.fantlabApi, site: o.fantlabSite }),
      custom: new CustomProvider(http, {
        id: 'c1',
        name: 'Mine',
        url: `${fake.origin}/custom/`,
        authHeaderValue: FAKE_CUSTOM_AUTH,
      }),
    }
  })
  beforeEach(() => {
    fake.mode = 'ok'
  })
  afterAll(async () => {
    fetcher?.close()
    await fake?.close()
  })

  it('Google Books: qualifiers in q, ISBN-13 preferred, year, HTML description kept to the allowlist (its script gone)', async () => {
    const [hit, ...rest] = await providers.google!.searchBooks({ title: 'Mort', author: 'Terry Pratchett' })
    expect(rest).toEqual([])
    expect(fake.requestsTo('/google/').at(-1)?.url.searchParams.get('q')).toBe(
      'intitle:Mort inauthor:Terry Pratchett',
    )
    expect(hit).toEqual({
      title: 'Mort (Google)',
      subtitle: 'A Discworld Novel',
      author: 'Terry Pratchett',
      narrator: null,
      publisher: 'HarperCollins',
      publishedYear: '1987',
      description: '<p>Death takes an <b>apprentice</b>.</p>',
      cover: `${fake.origin}/img/google.png`,
      isbn: '9780552131063',
      asin: null,
      genres: ['Fiction', 'Fantasy'],
      tags: null,
      series: [],
      language: 'en',
      duration: null,
    })
    expect(await providers.google!.searchBooks({ title: NO_HITS })).toEqual([])
    await providers.google!.searchBooks({ title: 'x', isbn: '9780552131063' })
    expect(fake.requestsTo('/google/').at(-1)?.url.searchParams.get('q')).toBe('isbn:9780552131063')
  })

  it('Open Library: requested fields, work descriptions in both forms, covers by cover id', async () => {
    const hits = await providers.openlibrary!.searchBooks({
      title: 'A Wizard of Earthsea',
      author: 'Le Guin',
    })
    const search = fake.requestsTo('/openlibrary/search.json').at(-1)?.url
    expect(search?.searchParams.get('author')).toBe('Le Guin')
    expect(search?.searchParams.get('fields')).toContain('cover_i')
    expect(hits.map((h) => [h.title, h.author, h.publishedYear, h.isbn, h.description, h.cover])).toEqual([
      [
        'A Wizard of Earthsea',
        'Ursula K. Le Guin',
        '1968',
        '9780553262506',
        'Ged learns the true names of things.',
        `${fake.origin}/olcovers/b/id/12345-L.jpg`,
      ],
      ['Second hit without a cover', 'Someone Else', null, null, 'A plain string description.', null],
    ])
    expect(await coversFrom(providers.openlibrary!, { title: 'A Wizard of Earthsea' })).toEqual([
      `${fake.origin}/olcovers/b/id/12345-L.jpg`,
    ])
  })

  it('iTunes: audiobooks with 600px artwork, ebooks when no audiobook matched, podcast artwork', async () => {
    const [audiobook] = await providers.itunes!.searchBooks({ title: 'Mort', author: 'Pratchett' })
    expect(audiobook).toMatchObject({
      title: 'Mort Pratchett',
      author: 'Terry Pratchett',
      publishedYear: '2004',
      cover: `${fake.origin}/img/itunes/600x600bb.jpg`,
      genres: ['Sci-Fi & Fantasy'],
      description: 'Narrated by <i>Nigel Planer</i>.',
    })
    expect(fake.requestsTo('/itunes/search').at(-1)?.url.searchParams.get('media')).toBe('audiobook')
    const [ebook] = await providers.itunes!.searchBooks({ title: 'Ebook Only' })
    expect(ebook).toMatchObject({
      title: 'Ebook Only',
      genres: ['Sci-Fi & Fantasy'],
      cover: `${fake.origin}/img/ebook/600x600bb.jpg`,
    })
    expect(fake.requestsTo('/itunes/search').at(-1)?.url.searchParams.get('media')).toBe('ebook')
    expect(await (providers.itunes as ITunesProvider).searchPodcastCovers('Some Show')).toEqual([
      `${fake.origin}/img/pod/600x600bb.jpg`,
    ])
  })

  it("Audible: the region's catalog by title and author, and an ASIN through Audnexus", async () => {
    const [hit] = await providers['audible.uk']!.searchBooks({
      title: 'Guards! Guards!',
      author: 'Terry Pratchett',
    })
    const asked = fake.requestsTo('/audible/uk/1.0/catalog/products').at(-1)?.url
    expect([asked?.searchParams.get('title'), asked?.searchParams.get('author')]).toEqual([
      'Guards! Guards!',
      'Terry Pratchett',
    ])
    expect(hit).toMatchObject({
      title: 'Guards! Guards!',
      narrator: 'Stephen Briggs',
      publisher: 'Audible Studios uk',
      publishedYear: '2018',
      description: '<p>Summary &amp; more.</p>',
      cover: `${fake.origin}/img/audible-uk.png`,
      asin: 'B07D4X8SYN',
      genres: ['Science Fiction & Fantasy'],
      tags: 'Fantasy',
      series: [{ series: 'Discworld', sequence: '4' }],
      language: 'English',
      duration: 480,
    })
    const [byAsin] = await providers['audible.uk']!.searchBooks({ title: 'whatever', asin: FAKE_BOOK_ASIN })
    expect(fake.requestsTo(`/audnexus/books/${FAKE_BOOK_ASIN}`).at(-1)?.url.searchParams.get('region')).toBe(
      'uk',
    )
    expect(byAsin).toMatchObject({
      title: 'Mort',
      narrator: 'Nigel Planer',
      series: [{ series: 'Discworld', sequence: '4' }],
      genres: ['Science Fiction & Fantasy'],
      tags: 'Humorous',
      duration: 560,
    })
  })

  it('Audnexus authors: by ASIN, and by the closest name', async () => {
    expect(await audnexus.author(FAKE_AUTHOR_ASIN, 'de')).toMatchObject({
      name: 'Terry Pratchett',
      image: `${fake.origin}/img/author.png`,
    })
    expect((await audnexus.authorByName('terry pratchet', 'us'))?.asin).toBe(FAKE_AUTHOR_ASIN)
    expect(await audnexus.authorByName(NO_HITS, 'us')).toBeNull()
  })

  it('FantLab: non-book works skipped, details per work, cover on the site, genres of group 1', async () => {
    const hits = await providers.fantlab!.searchBooks({ title: 'Пикник на обочине', author: 'Стругацкие' })
    expect(hits).toHaveLength(1)
    expect(fake.requestsTo('/fantlab/work/1002')).toEqual([])
    expect(hits[0]).toMatchObject({
      title: 'Пикник на обочине',
      subtitle: 'Roadside Picnic',
      publishedYear: '1972',
      cover: `${fake.origin}/fantlabsite/images/editions/big/1001`,
      isbn: '978-5-17-000000-0',
      genres: ['Фантастика', 'Социальная'],
    })
  })

  it('custom provider: <url>/search?query&author with the Authorization header; both year spellings', async () => {
    const [hit] = await providers.custom!.searchBooks({ title: 'My Book', author: 'Me' })
    const seen = fake.requestsTo('/custom/search').at(-1)
    expect(seen?.headers.authorization).toBe(FAKE_CUSTOM_AUTH)
    expect([seen?.url.searchParams.get('query'), seen?.url.searchParams.get('author')]).toEqual([
      'My Book',
      'Me',
    ])
    expect(hit).toMatchObject({
      title: 'My Book',
      author: 'Me',
      publishedYear: '2011',
      tags: 'one, two',
      series: [{ series: 'Custom Saga', sequence: '2' }],
      duration: 42,
    })
    const unauthorised = new CustomProvider(http, {
      id: 'c2',
      name: 'No key',
      url: `${fake.origin}/custom`,
      authHeaderValue: null,
    })
    await expect(unauthorised.searchBooks({ title: 'x' })).rejects.toThrow(
      'Error fetching metadata: The remote server answered with status 401',
    )
  })

  const failures: [FakeProviderMode, RegExp][] = [
    ['malformed', /unreadable answer/],
    ['error500', /status 500/],
    ['slow', /took too long/],
    ['redirect-private', /not allowed to fetch/],
  ]
  for (const [mode, message] of failures) {
    it(`every provider turns a ${mode} answer into a 400 "Error fetching metadata"`, async () => {
      fake.mode = mode
      for (const [slug, provider] of Object.entries(providers)) {
        const err = await provider.searchBooks({ title: 'Mort', author: 'Terry Pratchett' }).then(
          () => null,
          (e: unknown) => e,
        )
        expect([slug, err]).toEqual([slug, expect.any(MetadataFetchError)])
        const failure = err as MetadataFetchError
        expect([slug, failure.status, failure.message]).toEqual([
          slug,
          400,
          expect.stringMatching(/^Error fetching metadata: /),
        ])
        expect([slug, failure.message]).toEqual([slug, expect.stringMatching(message)])
      }
    })
  }

  it('an answer of the wrong shape is an error, not an empty result or a crash', async () => {
    fake.mode = 'wrong-shape'
    for (const slug of ['openlibrary', 'itunes', 'audible.uk', 'fantlab', 'custom']) {
      await expect(providers[slug]!.searchBooks({ title: 'Mort' }), slug).rejects.toThrow(
        'Error fetching metadata: The metadata provider sent an answer in an unexpected shape',
      )
    }
  })
})
