// RSS feed benchmark: `npm run bench:feeds` (BENCH_EPISODES=5000, BENCH_BOOKS=1000, BENCH_RUNS=30).
// A real server (buildApp + listen on 127.0.0.1, real SQLite file) with a synthetic library written straight into
// the tables (bench/synthetic-library.ts): one podcast of 5,000 episodes and 1,000 books (1 to many files each) in
// one collection. Feeds are opened through the API, then real HTTP requests (fetch, keep-alive) measure:
// - GET /feed/:slug uncached: a content write before every request, so the document is built from the live source
//   (target < 300 ms);
// - GET /feed/:slug answered 304 to If-None-Match (target < 5 ms).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { silentLogger } from '../apps/server/src/logger.ts'
import { generateSyntheticLibrary } from './synthetic-library.ts'

const EPISODES = Number(process.env.BENCH_EPISODES ?? 5000)
const BOOKS = Number(process.env.BENCH_BOOKS ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const UNCACHED_TARGET_MS = 300
const NOT_MODIFIED_TARGET_MS = 5

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0))

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-feeds-'))
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
  let failed = false
  try {
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`)
      return text
    }
    await call('POST', '/init', { newRoot: { username: 'bench', password: 'bench-password' } })
    const login = JSON.parse(
      await call('POST', '/login', { username: 'bench', password: 'bench-password' }),
    ) as {
      user: { id: string; accessToken: string }
    }
    const token = login.user.accessToken
    const sqlite = ctx.database.sqlite
    const lib = generateSyntheticLibrary(sqlite, {
      books: BOOKS,
      authors: Math.max(1, Math.round(BOOKS / 5)),
      series: Math.max(1, Math.round(BOOKS / 12.5)),
      podcasts: 1,
      episodesPerPodcast: EPISODES,
      exactEpisodeCount: true,
      userId: login.user.id,
      root: path.join(dir, 'media'),
    })
    const podcastId = (
      sqlite
        .prepare('SELECT id FROM library_items WHERE library_id = ? LIMIT 1')
        .get(lib.podcastLibraryId) as {
        id: string
      }
    ).id
    const bookIds = (
      sqlite
        .prepare('SELECT id FROM library_items WHERE library_id = ? ORDER BY rowid')
        .all(lib.bookLibraryId) as {
        id: string
      }[]
    ).map((r) => r.id)
    const collection = JSON.parse(
      await call(
        'POST',
        '/api/collections',
        { libraryId: lib.bookLibraryId, name: 'All', books: bookIds },
        token,
      ),
    ) as { id: string }
    const open = (type: string, id: string, slug: string) =>
      call(
        'POST',
        `/api/feeds/${type}/${id}/open`,
        { serverAddress: 'https://bench.example.org', slug },
        token,
      )
    await open('item', podcastId, 'big-podcast')
    await open('collection', collection.id, 'big-collection')

    const someItems = (
      sqlite.prepare('SELECT rowid AS r FROM library_items LIMIT 100').all() as { r: number }[]
    ).map((x) => x.r)
    let bump = 0
    // Any content write: the cached document is dropped and the next request builds it again.
    const writeContent = () =>
      sqlite
        .prepare('UPDATE library_items SET updated_at = updated_at WHERE rowid = ?')
        .run(someItems[++bump % someItems.length] ?? 0)

    const measure = async (name: string, slug: string, mode: 'uncached' | '304', target: number) => {
      const first = await fetch(`${base}/feed/${slug}`)
      const xml = await first.text()
      const etag = first.headers.get('etag') ?? ''
      const items = (xml.match(/<item>/g) ?? []).length
      const times: number[] = []
      const runs = mode === '304' ? RUNS * 5 : RUNS
      for (let i = 0; i < runs + 3; i++) {
        if (mode === 'uncached') writeContent()
        const t = performance.now()
        const res = await fetch(`${base}/feed/${slug}`, {
          headers: mode === '304' ? { 'if-none-match': etag } : {},
        })
        await res.arrayBuffer()
        const ms = performance.now() - t
        const expected = mode === '304' ? 304 : 200
        if (res.status !== expected) throw new Error(`${name}: ${res.status}, expected ${expected}`)
        if (i >= 3) times.push(ms) // the first three warm the connection
      }
      times.sort((a, b) => a - b)
      const p50 = pct(times, 50)
      const p99 = pct(times, 99)
      const ok = p50 < target
      if (!ok) failed = true
      console.log(
        `${name.padEnd(44)} ${String(items).padStart(6)} items ${(xml.length / 1e6).toFixed(1).padStart(5)} MB  p50 ${fmt(p50).padStart(6)} ms  p99 ${fmt(p99).padStart(6)} ms  max ${fmt(times[times.length - 1] ?? 0).padStart(6)} ms  (target p50 < ${target} ms)${ok ? '' : '  MISSED'}`,
      )
    }

    console.log(`feeds of ${EPISODES} episodes and ${BOOKS} books, ${RUNS} runs (x5 for 304s)`)
    await measure(`podcast, ${EPISODES} episodes, uncached`, 'big-podcast', 'uncached', UNCACHED_TARGET_MS)
    await measure(`podcast, ${EPISODES} episodes, 304`, 'big-podcast', '304', NOT_MODIFIED_TARGET_MS)
    await measure(`collection, ${BOOKS} books, uncached`, 'big-collection', 'uncached', UNCACHED_TARGET_MS)
    await measure(`collection, ${BOOKS} books, 304`, 'big-collection', '304', NOT_MODIFIED_TARGET_MS)
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  if (failed) process.exitCode = 1
}

await main()
