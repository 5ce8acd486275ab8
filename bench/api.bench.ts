// Browse API benchmark: `npm run bench:api` (BENCH_ITEMS=100000 by default, BENCH_RUNS per case).
// A real server (buildApp + listen on 127.0.0.1, real SQLite file, every migration) whose database gets a
// synthetic library written straight into the tables (bench/synthetic-library.ts); then real HTTP requests
// (fetch, keep-alive) measure the item list for every sort with and without filters, collapsed series,
// filter data, search, personalized shelves, series and authors lists.
//
// Plain rows = requests in a row with nothing written in between.
// "after a progress write" = the user's media progress is written before every request (as listeners' syncs do):
//   counts of progress lists are recomputed, caches keyed on the library's content are kept.
// "after a content change" = one item row is updated before every request (as a scan does): every cache of the
//   library is recomputed — the true cost of the query.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bookSortKeys, encodeFilterValue, podcastSortKeys } from '../packages/contracts/src/index.ts'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { silentLogger } from '../apps/server/src/logger.ts'
import { generateSyntheticLibrary, type SyntheticLibrary } from './synthetic-library.ts'

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
/** BENCH_DATA=<dir>: reuse a data folder kept by an earlier run with BENCH_KEEP=1 (skips the generation). */
const REUSE = process.env.BENCH_DATA
const KEEP = process.env.BENCH_KEEP === '1' || Boolean(REUSE)

/** fetch, retried once when a kept-alive connection was closed by the server in between. */
async function fetchRetry(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0))

interface Row {
  name: string
  p50: number
  p99: number
  max: number
  /** CPU time of the process (server + client) per request: what the request costs without waiting for a core. */
  cpu50: number
  cpu99: number
  n: number
  target?: string
  ok?: boolean
}

