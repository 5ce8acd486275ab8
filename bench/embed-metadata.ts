// Embed metadata in bulk: `npm run bench:embed-metadata` (BENCH_ITEMS=100 books of BENCH_FILES=10 short MP3s each).
// An in-process server scans a generated library, then one POST /api/tools/batch/embed-metadata queues every book;
// the queue writes tags, the cover and chapters into each file (ffmpeg, probe, backup, atomic swap, item rescan).
// Issue #20 asks for the whole batch in < 60 s with memory flat: RSS is sampled every 200 ms during the run and
// reported at start, peak and end.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeAudio, makeCoverImage } from '../scripts/media/index.ts'
import { createLibrary, settle } from '../apps/server/src/scanner/test-library.ts'
import { createInitialisedApp } from '../apps/server/src/test-support/test-app.ts'

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100)
const FILES = Number(process.env.BENCH_FILES ?? 10)
/** CPU seconds of this process and of its finished children (the ffmpeg runs), from /proc (Linux). */
const cpuSeconds = (): number | null => {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    // After "pid (comm) ": utime stime cutime cstime are fields 12-15 (0-based), in clock ticks of 1/100 s.
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) / 100
  } catch {
    return null
  }
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-embed-'))
const root = path.join(dir, 'books')
const work = path.join(dir, 'work')
fs.mkdirSync(work, { recursive: true })
const seed = path.join(work, 'seed.mp3')
await makeAudio({ path: seed, durationSec: 2, bitrateKbps: 32 })
const cover = await makeCoverImage({ path: path.join(work, 'cover.jpg'), width: 300, height: 300 })
for (let i = 0; i < ITEMS; i++) {
  const folder = path.join(root, `Author ${i % 10}`, `Book ${String(i).padStart(3, '0')}`)
  fs.mkdirSync(folder, { recursive: true })
  fs.copyFileSync(cover, path.join(folder, 'cover.jpg'))
  for (let f = 1; f <= FILES; f++) {
    fs.copyFileSync(seed, path.join(folder, `${String(f).padStart(2, '0')} - Part ${f}.mp3`))
  }
}

const { t, root: admin } = await createInitialisedApp({ dir: path.join(dir, 'data') })
try {
  const token = admin.accessToken
  const library = await createLibrary(t, token, {
    name: 'Embed bench',
    folders: [{ fullPath: root }],
    mediaType: 'book',
    settings: { disableWatcher: true },
  })
  await settle(t, library.id)
  const ids = (
    await t.ctx.database.db
      .selectFrom('library_items')
      .select('id')
      .where('library_id', '=', library.id)
      .execute()
  ).map((r) => r.id)
  if (ids.length !== ITEMS) throw new Error(`scanned ${ids.length} items, expected ${ITEMS}`)

  global.gc?.()
  const rss: number[] = [process.memoryUsage().rss]
  const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 200)
  const started = performance.now()
  const cpuStart = cpuSeconds()
  const res = await t.call('POST', '/api/tools/batch/embed-metadata', token, { libraryItemIds: ids })
  if (res.statusCode !== 200) throw new Error(`batch embed: ${res.statusCode} ${res.body}`)
  while (t.ctx.embed.queued().length > 0) await new Promise((r) => setTimeout(r, 50))
  const wall = (performance.now() - started) / 1000
  const cpuEnd = cpuSeconds()
  clearInterval(sampler)
  rss.push(process.memoryUsage().rss)

  const tasks = t.ctx.tasks.list().filter((x) => x.action === 'embed-metadata')
  const failed = tasks.filter((x) => x.isFailed)
  const backups = fs.readdirSync(path.join(t.config.metadataPath, 'cache', 'items')).length
  const files = ITEMS * FILES
  console.log(`embed-metadata: ${ITEMS} items x ${FILES} files = ${files} MP3s (2 s each, cover 300x300)`)
  console.log(`  wall time        ${wall.toFixed(1)} s (target < 60 s)  ${(files / wall).toFixed(1)} files/s`)
  console.log(
    `  tasks            ${tasks.length} (finished tasks kept: the runner keeps the last 50), failed ${failed.length}`,
  )
  console.log(`  item cache dirs  ${backups}`)
  console.log(
    `  RSS              start ${mb(rss[0] ?? 0)}, peak ${mb(Math.max(...rss))}, end ${mb(rss.at(-1) ?? 0)}`,
  )
  if (cpuStart !== null && cpuEnd !== null) {
    const cpu = cpuEnd - cpuStart
    const cores = os.availableParallelism()
    console.log(
      `  CPU              ${cpu.toFixed(1)} s (server + ffmpeg children); over ${cores} cores: ${(cpu / cores).toFixed(1)} s`,
    )
  }
  console.log(
    `  load average     ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} CPUs)`,
  )
  if (failed.length) console.log(`  first failure    ${failed[0]?.error}`)
} finally {
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
}
