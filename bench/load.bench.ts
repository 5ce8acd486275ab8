// Load: `npm run bench:load` (BENCH_ITEMS=100000 books, BENCH_USERS=50 virtual users, BENCH_SECONDS=60).
// A real server process on a synthetic library (bench/bench-library.ts); this process is the load generator.
// Every virtual user is one of ten accounts and loops without pause through a browse mix the web client makes:
// library pages (six sorts, a filter on 40 % of them from the library's own genres, tags, authors, series and
// progress states, pages skewed towards the first ones), searches (a rotating pool of words and prefixes),
// opened items (expanded with progress, a pool of 1,000 items), filter data, home shelves and series pages.
// Prints requests/s, p50/p99/max per kind and overall, errors, and the load average.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (on exit).
import os from 'node:os'
import { encodeFilterValue } from '../packages/contracts/src/index.ts'
import {
  BENCH_USER,
  fmtMs,
  httpClient,
  loadAverage,
  pct,
  prepareLibrary,
  startBenchServer,
} from './bench-library.ts'
import { rng } from './synthetic-library.ts'

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000)
const USERS = Number(process.env.BENCH_USERS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const ACCOUNTS = 10

const { dir, lib } = await prepareLibrary(ITEMS)
const server = await startBenchServer(dir)
const client = httpClient(server.base, USERS + 5)
try {
  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await client.request(method, url, token, body)
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`${method} ${url}: ${res.status} ${res.text().slice(0, 200)}`)
    return res
  }
  // Ten accounts (made once per data folder: an existing name answers 400).
  const tokens: string[] = [server.token]
  for (let a = 1; a < ACCOUNTS; a++) {
    const username = `${BENCH_USER.username}-${a}`
    await client.request('POST', '/api/users', server.token, {
      username,
      password: BENCH_USER.password,
      type: 'user',
    })
    const login = await fetch(`${server.base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: BENCH_USER.password }),
    })
    tokens.push(((await login.json()) as { user: { accessToken: string } }).user.accessToken)
  }
  const libPath = `/api/libraries/${lib.bookLibraryId}`
  const pool = new Set<string>()
  while (pool.size < Math.min(1000, ITEMS)) {
    const page = JSON.parse(
      (await call('GET', `${libPath}/items?limit=500&sort=random&minified=1`, server.token)).text(),
    ) as { results: { id: string }[] }
    for (const r of page.results) pool.add(r.id)
    if (page.results.length < 500) break
  }
  const itemIds = [...pool]

  const s = lib.sample
  const enc = (v: string) => encodeURIComponent(encodeFilterValue(v))
  const filters = [
    ...s.genres.slice(0, 20).map((g) => `genres.${enc(g)}`),
    ...s.tags.slice(0, 20).map((t) => `tags.${enc(t)}`),
    ...s.authorIds.slice(0, 20).map((a) => `authors.${enc(a)}`),
    ...s.seriesIds.slice(0, 10).map((id) => `series.${enc(id)}`),
    ...['in-progress', 'not-started', 'finished'].map((p) => `progress.${enc(p)}`),
    `languages.${enc('German')}`,
  ]
  const sorts = [
    'media.metadata.title',
    'media.metadata.authorNameLF',
    'addedAt&desc=1',
    'media.metadata.publishedYear',
    'media.duration',
    'size&desc=1',
  ]
  const words = [
    ...s.titleWords.slice(0, 30),
    ...s.titleWords.slice(0, 15).map((w) => w.slice(0, 3)),
    'the',
    'night',
    'river',
    'sto',
    'caf',
  ]
  const maxPage = Math.max(0, Math.floor(ITEMS / 50) - 1)

  type Kind = 'page' | 'search' | 'item' | 'filterdata' | 'personalized' | 'series'
  const mix: [Kind, number][] = [
    ['page', 0.35],
    ['item', 0.25],
    ['search', 0.15],
    ['filterdata', 0.1],
    ['personalized', 0.1],
    ['series', 0.05],
  ]
  const pickKind = (r: number): Kind => {
    let acc = 0
    for (const [k, w] of mix) if (r < (acc += w)) return k
    return 'page'
  }
  const urlFor = (kind: Kind, rand: () => number): string => {
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T
    switch (kind) {
      case 'page': {
        // Mostly the first pages, sometimes a deep one (scrolling far or jumping by letter).
        const page = Math.min(
          maxPage,
          rand() < 0.8 ? Math.floor(rand() * 4) : Math.floor(Math.pow(rand(), 2) * maxPage),
        )
        const filter = rand() < 0.4 ? `&filter=${pick(filters)}` : ''
        return `${libPath}/items?sort=${pick(sorts)}&minified=1&limit=50&page=${filter ? 0 : page}${filter}`
      }
      case 'search':
        return `${libPath}/search?q=${encodeURIComponent(pick(words))}&limit=12`
      case 'item':
        return `/api/items/${pick(itemIds)}?expanded=1&include=progress`
      case 'filterdata':
        return `${libPath}?include=filterdata`
      case 'personalized':
        return `${libPath}/personalized?limit=10`
      case 'series':
        return `${libPath}/series?sort=name&minified=1&limit=50&page=${Math.floor(rand() * 10)}`
    }
  }

  // Warm-up (not counted): the caches a running server holds (filter data, counts) and SQLite's page cache.
  const warm = rng(7)
  for (const [kind] of mix) for (let i = 0; i < 5; i++) await call('GET', urlFor(kind, warm), server.token)

  const times = new Map<Kind, number[]>(mix.map(([k]) => [k, []]))
  let errors = 0
  let firstError = ''
  const loads: number[] = []
  const loadTimer = setInterval(() => loads.push(Number(loadAverage().split(' ')[0])), 5000)
  const cpu0 = server.cpuMs()
  const generatorCpu0 = process.cpuUsage()
  const started = performance.now()
  const end = started + SECONDS * 1000
  await Promise.all(
    Array.from({ length: USERS }, async (_, u) => {
      const rand = rng(1000 + u)
      const token = tokens[u % tokens.length] as string
      while (performance.now() < end) {
        const kind = pickKind(rand())
        const url = urlFor(kind, rand)
        const t = performance.now()
        try {
          await call('GET', url, token)
          times.get(kind)?.push(performance.now() - t)
        } catch (err) {
          errors++
          firstError ||= String(err)
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const serverCpu = (server.cpuMs() - cpu0) / 1000
  const generatorUsage = process.cpuUsage(generatorCpu0)
  const generatorCpu = (generatorUsage.user + generatorUsage.system) / 1e6
  clearInterval(loadTimer)
  const all = [...times.values()].flat().sort((a, b) => a - b)
  console.log(
    `\n| ${ITEMS.toLocaleString('en')} books, ${USERS} users, ${SECONDS} s | requests | req/s | p50 ms | p99 ms | max ms |`,
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
  for (const [kind, list] of times) {
    list.sort((a, b) => a - b)
    console.log(
      `| ${kind} | ${list.length} | ${(list.length / elapsed).toFixed(0)} | ${fmtMs(pct(list, 50))} | ${fmtMs(pct(list, 99))} | ${fmtMs(list[list.length - 1] ?? NaN)} |`,
    )
  }
  console.log(
    `| **all** | ${all.length} | **${(all.length / elapsed).toFixed(0)}** | ${fmtMs(pct(all, 50))} | **${fmtMs(pct(all, 99))}** | ${fmtMs(all[all.length - 1] ?? NaN)} |`,
  )
  console.log(
    `\nerrors ${errors}${firstError ? ` (first: ${firstError})` : ''}; server CPU ${((serverCpu / elapsed) * 100).toFixed(0)} % of one core ` +
      `(${((serverCpu * 1000) / all.length).toFixed(2)} ms per request); this load generator ${((generatorCpu / elapsed) * 100).toFixed(0)} % of one core ` +
      `(the machine has ${os.availableParallelism()}); load average during the run ${loads.map((l) => l.toFixed(1)).join(' ')}; now ${loadAverage()}`,
  )
} finally {
  client.close()
  await server.stop()
}
