import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ItemFixtures } from '../test-support/item-fixtures.ts'
import { createTestApp, ROOT, type LoggedIn, type TestApp } from '../test-support/test-app.ts'

/**
 * Keeps the "Calls Audiobookshelf's apps make" tables of docs/api-compatibility.md true: every call marked
 * yes / differs / partly reaches a route of this server (never the not-found handler, never a 5xx), and every
 * call marked "no #N" still has none, so the row is updated the day its route lands. Socket rows are
 * checked against the event names the server's source uses.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const DOC = path.resolve(here, '../../../../docs/api-compatibility.md')
const SERVER_SRC = path.resolve(here, '..')
const SECTION = "## Calls Audiobookshelf's apps make"
const APPS = new Set(['A', 'SP', 'L', 'W'])

type Status = 'yes' | 'differs' | 'partly' | 'no'
interface Row {
  line: number
  call: string
  apps: string[]
  status: Status
  issue: number | null
}
interface HttpRow extends Row {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
}

function readRows(): Row[] {
  const lines = fs.readFileSync(DOC, 'utf8').split('\n')
  const start = lines.indexOf(SECTION)
  if (start < 0) throw new Error(`${SECTION} is missing from ${DOC}`)
  const rows: Row[] = []
  for (let i = start + 1; i < lines.length && !lines[i]!.startsWith('## '); i++) {
    const line = lines[i]!
    if (!line.startsWith('| `')) continue
    const cells = line.split(' | ')
    const call = /`([^`]+)`/.exec(cells[0] ?? '')?.[1]
    const status = /^(yes|differs|partly|no)\b/.exec(cells[2] ?? '')?.[1] as Status | undefined
    if (!call || !status || cells.length !== 3)
      throw new Error(`line ${i + 1}: not a call | apps | status row: ${line}`)
    rows.push({
      line: i + 1,
      call,
      apps: cells[1]!.split(',').map((a) => a.trim()),
      status,
      issue: Number(/#(\d+)/.exec(cells[2]!)?.[1]) || null,
    })
  }
  return rows
}

const HTTP_CALL = /^(GET|POST|PATCH|DELETE) (\/\S*)$/
const isHttp = (row: Row): row is HttpRow => HTTP_CALL.test(row.call)
const withRequest = (row: Row): HttpRow => {
  const [, method, p] = HTTP_CALL.exec(row.call)!
  return { ...row, method: method as HttpRow['method'], path: p! }
}

/** Every quoted snake_case or one-word name in the server's own source (tests and test support left out). */
function sourceNames(): Set<string> {
  const names = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support') walk(full)
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        // Service names a route module picks from AppContext ('log', 'users') are not event names.
        const source = fs.readFileSync(full, 'utf8').replace(/Pick<AppContext,[^>]*>/g, '')
        for (const m of source.matchAll(/['"`]([a-z]+(?:_[a-z]+)*)['"`]/g)) names.add(m[1]!)
      }
    }
  }
  walk(SERVER_SRC)
  return names
}

interface Ids {
  library: string
  podcastLibrary: string
  book: string
  podcast: string
  episode: string
  author: string
  series: string
  collection: string
  playlist: string
  user: string
}

/** The concrete URL of a documented path: ids of the fresh library's rows, optional parameters left out. */
function urlFor(p: string, ids: Ids): string {
  const segments = p.split('/').filter((s) => !/^:\w+\?$/.test(s))
  const byEpisode = p.includes(':episodeId')
  const idAfter: Record<string, string> = {
    libraries: ids.library,
    items: byEpisode ? ids.podcast : ids.book,
    authors: ids.author,
    series: ids.series,
    collections: ids.collection,
    playlists: ids.playlist,
    podcasts: ids.podcast,
    users: ids.user,
    item: ids.book,
    progress: ids.book,
    'listening-sessions': ids.book,
  }
  const byName: Record<string, string> = {
    episodeId: ids.episode,
    seriesId: ids.series,
    bookId: ids.book,
    libraryItemId: ids.book,
    itemId: ids.book,
    collectionId: ids.collection,
    index: '0',
    time: '0',
    year: '2026',
    file: 'output.m3u8',
  }
  return segments
    .map((s, i) => {
      if (!s.startsWith(':')) return s
      const name = s.slice(1)
      if (name === 'id') return idAfter[segments[i - 1] ?? ''] ?? 'no-such-id'
      return byName[name] ?? 'no-such-id'
    })
    .join('/')
}

/** Calls that change or end what later calls use run last: deletions, then logout. */
const order = (r: HttpRow) => (r.path === '/logout' ? 2 : r.method === 'DELETE' ? 1 : 0)

