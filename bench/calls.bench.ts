// Single calls: `npm run bench:calls` (BENCH_SIZES=65,5000,100000 books; BENCH_RUNS per call, default 300).
// A real server process on a synthetic library (bench/bench-library.ts), real HTTP on loopback, one call at a
// time on one kept-alive connection (as a browser tab does), asking for gzip/br as browsers do. For each call:
// p50/p99 wall time and the answer's size on the wire. The calls are the ones the web client makes:
// a library page of 50 (rotating sorts and pages), search (rotating words), filter data, an expanded item with
// progress (rotating items), play (rotating items, one device) and the home shelves. Each call is first warmed
// (BENCH_WARM_UP calls, default 200) on other pages, words and items, so the JIT is warm and the measured answers
// are not already cached by the warm-up.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (on exit).
import { encodeFilterValue } from '../packages/contracts/src/index.ts'
import { fmtMs, httpClient, loadAverage, pct, prepareLibrary, startBenchServer } from './bench-library.ts'

const SIZES = (process.env.BENCH_SIZES ?? '65,5000,100000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 300)
/** Calls per case before measuring (BENCH_WARM_UP): a running server's JIT has long compiled these routes. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200)
/** BENCH_ONLY=search,play: only the calls whose names start with one of these. */
const ONLY = process.env.BENCH_ONLY?.split(',')

interface Row {
  books: number
  name: string
  p50: number
  p99: number
  /** Server CPU time per call (from /proc, over all runs). */
  cpu: number
  bytes: number
}

/** p50 targets (ms) at 65 and 5,000 books; 100,000 books may take 3x. */
const TARGETS: Record<string, number> = {
  'items page of 50': 2,
  search: 1.5,
  'filter data': 0.5,
  'expanded item': 0.5,
  play: 1,
  personalized: 5,
}

const rotate = <T>(list: readonly T[]) => {
  let i = 0
  return () => list[i++ % list.length] as T
}

async function benchSize(books: number): Promise<Row[]> {
  const { dir, lib } = await prepareLibrary(books)
  const server = await startBenchServer(dir)
  const client = httpClient(server.base)
  const rows: Row[] = []
  try {
    const call = async (method: string, url: string, body?: unknown) => {
      const t = performance.now()
      const res = await client.request(method, url, server.token, body)
      const ms = performance.now() - t
      if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text().slice(0, 200)}`)
      return { ms, res }
    }
    const libPath = `/api/libraries/${lib.bookLibraryId}`
    const sample = JSON.parse(
      (await call('GET', `${libPath}/items?limit=400&sort=random&minified=1`)).res.text(),
    ) as { results: { id: string; media: { numTracks?: number } }[] }
    // Warm-up calls (not counted) go through the same code on other inputs, so the JIT is warm but the
    // measured answers are not cached by the warm-up: the first half of a large sample warms, the second is measured.
    const halves = <T>(list: T[]): [T[], T[]] =>
      list.length >= 100 ? [list.slice(0, list.length >> 1), list.slice(list.length >> 1)] : [list, list]
    const [warmItemIds, itemIds] = halves(sample.results.map((r) => r.id))
    const [warmPlayableIds, playableIds] = halves(
      sample.results.filter((r) => (r.media.numTracks ?? 0) > 0).map((r) => r.id),
    )
    const pages = Math.max(1, Math.min(5, Math.floor(books / 50)))
    const pageUrls = (sorts: string[]) =>
      sorts.flatMap((s) =>
        Array.from({ length: pages }, (_, p) => `${libPath}/items?sort=${s}&minified=1&limit=50&page=${p}`),
      )
    const measuredPages = pageUrls([
      'media.metadata.title',
      'media.metadata.authorNameLF',
      'addedAt&desc=1',
      'media.duration',
    ])
    const warmPages = pageUrls(['media.metadata.publishedYear', 'size&desc=1', 'media.metadata.title&desc=1'])
    const words = [
      ...lib.sample.titleWords.slice(0, 8),
      'the',
      'night river',
      'sto',
      (lib.sample.narrators[0] ?? 'x').split(' ')[0] as string,
    ]
    const warmWords = [...lib.sample.titleWords.slice(8, 16), 'a', 'riv', 'caf']
    const genres = lib.sample.genres
    const search = (next: () => string) => (): [string, string] => [
      'GET',
      `${libPath}/search?q=${encodeURIComponent(next())}&limit=12`,
    ]
    const expanded = (next: () => string) => (): [string, string] => [
      'GET',
      `/api/items/${next()}?expanded=1&include=progress`,
    ]
    const play = (next: () => string) => (): [string, string, unknown] => [
      'POST',
      `/api/items/${next()}/play`,
      {
        deviceInfo: { deviceId: 'bench-calls', clientName: 'bench' },
        supportedMimeTypes: ['audio/mpeg', 'audio/mp4'],
        forceDirectPlay: true,
      },
    ]
    const genrePage = (next: () => string) => (): [string, string] => [
      'GET',
      `${libPath}/items?sort=media.metadata.title&minified=1&limit=50&filter=genres.${encodeURIComponent(encodeFilterValue(next()))}`,
    ]
    const get = (next: () => string) => (): [string, string] => ['GET', next()]
    const same = (url: string) => (): [string, string] => ['GET', url]
    /** [name, measured calls, warm-up calls] */
    const cases: [string, () => [string, string, unknown?], () => [string, string, unknown?]][] = [
      ['items page of 50', get(rotate(measuredPages)), get(rotate(warmPages))],
      ['search', search(rotate(words)), search(rotate(warmWords))],
      ['filter data', same(`${libPath}?include=filterdata`), same(`${libPath}?include=filterdata`)],
      ['expanded item', expanded(rotate(itemIds)), expanded(rotate(warmItemIds))],
      ['play', play(rotate(playableIds)), play(rotate(warmPlayableIds))],
      ['personalized', same(`${libPath}/personalized?limit=10`), same(`${libPath}/personalized?limit=10`)],
      [
        'items page, genre filter',
        genrePage(rotate(genres.slice(0, 10))),
        genrePage(rotate(genres.length > 20 ? genres.slice(10, 20) : genres)),
      ],
    ]
    for (const [name, next, warm] of cases) {
      if (ONLY && !ONLY.some((o) => name.startsWith(o))) continue
      for (let i = 0; i < WARM_UP; i++) await call(...warm())
      const times: number[] = []
      let bytes = 0
      const cpu0 = server.cpuMs()
      for (let i = 0; i < RUNS; i++) {
        const r = await call(...next())
        times.push(r.ms)
        bytes += r.res.bytes
      }
      const cpu = (server.cpuMs() - cpu0) / RUNS
      times.sort((a, b) => a - b)
      const row = {
        books,
        name,
        p50: pct(times, 50),
        p99: pct(times, 99),
        cpu,
        bytes: Math.round(bytes / RUNS),
      }
      rows.push(row)
      const target = TARGETS[name]
      const limit = target === undefined ? undefined : books > 5000 ? target * 3 : target
      console.error(
        `${String(books).padStart(6)} books  ${name.padEnd(26)} p50 ${fmtMs(row.p50).padStart(6)} ms  p99 ${fmtMs(row.p99).padStart(6)} ms  server cpu ${fmtMs(row.cpu).padStart(5)} ms  ${(row.bytes / 1000).toFixed(1).padStart(7)} kB${limit !== undefined && row.p50 > limit ? `  (target p50 ≤ ${limit} ms)` : ''}`,
      )
    }
  } finally {
    client.close()
    await server.stop()
  }
  return rows
}

const all: Row[] = []
for (const books of SIZES) all.push(...(await benchSize(books)))
console.log(
  `\n| call | books | p50 ms | p99 ms | server CPU ms per call | answer on the wire (gzip/br asked) |`,
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
for (const r of all)
  console.log(
    `| ${r.name} | ${r.books.toLocaleString('en')} | ${fmtMs(r.p50)} | ${fmtMs(r.p99)} | ${fmtMs(r.cpu)} | ${(r.bytes / 1000).toFixed(1)} kB |`,
  )
console.log(`\n${RUNS} sequential calls each; load average ${loadAverage()}`)
