// Renaming a tag on 20,000 items: `npm run bench:tag-rename` (BENCH_ITEMS=20000 books share the tag).
// Issue #19 asks < 10 s, one transaction, clients told. A copy of the synthetic library (bench/bench-library.ts)
// gets one tag on every book; then:
//   1. DB only: the one transaction the rename makes (rows, facets, search rows), timed in this process;
//   2. over HTTP: POST /api/tags/rename over loopback to a real server process. Past 500 items the change is a
//      task: the answer comes once the transaction commits (counts final, items_updated going out), and the
//      task finishes once every book's metadata.json is written (first into an empty metadata folder, then over
//      the files the first run wrote); both times are printed, the second from an admin socket's task_finished.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { databaseFileName } from '../apps/server/src/db/connection.ts'
import { MetaValuesRepository } from '../apps/server/src/modules/item-metadata/meta-values.repository.ts'
import { connectSocket } from '../apps/server/src/test-support/socket-client.ts'
import { httpClient, loadAverage, prepareLibrary, startBenchServer } from './bench-library.ts'

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000)
const TAG = 'bench-shared-tag'

const { dir: shared } = await prepareLibrary(ITEMS)
// A copy: the shared library stays as other benchmarks expect it.
const dir = `${shared}-tag-rename`
fs.rmSync(dir, { recursive: true, force: true })
fs.cpSync(shared, dir, { recursive: true })

const dbFile = path.join(dir, 'config', databaseFileName)
const sqlite = new Database(dbFile)
sqlite.exec(`
  UPDATE library_items SET tags = json_insert(tags, '$[#]', '${TAG}') WHERE media_type = 'book';
  INSERT OR IGNORE INTO item_facets (item_id, library_id, kind, value)
    SELECT id, library_id, 'tag', '${TAG}' FROM library_items WHERE media_type = 'book';`)
const books = (
  sqlite.prepare(`SELECT count(*) AS n FROM library_items WHERE media_type = 'book'`).get() as {
    n: number
  }
).n

// 1. The transaction alone: the same writer the route uses, on every book, there and back.
const repo = new MetaValuesRepository({ db: null as never, sqlite })
const rows = sqlite
  .prepare(`SELECT id, library_id AS libraryId, tags FROM library_items WHERE media_type = 'book'`)
  .all() as { id: string; libraryId: string; tags: string }[]
const before = rows.map((r) => JSON.parse(r.tags) as string[])
const swap = (lists: readonly string[][], from: string, to: string) =>
  rows.map((r, i) => ({
    id: r.id,
    libraryId: r.libraryId,
    before: lists[i] ?? [],
    values: (lists[i] ?? []).map((v) => (v === from ? to : v)),
  }))
const there = swap(before, TAG, 'bench-db-only')
const t = performance.now()
repo.apply('tag', there, Date.now())
const dbOnlyMs = performance.now() - t
// Back, so the HTTP runs start from the tag on every book.
repo.apply(
  'tag',
  swap(
    there.map((c) => c.values),
    'bench-db-only',
    TAG,
  ),
  Date.now(),
)
sqlite.pragma('wal_checkpoint(TRUNCATE)')
sqlite.close()

// 2. Over HTTP with metadata.json files.
const server = await startBenchServer(dir)
const client = httpClient(server.base, 2)
const socket = await connectSocket(server.base)
await socket.auth(server.token)
const rename = async (tag: string, newTag: string) => {
  const start = performance.now()
  const res = await client.request('POST', '/api/tags/rename', server.token, { tag, newTag })
  const answerMs = performance.now() - start
  if (res.status !== 200) throw new Error(`rename: ${res.status} ${res.text().slice(0, 200)}`)
  const started = await socket.waitFor<{ id: string; description: string | null }>(
    'task_started',
    (task) => task.description === tag,
  )
  await socket.waitFor<{ id: string }>('task_finished', (task) => task.id === started.id, 600_000)
  const doneMs = performance.now() - start
  return { answerMs, doneMs, answer: JSON.parse(res.text()) as { numItemsUpdated: number } }
}
try {
  const first = await rename(TAG, 'bench-renamed-tag')
  const files = fs.readdirSync(path.join(dir, 'metadata', 'items')).length
  const second = await rename('bench-renamed-tag', TAG)
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  console.log(`tag rename on ${books} books (load average ${loadAverage()})`)
  console.log(`  DB only (one transaction: rows, facets, search rows): ${s(dbOnlyMs)}`)
  for (const [label, run] of [
    ['metadata.json written new', first],
    ['metadata.json overwritten', second],
  ] as const)
    console.log(
      `  POST /api/tags/rename (${label}): answer ${s(run.answerMs)}, task finished ${s(run.doneMs)} (${run.answer.numItemsUpdated} items)`,
    )
  console.log(`  metadata folders written: ${files}`)
  const worst = Math.max(first.answerMs, second.answerMs)
  console.log(`  target < 10 s (answer, counts final): ${worst < 10_000 ? 'met' : 'MISSED'}`)
} finally {
  socket.close()
  await server.stop()
  fs.rmSync(dir, { recursive: true, force: true })
}
