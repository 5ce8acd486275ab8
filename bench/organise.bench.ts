// Organise benchmark: `npm run bench:organise` (BENCH_ITEMS=20000 books by default, BENCH_RUNS per read).
// The real app (buildApp, SQLite file, every migration) on 127.0.0.1 with a synthetic library written into
// its tables; real HTTP with a bearer token. Measures a 5,000-book collection and a 5,000-entry playlist
// (read minified, as the client reads them, and expanded, as Audiobookshelf apps do), the paged library
// collections list, and batch actions on 1,000 selected items (one request each): metadata update,
// collection add, mark finished, soft delete.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { silentLogger } from '../apps/server/src/logger.ts'
import { generateSyntheticLibrary } from './synthetic-library.ts'

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0))

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-organise-'))
  const config = loadConfig({
    CONFIG_PATH: path.join(dir, 'config'),
    METADATA_PATH: path.join(dir, 'metadata'),
    CLIENT_DIST_PATH: path.join(dir, 'none'),
    HOST: '127.0.0.1',
  })
  const { app, ctx } = await buildApp({ config, logger: silentLogger() })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const rows: string[] = []
  try {
    const json = async <T>(
      method: string,
      url: string,
      token: string | null,
      body?: unknown,
    ): Promise<{ ms: number; body: T }> => {
      const t = performance.now()
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      const ms = performance.now() - t
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`)
      const parsed: unknown = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text
      return { ms, body: parsed as T }
    }
    await json('POST', '/init', null, { newRoot: { username: 'bench', password: 'bench-password' } })
    const first = (
      await json<{ user: { id: string; accessToken: string } }>('POST', '/login', null, {
        username: 'bench',
        password: 'bench-password',
      })
    ).body
    const t0 = Date.now()
    ctx.database.sqlite.pragma('synchronous = OFF')
    const lib = generateSyntheticLibrary(ctx.database.sqlite, {
      books: ITEMS,
      authors: Math.round(ITEMS / 5),
      series: Math.round(ITEMS / 12.5),
      podcasts: 10,
      episodesPerPodcast: 20,
      userId: first.user.id,
      root: path.join(dir, 'media'),
    })
    ctx.database.sqlite.pragma('synchronous = NORMAL')
    console.error(`generated ${ITEMS} books in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    const token = (
      await json<{ user: { accessToken: string } }>('POST', '/login', null, {
        username: 'bench',
        password: 'bench-password',
      })
    ).body.user.accessToken
    const ids = (
      ctx.database.sqlite
        .prepare('SELECT id FROM library_items WHERE library_id = ? ORDER BY rowid LIMIT 6000')
        .all(lib.bookLibraryId) as { id: string }[]
    ).map((r) => r.id)

    const measure = async (name: string, run: () => Promise<number>, runs = RUNS, target?: number) => {
      const times: number[] = []
      await run() // warm
      for (let i = 0; i < runs; i++) times.push(await run())
      times.sort((a, b) => a - b)
      const p50 = pct(times, 50)
      const line = `| ${name} | ${fmt(p50)} | ${fmt(pct(times, 95))} | ${runs} | ${target ? `< ${target} ${p50 < target ? 'ok' : '**missed**'}` : ''} |`
      rows.push(line)
      console.error(line)
    }
    const once = async (name: string, run: () => Promise<number>, target: number) => {
      const ms = await run()
      const line = `| ${name} | ${fmt(ms)} | — | 1 | < ${target} ${ms < target ? 'ok' : '**missed**'} |`
      rows.push(line)
      console.error(line)
    }

    const five = ids.slice(0, 5000)
    let collectionId = ''
    await once(
      'create a collection of 5,000 books (one request)',
      async () => {
        const r = await json<{ id: string }>('POST', '/api/collections', token, {
          libraryId: lib.bookLibraryId,
          name: 'Big',
          books: five,
        })
        collectionId = r.body.id
        return r.ms
      },
      2000,
    )
    for (let i = 0; i < 30; i++)
      await json('POST', '/api/collections', token, {
        libraryId: lib.bookLibraryId,
        name: `Small ${i}`,
        books: ids.slice(i * 10, i * 10 + 10),
      })
    await measure(
      'collection of 5,000, minified (client)',
      async () => (await json('GET', `/api/collections/${collectionId}?minified=1`, token)).ms,
      RUNS,
      500,
    )
    await measure(
      'collection of 5,000, expanded (ABS apps)',
      async () => (await json('GET', `/api/collections/${collectionId}`, token)).ms,
      5,
    )
    await measure(
      'library collections, page of 20, minified',
      async () =>
        (
          await json(
            'GET',
            `/api/libraries/${lib.bookLibraryId}/collections?limit=20&page=0&minified=1`,
            token,
          )
        ).ms,
    )
    const playlist = await json<{ id: string }>('POST', '/api/playlists', token, {
      libraryId: lib.bookLibraryId,
      name: 'Long',
      items: five.map((libraryItemId) => ({ libraryItemId })),
    })
    await measure(
      'playlist of 5,000, minified',
      async () => (await json('GET', `/api/playlists/${playlist.body.id}?minified=1`, token)).ms,
      RUNS,
      500,
    )

    const batch = ids.slice(5000, 6000)
    await once(
      'batch update of 1,000 books (genres, publisher)',
      async () =>
        (
          await json(
            'POST',
            '/api/items/batch/update',
            token,
            batch.map((id) => ({
              id,
              mediaPayload: { metadata: { publisher: 'Batch House', genres: ['Batch'] } },
            })),
          )
        ).ms,
      2000,
    )
    const small = await json<{ id: string }>('POST', '/api/collections', token, {
      libraryId: lib.bookLibraryId,
      name: 'Batch target',
      books: [],
    })
    await once(
      'add 1,000 books to a collection',
      async () =>
        (await json('POST', `/api/collections/${small.body.id}/batch/add`, token, { books: batch })).ms,
      2000,
    )
    await once(
      'mark 1,000 books finished',
      async () =>
        (
          await json(
            'PATCH',
            '/api/me/progress/batch/update',
            token,
            batch.map((libraryItemId) => ({ libraryItemId, isFinished: true })),
          )
        ).ms,
      2000,
    )
    await once(
      'delete 1,000 books (database only)',
      async () => (await json('POST', '/api/items/batch/delete', token, { libraryItemIds: batch })).ms,
      2000,
    )

    console.log(`\n| request (${ITEMS.toLocaleString('en')} books) | p50 ms | p95 ms | n | target |`)
    console.log('| --- | ---: | ---: | ---: | --- |')
    for (const r of rows) console.log(r)
    console.log(
      `\nload average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
