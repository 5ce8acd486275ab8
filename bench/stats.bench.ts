// Stats benchmark (#19): `npm run bench:stats` (BENCH_ITEMS=100000, BENCH_SESSIONS=1000000 by default).
// A real server (buildApp + listen on 127.0.0.1, real SQLite file, every migration) on a synthetic library
// (bench/synthetic-library.ts) and listening history written straight into the tables with better-sqlite3:
// 100 users, sessions from 2022-01-01 to 2026-11-27, each user listening to one book at a time (a new book every
// ~30 sessions, the previous one finished), one session in ten on a podcast episode, 1% on items deleted since.
// Then real HTTP requests over loopback time library stats, the user's and the server's year in review, and
// server stats:
//   first     = the first call after the server started (nothing cached);
//   cached    = 20 calls in a row with nothing written in between (answers kept by the stamped caches);
//   recomputed = 20 calls, one item row updated before each (as a scan does): every cache is dropped,
//               so this is the cost of the queries themselves, the figure the targets are about.
// The data folder is kept in the temp dir and reused by later runs of the same size (BENCH_FRESH=1 rebuilds).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { silentLogger } from '../apps/server/src/logger.ts'
import { fmtMs, httpClient, loadAverage, pct } from './bench-library.ts'
import { generateSyntheticLibrary, rng, type SyntheticLibrary } from './synthetic-library.ts'

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000)
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000)
const USERS = 100
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const YEAR = 2025
const ROOT = { username: 'bench', password: 'bench-password' }

const dataConfig = (dir: string) =>
  loadConfig({
    CONFIG_PATH: path.join(dir, 'config'),
    METADATA_PATH: path.join(dir, 'metadata'),
    CLIENT_DIST_PATH: path.join(dir, 'no-client'),
    HOST: '127.0.0.1',
  })