describe("the calls Audiobookshelf's apps make (docs/api-compatibility.md)", () => {
  const rows = readRows()
  const httpRows = rows.filter(isHttp).map(withRequest)
  const socketRows = rows.filter((r) => !isHttp(r))

  it('lists every call once, with known apps and an issue for each missing one', () => {
    expect(httpRows.length).toBeGreaterThan(200)
    expect(socketRows.length).toBeGreaterThan(40)
    const calls = rows.map((r) => r.call)
    expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([])
    for (const r of rows) {
      expect(
        r.apps.filter((a) => !APPS.has(a)),
        `line ${r.line}`,
      ).toEqual([])
      if (r.status === 'no')
        expect(r.issue, `line ${r.line}: "no" names the issue that brings it`).not.toBeNull()
    }
  })

  it('names socket events as the server sends or reads them', () => {
    const names = sourceNames()
    const wrong = socketRows
      .filter((r) => names.has(r.call) !== (r.status !== 'no'))
      .map(
        (r) =>
          `line ${r.line}: ${r.call} is ${r.status} but the server ${names.has(r.call) ? 'uses' : 'never uses'} it`,
      )
    expect(wrong).toEqual([])
  })

  describe('HTTP calls against a fresh server', () => {
    let t: TestApp
    let root: LoggedIn
    let ids: Ids
    /** The route pattern that answered the last request; null when the not-found handler did. */
    let answeredBy: string | null = null

    beforeAll(async () => {
      // Metadata providers on a refused loopback address: match calls fail at once instead of reaching the Internet.
      const nowhere = 'http://127.0.0.1:9'
      t = await createTestApp({
        metadataProviders: {
          origins: {
            googleBooks: nowhere,
            openLibrary: nowhere,
            openLibraryCovers: nowhere,
            itunes: nowhere,
            audible: () => nowhere,
            audnexus: nowhere,
            fantlabApi: nowhere,
            fantlabSite: nowhere,
            audiobookCovers: nowhere,
          },
          timeoutMs: 1000,
        },
      })
      t.app.addHook('onResponse', async (request) => {
        const url = request.routeOptions.url
        // `*` is the web client's page fallback, not an API route.
        answeredBy = url === undefined || url === '*' || url === '/*' ? null : url
      })
      await t.init()
      root = await t.login(ROOT.username, ROOT.password)
      const fx = new ItemFixtures(t.ctx.database.db)
      const library = (await fx.library({ name: 'Books', folder: path.join(t.dir, 'media', 'books') })).id
      const podcastLibrary = (
        await fx.library({
          name: 'Podcasts',
          mediaType: 'podcast',
          folder: path.join(t.dir, 'media', 'podcasts'),
          displayOrder: 2,
        })
      ).id
      const book = await fx.item(library, {
        title: 'The Hobbit',
        authors: ['J. R. R. Tolkien'],
        series: [{ name: 'Middle Earth', sequence: '1' }],
        duration: 100,
        numTracks: 1,
      })
      const episode = 'episode-1'
      const podcast = await fx.item(podcastLibrary, {
        title: 'My Show',
        podcastAuthor: 'Host',
        episodes: [{ id: episode, title: 'First', publishedAt: Date.UTC(2024, 0, 2) }],
      })
      const expanded = (await t.call('GET', `/api/items/${book}?expanded=1`, root.accessToken)).json<{
        media: { metadata: { authors: { id: string }[]; series: { id: string }[] } }
      }>()
      const created = async (url: string, body: unknown) => {
        const res = await t.call('POST', url, root.accessToken, body)
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
        return res.json<{ id: string }>().id
      }
      ids = {
        library,
        podcastLibrary,
        book,
        podcast,
        episode,
        author: expanded.media.metadata.authors[0]!.id,
        series: expanded.media.metadata.series[0]!.id,
        collection: await created('/api/collections', {
          libraryId: library,
          name: 'Favourites',
          books: [book],
        }),
        playlist: await created('/api/playlists', {
          libraryId: library,
          name: 'Queue',
          items: [{ libraryItemId: book }],
        }),
        user: (
          await t.createUser(root.accessToken, {
            username: 'reader',
            password: 'reader-password',
            type: 'user',
          })
        ).id,
      }
    })
    afterAll(async () => t?.close())

    it('reaches a route for every implemented call and none for every missing one', async () => {
      const wrong: string[] = []
      for (const row of [...httpRows].sort((a, b) => order(a) - order(b))) {
        const url = urlFor(row.path, ids)
        answeredBy = null
        const res = await t.call(
          row.method,
          url,
          root.accessToken,
          row.method === 'GET' || row.method === 'DELETE' ? undefined : {},
        )
        const what = `line ${row.line}: ${row.method} ${url} (${row.status}) answered ${res.statusCode} ${res.body.slice(0, 80)}`
        if (row.status === 'no') {
          if (answeredBy !== null || res.statusCode !== 404)
            wrong.push(`${what} by route ${answeredBy}: update the row`)
        } else if (answeredBy === null) {
          wrong.push(`${what} from the not-found handler`)
        } else if (res.statusCode >= 500) {
          wrong.push(what)
        }
      }
      expect(wrong).toEqual([])
    })
  })
})