async function main() {
  const dir = REUSE ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-api-'))
  const config = loadConfig({
    CONFIG_PATH: path.join(dir, 'config'),
    METADATA_PATH: path.join(dir, 'metadata'),
    CLIENT_DIST_PATH: path.join(dir, 'no-client'),
    HOST: '127.0.0.1',
  })
  const { app, ctx } = await buildApp({ config, logger: silentLogger() })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  try {
    const post = (url: string, body: unknown) =>
      fetchRetry(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const sqlite = ctx.database.sqlite
    const libFile = path.join(dir, 'synthetic-library.json')
    let lib: SyntheticLibrary
    if (REUSE) {
      lib = JSON.parse(fs.readFileSync(libFile, 'utf8')) as SyntheticLibrary
    } else {
      await post('/init', { newRoot: { username: 'bench', password: 'bench-password' } })
      const first = (await (
        await post('/login', { username: 'bench', password: 'bench-password' })
      ).json()) as { user: { id: string } }
      // Bulk load: a big page cache and no fsync while generating only, then the server's own settings again.
      const t0 = Date.now()
      sqlite.pragma('cache_size = -262144')
      sqlite.pragma('synchronous = OFF')
      lib = generateSyntheticLibrary(sqlite, {
        books: ITEMS,
        authors: Math.round(ITEMS / 5),
        series: Math.round(ITEMS / 12.5),
        podcasts: Math.max(10, Math.round(ITEMS / 333)),
        episodesPerPodcast: 60,
        userId: first.user.id,
        root: path.join(dir, 'media'),
      })
      sqlite.pragma('wal_checkpoint(TRUNCATE)')
      sqlite.pragma('cache_size = -2000')
      sqlite.pragma('synchronous = NORMAL')
      fs.writeFileSync(libFile, JSON.stringify(lib))
      console.error(`generated ${JSON.stringify(lib.counts)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
    const dbBytes = fs.statSync(path.join(config.configPath, 'shelfcast.sqlite')).size
    console.error(
      `database ${(dbBytes / 1e6).toFixed(0)} MB${KEEP ? `, kept in ${dir} (BENCH_DATA=${dir} reuses it)` : ''}`,
    )
    // A fresh login after the (long) generation: the first keep-alive connection has timed out by now.
    const login = (await (
      await post('/login', { username: 'bench', password: 'bench-password' })
    ).json()) as { user: { id: string; accessToken: string } }
    const token = login.user.accessToken

    let bump = 0
    const progressRow = sqlite
      .prepare("SELECT id FROM media_progress WHERE user_id = ? AND episode_id = '' LIMIT 1")
      .get(login.user.id) as { id: string } | undefined
    const writeProgress = () =>
      sqlite
        .prepare('UPDATE media_progress SET last_update = ? WHERE id = ?')
        .run(Date.now() + ++bump, progressRow?.id ?? '')
    const someItems = (
      sqlite
        .prepare('SELECT rowid AS r FROM library_items WHERE library_id = ? LIMIT 1000')
        .all(lib.bookLibraryId) as { r: number }[]
    ).map((x) => x.r)
    const writeContent = () =>
      sqlite
        .prepare('UPDATE library_items SET updated_at = updated_at + 1 WHERE rowid = ?')
        .run(someItems[++bump % someItems.length] ?? 0)
    // Undici asks for gzip and inflates in this process; the large filter data is measured both ways.
    let encoding = 'identity'
    const get = async (url: string) => {
      const c = process.cpuUsage()
      const t = performance.now()
      const res = await fetchRetry(`${base}${url}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      })
      const body = await res.arrayBuffer()
      const ms = performance.now() - t
      const used = process.cpuUsage(c)
      if (res.status !== 200)
        throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`)
      return { ms, cpu: (used.user + used.system) / 1000 }
    }
    const rows: Row[] = []
    const measure = async (
      name: string,
      urls: () => string,
      opts: { runs?: number; afterWrite?: 'progress' | 'content'; target?: [number, number] } = {},
    ) => {
      const times: number[] = []
      const cpu: number[] = []
      const runs = opts.runs ?? RUNS
      for (let i = 0; i < 3; i++) await get(urls()) // warm the connection and the page cache
      for (let i = 0; i < runs; i++) {
        if (opts.afterWrite === 'progress') writeProgress()
        if (opts.afterWrite === 'content') writeContent()
        const r = await get(urls())
        times.push(r.ms)
        cpu.push(r.cpu)
      }
      times.sort((a, b) => a - b)
      cpu.sort((a, b) => a - b)
      const row: Row = {
        name,
        p50: pct(times, 50),
        p99: pct(times, 99),
        max: times[times.length - 1] ?? 0,
        cpu50: pct(cpu, 50),
        cpu99: pct(cpu, 99),
        n: runs,
      }
      if (opts.target) {
        row.target = `p50 < ${opts.target[0]}, p99 < ${opts.target[1]}`
        row.ok = row.p50 < opts.target[0] && row.p99 < opts.target[1]
      }
      rows.push(row)
      console.error(
        `${name.padEnd(64)} p50 ${fmt(row.p50).padStart(6)} ms  p99 ${fmt(row.p99).padStart(6)} ms  cpu p50 ${fmt(row.cpu50).padStart(5)} p99 ${fmt(row.cpu99).padStart(5)}${row.ok === false ? '  MISSED' : ''}`,
      )
      return row
    }
    const rotate = <T>(list: readonly T[]) => {
      let i = 0
      return () => list[i++ % list.length] as T
    }
    const enc = (v: string) => encodeURIComponent(encodeFilterValue(v))
    const books = `/api/libraries/${lib.bookLibraryId}/items?minified=1&limit=50`
    const s = lib.sample
    const filters = [
      `genres.${enc(s.genres[0] as string)}`,
      `genres.${enc(s.genres[30] as string)}`,
      `tags.${enc(s.tags[0] as string)}`,
      `tags.${enc(s.tags[150] as string)}`,
      `narrators.${enc(s.narrators[3] as string)}`,
      `authors.${enc(s.authorIds[7] as string)}`,
      `series.${enc(s.seriesIds[11] as string)}`,
      `publishers.${enc(s.publishers[2] as string)}`,
      `languages.${enc('German')}`,
      `publishedDecades.${enc('1990')}`,
      `progress.${enc('in-progress')}`,
      `progress.${enc('not-started')}`,
      `tracks.${enc('multi')}`,
      `ebooks.${enc('ebook')}`,
      `missing.${enc('isbn')}`,
      'issues',
      'explicit',
    ]
    const target: [number, number] = [15, 50]

    for (const sort of bookSortKeys) {
      const q = `${books}&sort=${sort}${sort === 'addedAt' ? '&desc=1' : ''}`
      const seriesFilter = `series.${enc(s.seriesIds[11] as string)}`
      await measure(
        `items, sort ${sort}, no filter`,
        () => (sort === 'sequence' ? `${q}&filter=${seriesFilter}` : q),
        { target },
      )
      const next = rotate(filters)
      await measure(
        `items, sort ${sort}, rotating ${filters.length} filters`,
        () => `${q}&filter=${next()}`,
        { target },
      )
    }
    const nextFilter = rotate(filters)
    const nextSort = rotate(bookSortKeys.filter((k) => k !== 'sequence'))
    await measure(
      'items, every sort × filter, after a progress write',
      () => `${books}&sort=${nextSort()}&filter=${nextFilter()}`,
      { afterWrite: 'progress', runs: RUNS * 2 },
    )
    await measure(
      'items, every sort × filter, after a content change',
      () => `${books}&sort=${nextSort()}&filter=${nextFilter()}`,
      { afterWrite: 'content', runs: RUNS * 2 },
    )
    await measure(
      'items, title, no filter, after a content change',
      () => `${books}&sort=media.metadata.title`,
      { afterWrite: 'content' },
    )
    const deep = rotate([100, 500, 1000, 1999])
    await measure(
      'items, title, deep pages (5,000–99,950)',
      () => `${books}&sort=media.metadata.title&page=${deep()}`,
    )
    await measure(
      'items without minified=1 (minified, as Audiobookshelf), title',
      () => `/api/libraries/${lib.bookLibraryId}/items?limit=50&sort=media.metadata.title`,
    )
    await measure('items, collapse series, title', () => `${books}&collapseseries=1`)
    await measure(
      'items, collapse series, title, after a content change',
      () => `${books}&collapseseries=1`,
      { afterWrite: 'content', runs: 15 },
    )
    await measure(
      'items, collapse series, addedAt desc',
      () => `${books}&collapseseries=1&sort=addedAt&desc=1`,
      { runs: 15 },
    )
    const pods = `/api/libraries/${lib.podcastLibraryId}/items?minified=1&limit=50`
    for (const sort of podcastSortKeys)
      await measure(`podcasts, sort ${sort}`, () => `${pods}&sort=${sort}`, { runs: 15 })

    const filterdata = `/api/libraries/${lib.bookLibraryId}?include=filterdata`
    await measure('include=filterdata', () => filterdata, { target: [50, 50] })
    await measure('include=filterdata, after a progress write', () => filterdata, {
      afterWrite: 'progress',
      target: [50, 50],
    })
    await measure('include=filterdata, after a content change (recomputed)', () => filterdata, {
      afterWrite: 'content',
      runs: 15,
    })
    encoding = 'gzip'
    await measure('include=filterdata, gzip as browsers ask (inflated in this process)', () => filterdata)
    encoding = 'identity'

    const words = [
      ...s.titleWords.slice(0, 12),
      'the',
      'a',
      'sh',
      'night river',
      'caf',
      'über',
      'sto',
      ...s.narrators.slice(0, 3).map((n) => n.split(' ')[0] as string),
    ]
    const nextWord = rotate(words)
    await measure(
      `search, ${words.length} queries, limit 12`,
      () => `/api/libraries/${lib.bookLibraryId}/search?q=${encodeURIComponent(nextWord())}&limit=12`,
      {
        target: [30, 30],
      },
    )
    await measure(
      'search, podcasts',
      () => `/api/libraries/${lib.podcastLibraryId}/search?q=${encodeURIComponent(nextWord())}&limit=12`,
      { runs: 20 },
    )

    const personalized = `/api/libraries/${lib.bookLibraryId}/personalized?limit=10`
    await measure('personalized', () => personalized, { runs: 20, target: [100, 100] })
    await measure('personalized, after a progress write', () => personalized, {
      afterWrite: 'progress',
      runs: 20,
      target: [100, 100],
    })
    await measure('personalized, after a content change', () => personalized, {
      afterWrite: 'content',
      runs: 20,
    })
    await measure(
      'personalized, podcasts',
      () => `/api/libraries/${lib.podcastLibraryId}/personalized?limit=10`,
      { runs: 20 },
    )

    await measure(
      'series list, name',
      () => `/api/libraries/${lib.bookLibraryId}/series?limit=50&sort=name`,
      { runs: 20 },
    )
    await measure(
      'series list, numBooks desc',
      () => `/api/libraries/${lib.bookLibraryId}/series?limit=50&sort=numBooks&desc=1`,
      { runs: 10 },
    )
    await measure(
      'authors, page of 50 by name',
      () => `/api/libraries/${lib.bookLibraryId}/authors?limit=50`,
      { runs: 20 },
    )
    await measure('authors, all (20k)', () => `/api/libraries/${lib.bookLibraryId}/authors`, { runs: 5 })
    await measure('narrators, all', () => `/api/libraries/${lib.bookLibraryId}/narrators`, { runs: 5 })
    await measure('stats', () => `/api/libraries/${lib.bookLibraryId}/stats`, { runs: 10 })
    await measure(
      'stats, after a content change (recomputed)',
      () => `/api/libraries/${lib.bookLibraryId}/stats`,
      { runs: 5, afterWrite: 'content' },
    )

    const missed = rows.filter((r) => r.ok === false)
    console.log(
      `\n| request (${ITEMS.toLocaleString('en')} books) | p50 ms | p99 ms | max ms | CPU p50 ms | CPU p99 ms | n | target (wall time) |`,
    )
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
    for (const r of rows) {
      const target = r.target ? `${r.target} ${r.ok ? 'ok' : '**missed**'}` : ''
      console.log(
        `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.cpu50)} | ${fmt(r.cpu99)} | ${r.n} | ${target} |`,
      )
    }
    console.log(
      `\n${missed.length} of ${rows.filter((r) => r.target).length} targeted rows missed; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
  } finally {
    await app.close()
    if (!KEEP) fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