async function post(base: string, url: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const text = await res.text()
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`)
  return (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>
}

const DAY_MS = 86_400_000
const FIRST_DAY = Date.UTC(2022, 0, 1)
const LAST_DAY = Date.UTC(2026, 10, 27)
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Sessions and finished books of every user, in one transaction per 50,000 sessions. */
function seedListening(sqlite: BetterSqlite3.Database, userIds: string[], lib: SyntheticLibrary) {
  const r = rng(7)
  const books = sqlite
    .prepare(`SELECT id, title, author_name AS author, duration FROM library_items WHERE library_id = ?`)
    .all(lib.bookLibraryId) as { id: string; title: string; author: string; duration: number }[]
  const episodes = sqlite
    .prepare(
      `SELECT pe.id AS id, pe.library_item_id AS item, li.title AS title, li.author_name AS author
       FROM podcast_episodes pe JOIN library_items li ON li.id = pe.library_item_id`,
    )
    .all() as { id: string; item: string; title: string; author: string }[]
  const insert =
    sqlite.prepare(`INSERT INTO playback_sessions (id, user_id, library_id, library_item_id, episode_id,
    media_type, display_title, display_author, duration, play_method, time_listening, start_time, "current_time", date,
    day_of_week, started_at, updated_at, closed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, 0, ?, ?, ?, ?, ?)`)
  const finish =
    sqlite.prepare(`INSERT INTO media_progress (id, user_id, library_item_id, episode_id, duration,
    progress, "current_time", is_finished, hide_from_continue_listening, last_update, started_at, finished_at)
    VALUES (?, ?, ?, '', ?, 1, ?, 1, 0, ?, ?, ?)
    ON CONFLICT (user_id, library_item_id, episode_id) DO UPDATE SET is_finished = 1, progress = 1,
      finished_at = excluded.finished_at, last_update = excluded.last_update`)
  const perUser = Math.ceil(SESSIONS / userIds.length)
  const days = (LAST_DAY - FIRST_DAY) / DAY_MS
  let written = 0
  const batch = sqlite.transaction((userId: string, count: number) => {
    // A few popular books, a long tail: skewed picks.
    const pickBook = () => books[Math.floor(Math.pow(r(), 2.5) * books.length)]!
    const shows = [0, 1, 2].map(() => Math.floor(r() * episodes.length))
    let book = pickBook()
    let left = 20 + Math.floor(r() * 20)
    // Sessions in date order, spread over the whole range.
    const stamps = Array.from({ length: count }, () => FIRST_DAY + Math.floor(r() * days) * DAY_MS).sort(
      (a, b) => a - b,
    )
    for (const day of stamps) {
      const started = day + Math.floor(r() * DAY_MS)
      const seconds = 300 + Math.floor(r() * 6900)
      const kind = r()
      if (kind < 0.1) {
        const ep = episodes[(shows[Math.floor(r() * 3)]! + Math.floor(r() * 5)) % episodes.length]!
        insert.run(
          crypto.randomUUID(),
          userId,
          lib.podcastLibraryId,
          ep.item,
          ep.id,
          'podcast',
          ep.title,
          ep.author,
          3600,
          seconds,
          iso(day),
          new Date(day).getUTCDay(),
          started,
          started + seconds * 1000,
          started + seconds * 1000,
        )
        continue
      }
      if (kind < 0.11) {
        insert.run(
          crypto.randomUUID(),
          userId,
          lib.bookLibraryId,
          `deleted-${Math.floor(r() * 500)}`,
          '',
          'book',
          'A Deleted Book',
          'Gone Author',
          36000,
          seconds,
          iso(day),
          new Date(day).getUTCDay(),
          started,
          started + seconds * 1000,
          started + seconds * 1000,
        )
        continue
      }
      insert.run(
        crypto.randomUUID(),
        userId,
        lib.bookLibraryId,
        book.id,
        '',
        'book',
        book.title,
        book.author,
        book.duration,
        seconds,
        iso(day),
        new Date(day).getUTCDay(),
        started,
        started + seconds * 1000,
        started + seconds * 1000,
      )
      if (--left <= 0) {
        const at = started + seconds * 1000
        finish.run(crypto.randomUUID(), userId, book.id, book.duration, book.duration, at, at, at)
        book = pickBook()
        left = 20 + Math.floor(r() * 20)
      }
    }
  })
  for (const userId of userIds) {
    const count = Math.min(perUser, SESSIONS - written)
    if (count <= 0) break
    batch(userId, count)
    written += count
  }
  return written
}

/** A data folder with the library, 100 users and the listening history (made once per size, then reused). */
async function prepare(): Promise<{ dir: string; lib: SyntheticLibrary }> {
  const dir = path.join(os.tmpdir(), `shelfcast-bench-stats-${ITEMS}-${SESSIONS}`)
  const libFile = path.join(dir, 'synthetic-library.json')
  if (process.env.BENCH_FRESH === '1') fs.rmSync(dir, { recursive: true, force: true })
  if (fs.existsSync(libFile))
    return { dir, lib: JSON.parse(fs.readFileSync(libFile, 'utf8')) as SyntheticLibrary }
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const { app, ctx } = await buildApp({ config: dataConfig(dir), logger: silentLogger() })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  try {
    await post(base, '/init', { newRoot: ROOT })
    const login = (await post(base, '/login', ROOT)) as { user: { id: string; accessToken: string } }
    const userIds = [login.user.id]
    for (let i = 1; i < USERS; i++) {
      const u = await post(
        base,
        '/api/users',
        { username: `listener${i}`, password: 'pw' },
        login.user.accessToken,
      )
      userIds.push((u as { user: { id: string } }).user.id)
    }
    const sqlite = ctx.database.sqlite
    sqlite.pragma('cache_size = -262144')
    sqlite.pragma('synchronous = OFF')
    let t0 = Date.now()
    const lib = generateSyntheticLibrary(sqlite, {
      books: ITEMS,
      authors: Math.round(ITEMS / 5),
      series: Math.round(ITEMS / 12.5),
      podcasts: Math.max(10, Math.round(ITEMS / 333)),
      episodesPerPodcast: 60,
      userId: login.user.id,
      root: path.join(dir, 'media'),
    })
    console.error(`generated ${JSON.stringify(lib.counts)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    t0 = Date.now()
    const n = seedListening(sqlite, userIds, lib)
    console.error(`wrote ${n.toLocaleString('en')} sessions in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
    sqlite.pragma('synchronous = NORMAL')
    fs.writeFileSync(libFile, JSON.stringify(lib))
    return { dir, lib }
  } finally {
    await app.close()
  }
}

interface Row {
  name: string
  first: number
  cached: number[]
  recomputed: number[]
  /** CPU ms of the recomputed calls. */
  recomputedCpu: number[]
  target: number
}

async function main() {
  const { dir, lib } = await prepare()
  const { app, ctx } = await buildApp({ config: dataConfig(dir), logger: silentLogger() })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const client = httpClient(base)
  try {
    const sqlite = ctx.database.sqlite
    const counts = sqlite
      .prepare(
        `SELECT (SELECT count(*) FROM library_items) AS items, (SELECT count(*) FROM playback_sessions) AS sessions,
          (SELECT count(*) FROM listening_months) AS months, (SELECT count(*) FROM users) AS users`,
      )
      .get() as Record<string, number>
    const dbBytes = fs.statSync(path.join(dir, 'config', 'shelfcast.sqlite')).size
    console.error(`${JSON.stringify(counts)}, database ${(dbBytes / 1e6).toFixed(0)} MB in ${dir}`)
    const login = (await post(base, '/login', ROOT)) as { user: { accessToken: string } }
    const token = login.user.accessToken
    const someItems = (
      sqlite
        .prepare('SELECT rowid AS r FROM library_items WHERE library_id = ? LIMIT 1000')
        .all(lib.bookLibraryId) as {
        r: number
      }[]
    ).map((x) => x.r)
    let bump = 0
    const touch = sqlite.prepare('UPDATE library_items SET updated_at = updated_at + 1 WHERE rowid = ?')
    /** Wall time, and CPU time of this process (server and client): what the call costs without waiting for a core. */
    const cpu: number[] = []
    const time = async (url: string) => {
      const c = process.cpuUsage()
      const t = performance.now()
      const res = await client.request('GET', url, token)
      const ms = performance.now() - t
      const used = process.cpuUsage(c)
      cpu.push((used.user + used.system) / 1000)
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text().slice(0, 200)}`)
      return ms
    }
    const cases: [name: string, url: string, target: number][] = [
      ['library stats (GET /api/libraries/:id/stats)', `/api/libraries/${lib.bookLibraryId}/stats`, 300],
      [`user year in review (GET /api/me/stats/year/${YEAR})`, `/api/me/stats/year/${YEAR}`, 500],
      [`server year in review (GET /api/stats/year/${YEAR})`, `/api/stats/year/${YEAR}`, 500],
      ['server stats (GET /api/stats/server)', '/api/stats/server', 500],
    ]
    const rows: Row[] = []
    for (const [name, url, target] of cases) {
      const first = await time(url)
      const cached: number[] = []
      for (let i = 0; i < RUNS; i++) cached.push(await time(url))
      const recomputed: number[] = []
      cpu.length = 0
      for (let i = 0; i < RUNS; i++) {
        touch.run(someItems[++bump % someItems.length] ?? 0)
        recomputed.push(await time(url))
      }
      rows.push({
        name,
        first,
        cached: cached.sort((a, b) => a - b),
        recomputed: recomputed.sort((a, b) => a - b),
        recomputedCpu: [...cpu].sort((a, b) => a - b),
        target,
      })
    }
    console.log(
      `\n${ITEMS.toLocaleString('en')} items, ${counts.sessions?.toLocaleString('en')} sessions (${counts.months?.toLocaleString('en')} rollup rows), ${counts.users} users; load average ${loadAverage()}`,
    )
    console.log(
      '| request | first ms | cached p50 / p95 ms | recomputed p50 / p95 ms | recomputed CPU p50 / p95 ms | target |',
    )
    console.log('| --- | ---: | ---: | ---: | ---: | --- |')
    for (const r of rows) {
      console.log(
        `| ${r.name} | ${fmtMs(r.first)} | ${fmtMs(pct(r.cached, 50))} / ${fmtMs(pct(r.cached, 95))} | ${fmtMs(pct(r.recomputed, 50))} / ${fmtMs(pct(r.recomputed, 95))} | ${fmtMs(pct(r.recomputedCpu, 50))} / ${fmtMs(pct(r.recomputedCpu, 95))} | < ${r.target} |`,
      )
    }
  } finally {
    client.close()
    await app.close()
  }
}

await main()
