import type http from 'node:http'
import sharp from 'sharp'
import type { MetadataProvidersOptions } from '../modules/metadata-providers/provider-registry.ts'
import { startLocalHttpServer, type LocalHttpServer } from './local-http-server.ts'

/**
 * How the fake providers answer their JSON endpoints: as the real services do, or one of the ways a real
 * service fails (broken JSON, a 500, an answer slower than the timeout, a redirect to a private address).
 * Images are always served normally.
 */
export type FakeProviderMode = 'ok' | 'malformed' | 'error500' | 'slow' | 'redirect-private' | 'wrong-shape'

/** A provider description with the attacks and the legit parts a sanitiser must tell apart. */
export const FAKE_HOSTILE_DESCRIPTION =
  '<p onclick="x">Comedy</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a> <a href="https://example.com">link</a>'

/** The custom provider only answers this Authorization value. */
export const FAKE_CUSTOM_AUTH = 'Bearer custom-secret-value'
export const FAKE_AUTHOR_ASIN = 'B000APZOQA'
export const FAKE_BOOK_ASIN = 'B002V0QK4C'
/** How long a "slow" answer waits: longer than the timeout tests give providers. */
const SLOW_MS = 3000

export interface FakeMetadataProviders {
  server: LocalHttpServer
  /** Origins reached through the allowlisted host name "localhost". */
  origin: string
  options: MetadataProvidersOptions
  mode: FakeProviderMode
  /** The PNG every cover and author image URL serves. */
  image: Buffer
  /** Requests seen on paths starting with `prefix` (e.g. "/custom/search"). */
  requestsTo(prefix: string): { url: URL; headers: http.IncomingHttpHeaders }[]
  close(): Promise<void>
}

type Json = Record<string, unknown> | unknown[]

/** A search term nobody has written a book about: every provider answers with no hits. */
export const NO_HITS = 'Zzyzx Nothing Matches'

/**
 * Protocol-true stand-ins for Google Books, Open Library, iTunes, Audible (per region), Audnexus, FantLab
 * and a custom provider, on one loopback server, one path prefix each. Answers follow the shapes of the
 * services' public documentation, trimmed to a few fields more than Shelfcast reads.
 */
