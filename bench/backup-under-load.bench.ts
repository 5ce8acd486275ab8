// Backup under load: `npm run bench:backup` (BENCH_ITEMS=100000 books, BENCH_USERS=50 virtual users,
// BENCH_SECONDS=30 per phase). A real server process on a synthetic library (bench/bench-library.ts); this process
// browses it with USERS clients twice for the same time: once quiet, once while backups are made back to back
// (POST /api/backups: the online SQLite backup + zip). Issue #16 asks the p99 with the backup to stay within 2x the
// p99 without. Then the last backup is restored (the server restarts onto it) and the item count must be identical.
import os from 'node:os'
import { fmtMs, httpClient, loadAverage, pct, prepareLibrary, startBenchServer } from './bench-library.ts'
import { rng } from './synthetic-library.ts'

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000)
const USERS = Number(process.env.BENCH_USERS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)

const { dir, lib } = await prepareLibrary(ITEMS)
const server = await startBenchServer(dir)
const client = httpClient(server.base, USERS + 5)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
try {
  const call = async (method: string, url: string, token = server.token) => {
    const res = await client.request(method, url, token)
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text().slice(0, 200)}`)
    return res
  }
  const libPath = `/api/libraries/${lib.bookLibraryId}`
  const total = async () =>
    (JSON.parse((await call('GET', `${libPath}/items?limit=1&minified=1`)).text()) as { total: number }).total
  const itemIds = (
    JSON.parse((await call('GET', `${libPath}/items?limit=500&sort=random&minified=1`)).text()) as {
      results: { id: string }[]
    }
  ).results.map((r) => r.id)
  const words = [...lib.sample.titleWords.slice(0, 30), 'the', 'night', 'river']
  const sorts = ['media.metadata.title', 'media.metadata.authorNameLF', 'addedAt&desc=1', 'size&desc=1']
  const maxPage = Math.max(0, Math.floor(ITEMS / 50) - 1)
  const urlFor = (rand: () => number): string => {
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T
    const r = rand()
    if (r < 0.45) {
      const page = Math.min(maxPage, rand() < 0.8 ? Math.floor(rand() * 4) : Math.floor(rand() * maxPage))
      return `${libPath}/items?sort=${pick(sorts)}&minified=1&limit=50&page=${page}`
    }
    if (r < 0.8) return `/api/items/${pick(itemIds)}?expanded=1&include=progress`
    return `${libPath}/search?q=${encodeURIComponent(pick(words))}&limit=12`
  }

  /** USERS clients browse without pause for SECONDS; answers their sorted times (ms) and errors. */
  const browse = async (seed: number) => {
    const times: number[] = []
    let errors = 0
    const end = performance.now() + SECONDS * 1000
    await Promise.all(
      Array.from({ length: USERS }, async (_, u) => {
        const rand = rng(seed + u)
        while (performance.now() < end) {
          const t = performance.now()
          try {
            await call('GET', urlFor(rand))
            times.push(performance.now() - t)
          } catch {
            errors++
          }
        }
      }),
    )
    return { times: times.sort((a, b) => a - b), errors }
  }

  const warm = rng(7)
  for (let i = 0; i < 50; i++) await call('GET', urlFor(warm))
  const items = await total()

  const quiet = await browse(1000)

  const backupTimes: number[] = []
  let backingUp = true
  const backups = (async () => {
    while (backingUp) {
      const t = performance.now()
      await call('POST', '/api/backups')
      backupTimes.push(performance.now() - t)
    }
  })()
  const loaded = await browse(1000)
  backingUp = false
  await backups

  const row = (name: string, r: { times: number[]; errors: number }) =>
    `| ${name} | ${r.times.length} | ${(r.times.length / SECONDS).toFixed(0)} | ${fmtMs(pct(r.times, 50))} | ${fmtMs(pct(r.times, 99))} | ${r.errors} |`
  console.log(
    `\n| ${ITEMS.toLocaleString('en')} books, ${USERS} users, ${SECONDS} s each | requests | req/s | p50 ms | p99 ms | errors |`,
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
  console.log(row('without backup', quiet))
  console.log(row('during backups', loaded))
  const ratio = pct(loaded.times, 99) / pct(quiet.times, 99)
  console.log(
    `\n${backupTimes.length} backups during the run, ${backupTimes.map((t) => (t / 1000).toFixed(1)).join(', ')} s each; ` +
      `p99 ratio ${ratio.toFixed(2)} (limit 2.00): ${ratio <= 2 ? 'within' : 'OVER'}`,
  )

  // The last backup restores to the same item count (the server restarts onto it).
  const list = JSON.parse((await call('GET', '/api/backups')).text()) as {
    backups: { id: string; fileSize: number }[]
  }
  const last = list.backups[0]
  if (!last) throw new Error('no backup was made')
  await call('GET', `/api/backups/${last.id}/apply`)
  // The old server answers until it closes; then the new one opens on the restored database.
  for (let waited = 0; waited < 10_000; waited += 100) {
    const up = await total().then(
      () => true,
      () => false,
    )
    if (!up) break
    await sleep(100)
  }
  let restored = -1
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    await sleep(500)
    try {
      restored = await total()
      break
    } catch {
      // restarting
    }
  }
  console.log(
    `restored ${last.id} (${(last.fileSize / 1024 / 1024).toFixed(1)} MB): ${restored} items, before ${items}: ${restored === items ? 'identical' : 'DIFFERENT'}` +
      `; the machine has ${os.availableParallelism()} cores; load average now ${loadAverage()}`,
  )
} finally {
  client.close()
  await server.stop()
}
