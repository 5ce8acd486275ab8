import path from 'node:path'
import { encodeFilterValue } from '@shelfcast/contracts'
import { createInitialisedApp, type LoggedIn, type TestApp } from './test-app.ts'
import { ItemFixtures } from './item-fixtures.ts'

/** A small book library and a podcast library whose every field a browse test can predict. */
export interface BrowseScenario {
  t: TestApp
  root: LoggedIn
  fx: ItemFixtures
  books: string
  podcasts: string
  /** Item ids by short name. */
  id: {
    hobbit: string
    fellowship: string
    earthsea: string
    dune: string
    zebra: string
    emile: string
    show: string
    talk: string
  }
  /** GET as root (or another token), answering status and JSON. */
  get<T = unknown>(url: string, token?: string): Promise<{ status: number; body: T; text: string }>
}

export const enc = (value: string) => encodeURIComponent(encodeFilterValue(value))

export async function createBrowseScenario(): Promise<BrowseScenario> {
  const { t, root } = await createInitialisedApp()
  const fx = new ItemFixtures(t.ctx.database.db)
  const books = (await fx.library({ name: 'Books', folder: path.join(t.dir, 'media', 'books') })).id
  const podcasts = (
    await fx.library({
      name: 'Podcasts',
      mediaType: 'podcast',
      folder: path.join(t.dir, 'media', 'podcasts'),
      displayOrder: 2,
    })
  ).id
  const hobbit = await fx.item(books, {
    title: 'The Hobbit',
    subtitle: 'There and Back Again',
    authors: ['J. R. R. Tolkien'],
    series: [{ name: 'Middle Earth', sequence: '1' }],
    genres: ['Fantasy'],
    tags: ['classic'],
    narrators: ['Rob Inglis'],
    publisher: 'Allen & Unwin',
    language: 'English',
    publishedYear: '1937',
    isbn: '9780261103344',
    asin: 'B0HOBBIT00',
    description: 'A hobbit goes on an adventure.',
    duration: 40000,
    numTracks: 10,
    size: 500,
    coverPath: '/nowhere/cover.jpg',
  })
  const fellowship = await fx.item(books, {
    title: 'Fellowship of the Ring',
    authors: ['J. R. R. Tolkien'],
    series: [{ name: 'Middle Earth', sequence: '2' }],
    genres: ['Fantasy'],
    tags: ['classic', 'epic'],
    narrators: ['Rob Inglis'],
    publisher: 'Allen & Unwin',
    language: 'English',
    publishedYear: '1954',
    isbn: '9780261102354',
    description: 'The ring goes south.',
    duration: 70000,
    numTracks: 1,
    size: 900,
  })
  const earthsea = await fx.item(books, {
    title: 'A Wizard of Earthsea',
    authors: ['Ursula K. Le Guin'],
    series: [{ name: 'Earthsea', sequence: '1' }],
    genres: ['Fantasy'],
    tags: ['kids'],
    language: 'English',
    publishedYear: '1968',
    abridged: true,
    duration: 0,
    numTracks: 0,
    ebookFormat: 'epub',
    size: 100,
  })
  const dune = await fx.item(books, {
    title: 'Dune',
    authors: ['Frank Herbert'],
    genres: ['Science Fiction'],
    tags: ['epic'],
    narrators: ['Scott Brick', 'Simon Vance'],
    publisher: 'Chilton',
    language: 'German',
    publishedYear: '1965',
    explicit: true,
    duration: 75000,
    numTracks: 3,
    size: 1200,
  })
  const zebra = await fx.item(books, {
    title: 'Zebra Stories',
    isMissing: true,
    duration: 10,
    size: 10,
    numTracks: 1,
  })
  const emile = await fx.item(books, {
    title: 'Émile, or On Education',
    authors: ['Jean-Jacques Rousseau'],
    genres: ['Philosophy'],
    narrators: ['Émile Narrator'],
    publishedYear: '1762',
    language: 'French',
    duration: 30000,
    numTracks: 2,
    size: 300,
  })
  const show = await fx.item(podcasts, {
    title: 'My Show',
    podcastAuthor: 'Host Person',
    genres: ['Talk'],
    tags: ['weekly'],
    episodes: [
      { title: 'First Episode', publishedAt: Date.UTC(2024, 0, 2) },
      { title: 'Second Episode about Dragons', publishedAt: Date.UTC(2024, 1, 3) },
    ],
  })
  const talk = await fx.item(podcasts, {
    title: 'The Late Talk',
    podcastAuthor: 'Night Host',
    genres: ['Talk', 'Comedy'],
    explicit: true,
    episodes: [{ title: 'Pilot', publishedAt: Date.UTC(2023, 5, 1) }],
  })
  const get: BrowseScenario['get'] = async (url, token = root.accessToken) => {
    const res = await t.call('GET', url, token)
    let body: unknown
    try {
      body = res.json()
    } catch {
      body = null
    }
    return { status: res.statusCode, body: body as never, text: res.body }
  }
  return {
    t,
    root,
    fx,
    books,
    podcasts,
    id: { hobbit, fellowship, earthsea, dune, zebra, emile, show, talk },
    get,
  }
}