export async function startFakeMetadataProviders(
  options: { timeoutMs?: number } = {},
): Promise<FakeMetadataProviders> {
  const image = await sharp({ create: { width: 30, height: 45, channels: 3, background: '#884422' } })
    .png()
    .toBuffer()
  let origin = ''
  const img = (name: string) => `${origin}/img/${name}`

  const routes: Record<string, (url: URL, req: http.IncomingMessage) => Json | null> = {
    '/google/books/v1/volumes': (url) => {
      const q = url.searchParams.get('q') ?? ''
      if (q.includes(NO_HITS)) return { kind: 'books#volumes', totalItems: 0 }
      const title = /intitle:(.*?)(?: inauthor:|$)/.exec(q)?.[1] ?? 'Unknown'
      return {
        kind: 'books#volumes',
        totalItems: 1,
        items: [
          {
            kind: 'books#volume',
            id: 'zyTCAlFPjgYC',
            volumeInfo: {
              title: `${title} (Google)`,
              subtitle: 'A Discworld Novel',
              authors: ['Terry Pratchett'],
              publisher: 'HarperCollins',
              publishedDate: '1987-11-12',
              description: '<p>Death takes an <b>apprentice</b>.</p><script>alert(1)</script>',
              industryIdentifiers: [
                { type: 'ISBN_10', identifier: '0552131067' },
                { type: 'ISBN_13', identifier: '9780552131063' },
              ],
              categories: ['Fiction', 'Fantasy'],
              imageLinks: { smallThumbnail: img('google-small.png'), thumbnail: img('google.png') },
              language: 'en',
            },
          },
        ],
      }
    },
    '/openlibrary/search.json': (url) => {
      if ((url.searchParams.get('title') ?? '').includes(NO_HITS)) return { numFound: 0, start: 0, docs: [] }
      return {
        numFound: 2,
        start: 0,
        numFoundExact: true,
        docs: [
          {
            key: '/works/OL45883W',
            title: url.searchParams.get('title') ?? 'Unknown',
            author_name: ['Ursula K. Le Guin'],
            first_publish_year: 1968,
            publisher: ['Parnassus Press', 'Bantam'],
            isbn: ['0553262505', '9780553262506'],
            cover_i: 12345,
            language: ['eng'],
            subject: ['Wizards', 'Fantasy fiction'],
          },
          { key: '/works/OL99W', title: 'Second hit without a cover', author_name: ['Someone Else'] },
        ],
      }
    },
    '/openlibrary/works/OL45883W.json': () => ({
      key: '/works/OL45883W',
      description: { type: '/type/text', value: 'Ged learns the true names of things.' },
    }),
    '/openlibrary/works/OL99W.json': () => ({
      key: '/works/OL99W',
      description: 'A plain string description.',
    }),
    '/itunes/search': (url) => {
      const media = url.searchParams.get('media')
      const term = url.searchParams.get('term') ?? ''
      if (term.includes(NO_HITS)) return { resultCount: 0, results: [] }
      if (media === 'podcast') {
        return {
          resultCount: 2,
          results: [
            {
              wrapperType: 'track',
              kind: 'podcast',
              collectionId: 1200361736,
              artistId: 42,
              collectionName: term,
              trackName: term,
              artistName: 'Host',
              // A store's description is the publisher's HTML, hostile parts and all.
              description: FAKE_HOSTILE_DESCRIPTION,
              collectionViewUrl: 'https://podcasts.apple.com/us/podcast/id1200361736',
              feedUrl: `${origin}/feed.xml`,
              artworkUrl100: img('pod/100x100bb.jpg'),
              artworkUrl600: img('pod/600x600bb.jpg'),
              releaseDate: '2024-05-01T10:00:00Z',
              trackCount: 312,
              collectionExplicitness: 'explicit',
              genres: ['Comedy', 'Podcasts'],
              country: url.searchParams.get('country'),
            },
            { wrapperType: 'track', kind: 'podcast', collectionName: 'No id, skipped' },
          ],
        }
      }
      if (media === 'audiobook' && term.startsWith('Ebook')) return { resultCount: 0, results: [] }
      if (media === 'ebook') {
        return {
          resultCount: 1,
          results: [
            {
              kind: 'ebook',
              trackId: 1,
              trackName: term,
              artistName: 'E. Author',
              genres: ['Books', 'Sci-Fi & Fantasy'],
              releaseDate: '2009-05-01T07:00:00Z',
              artworkUrl100: img('ebook/100x100bb.jpg'),
              description: 'An ebook.',
            },
          ],
        }
      }
      return {
        resultCount: 1,
        results: [
          {
            wrapperType: 'audiobook',
            artistId: 1,
            collectionId: 2,
            artistName: 'Terry Pratchett',
            collectionName: term,
            collectionViewUrl: 'https://books.apple.com/audiobook/2',
            artworkUrl60: img('itunes/60x60bb.jpg'),
            artworkUrl100: img('itunes/100x100bb.jpg'),
            collectionPrice: 9.99,
            releaseDate: '2004-01-01T08:00:00Z',
            primaryGenreName: 'Sci-Fi & Fantasy',
            description: 'Narrated by <i>Nigel Planer</i>.',
          },
        ],
      }
    },
    '/audnexus/authors': (url) =>
      (url.searchParams.get('name') ?? '').includes(NO_HITS)
        ? []
        : [
            { asin: 'B000AQ0842', name: 'Terry Prattchet Impostor Long Name' },
            { asin: FAKE_AUTHOR_ASIN, name: 'Terry Pratchett' },
          ],
    [`/audnexus/authors/${FAKE_AUTHOR_ASIN}`]: (url) => ({
      asin: FAKE_AUTHOR_ASIN,
      name: 'Terry Pratchett',
      description: '<p>Sir Terry Pratchett wrote <b>41</b> Discworld novels.</p>',
      image: img('author.png'),
      region: url.searchParams.get('region') ?? 'us',
      genres: [],
      similar: [],
    }),
    [`/audnexus/books/${FAKE_BOOK_ASIN}`]: (url) => ({
      asin: FAKE_BOOK_ASIN,
      title: 'Mort',
      subtitle: 'Discworld, Book 4',
      authors: [{ asin: FAKE_AUTHOR_ASIN, name: 'Terry Pratchett' }],
      narrators: [{ name: 'Nigel Planer' }],
      publisherName: 'Isis Audio',
      summary: '<p>Mort gets a job.</p>',
      releaseDate: '2005-04-28T00:00:00.000Z',
      image: img('audnexus.png'),
      genres: [
        { asin: '1', name: 'Science Fiction & Fantasy', type: 'genre' },
        { asin: '2', name: 'Humorous', type: 'tag' },
      ],
      seriesPrimary: { asin: 'B0', name: 'Discworld', position: '4' },
      language: 'english',
      runtimeLengthMin: 560,
      region: url.searchParams.get('region') ?? 'us',
      formatType: 'unabridged',
      rating: '4.8',
    }),
    [`/audnexus/books/${FAKE_BOOK_ASIN}/chapters`]: (url) => ({
      asin: FAKE_BOOK_ASIN,
      brandIntroDurationMs: 2043,
      brandOutroDurationMs: 5061,
      chapters: [
        { lengthMs: 30000, startOffsetMs: 0, startOffsetSec: 0, title: 'Opening Credits' },
        { lengthMs: 1500000, startOffsetMs: 30000, startOffsetSec: 30, title: 'Chapter 1' },
      ],
      isAccurate: true,
      region: url.searchParams.get('region') ?? 'us',
      runtimeLengthMs: 1530000,
      runtimeLengthSec: 1530,
    }),
    '/abcovers/cover/bytext/': (url) =>
      (url.searchParams.get('q') ?? '').includes(NO_HITS)
        ? []
        : [
            {
              id: 'a1b2',
              source: 'https://reddit.com/r/audiobookcovers/',
              extension: 'png',
              versions: {
                webp: { '500': img('abc/500.webp'), original: img('abc/original.webp') },
                png: { '500': img('abc/500.png'), original: img('abc/original.png') },
                jpeg: { original: img('abc/original.jpg') },
              },
            },
          ],
    '/fantlab/search-works': () => [
      { work_id: 1001, work_type_id: 1, name: 'Пикник на обочине', autor_rusname: 'Стругацкие' },
      { work_id: 1002, work_type_id: 12, name: 'An article about it' },
    ],
    '/fantlab/work/1001/extended': () => ({
      work_id: 1001,
      work_name: 'Пикник на обочине',
      work_name_alts: ['Roadside Picnic'],
      work_year: 1972,
      work_description: 'Зона.',
      image: '/images/editions/big/1001',
      authors: [{ id: 1, name: 'Аркадий и Борис Стругацкие', type: 'autor' }],
      classificatory: {
        genre_group: [
          {
            genre_group_id: 1,
            label: 'Жанры',
            genre: [{ label: 'Фантастика', genre: [{ label: 'Социальная' }] }],
          },
        ],
      },
      editions_blocks: { '10': { list: [{ edition_id: 5, isbn: '978-5-17-000000-0' }] } },
    }),
    '/custom/search': (url, req) => {
      if (req.headers.authorization !== FAKE_CUSTOM_AUTH) return null
      return {
        matches: [
          {
            title: url.searchParams.get('query'),
            author: url.searchParams.get('author') ?? 'Custom Author',
            narrator: 'Custom Narrator',
            // Escaped markup: shown as text, it must not come back as a tag.
            description: '<p>Says &lt;img src=x onerror=alert(1)&gt;</p>',
            published_year: '2011',
            cover: img('custom.png'),
            genres: ['Custom Genre'],
            tags: ['one', 'two'],
            series: [{ series: 'Custom Saga', sequence: 2 }],
            duration: 42,
          },
        ],
      }
    },
  }
  // Audible's catalog, one store per region: the region shows in the publisher so tests see which was asked.
  const audible =
    (region: string) =>
    (url: URL): Json => ({
      products: (url.searchParams.get('title') ?? '').includes(NO_HITS)
        ? []
        : [
            {
              asin: 'B07D4X8SYN',
              title: url.searchParams.get('title'),
              subtitle: null,
              authors: [
                { asin: FAKE_AUTHOR_ASIN, name: url.searchParams.get('author') ?? 'Terry Pratchett' },
              ],
              narrators: [{ name: 'Stephen Briggs' }],
              publisher_name: `Audible Studios ${region}`,
              publisher_summary: '<p>Summary &amp; more.</p>',
              release_date: '2018-06-01',
              product_images: {
                '500': img(`audible-${region}-500.png`),
                '1024': img(`audible-${region}.png`),
              },
              runtime_length_min: 480,
              language: 'english',
              series: [{ asin: 'B1', sequence: '4', title: 'Discworld' }],
              category_ladders: [
                {
                  ladder: [
                    { id: '1', name: 'Science Fiction & Fantasy' },
                    { id: '2', name: 'Fantasy' },
                  ],
                  root: 'Genres',
                },
              ],
            },
          ],
      response_groups: ['product_desc'],
      total_results: 1,
    })

  let mode: FakeProviderMode = 'ok'
  const server = await startLocalHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (
      url.pathname.startsWith('/img/') ||
      url.pathname.startsWith('/olcovers/') ||
      url.pathname.startsWith('/fantlabsite/')
    ) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(image.length) }).end(image)
      return
    }
    const regional = /^\/audible\/([a-z]{2})\/1\.0\/catalog\/products$/.exec(url.pathname)
    const route = regional ? audible(regional[1] ?? '') : routes[url.pathname]
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
      return
    }
    const json = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body)
    switch (mode) {
      case 'malformed':
        return json(200, '{"items": [{"volumeInfo": ')
      case 'error500':
        return json(500, '{"error":"Internal Server Error"}')
      case 'wrong-shape':
        return json(200, '{"products": "none", "matches": 7, "docs": {}, "results": null}')
      case 'redirect-private':
        res.writeHead(302, { location: `http://127.0.0.1:${server.port}${url.pathname}${url.search}` }).end()
        return
      case 'slow': {
        const timer = setTimeout(() => json(200, JSON.stringify(route(url, req))), SLOW_MS)
        res.on('close', () => clearTimeout(timer))
        return
      }
      case 'ok': {
        const body = route(url, req)
        if (body === null) return json(401, '{"error":"Unauthorized"}')
        return json(200, JSON.stringify(body))
      }
    }
  })
  origin = server.origin('localhost')
  return {
    server,
    origin,
    get mode() {
      return mode
    },
    set mode(next: FakeProviderMode) {
      mode = next
    },
    image,
    options: {
      timeoutMs: options.timeoutMs ?? 1000,
      origins: {
        googleBooks: `${origin}/google`,
        openLibrary: `${origin}/openlibrary`,
        openLibraryCovers: `${origin}/olcovers`,
        itunes: `${origin}/itunes`,
        audible: (region) => `${origin}/audible/${region}`,
        audnexus: `${origin}/audnexus`,
        fantlabApi: `${origin}/fantlab`,
        fantlabSite: `${origin}/fantlabsite`,
        audiobookCovers: `${origin}/abcovers`,
      },
    },
    requestsTo: (prefix) =>
      server.requests
        .map((r) => ({ url: new URL(r.url, origin), headers: r.headers }))
        .filter((r) => r.url.pathname.startsWith(prefix)),
    close: () => server.close(),
  }
}
