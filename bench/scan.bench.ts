// Scanner benchmark: `npm run bench:scan` (optionally BENCH_BOOKS=5000 BENCH_MULTI=200).
// Generates a library of single-file books (plus multi-file books) from a handful of real mp3s made
// with ffmpeg, then measures the first scan (items/s), a rescan with no changes, and the server's RSS.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { makeAudio } from '../scripts/media/index.ts'

const SINGLE = Number(process.env.BENCH_BOOKS ?? 5000)
const MULTI = Number(process.env.BENCH_MULTI ?? 200)
const FILES_PER_MULTI = 3
const BASE_FILES = 8
/** BENCH_WATCHER=0 measures the scanner alone; by default the library is watched, as in production. */
const WATCHER = process.env.BENCH_WATCHER !== '0'

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

async function generate(root: string, work: string) {
  const started = Date.now()
  const bases: string[] = []
  for (let i = 0; i < BASE_FILES; i++) {
    bases.push(
      await makeAudio({
        path: path.join(work, `base-${i}.mp3`),
        durationSec: 2 + (i % 4),
        tags: {
          album: `Base Album ${i}`,
          artist: `Base Artist ${i}`,
          composer: `Narrator ${i}`,
          genre: ['Fantasy', 'Mystery', 'History', 'Science'][i % 4],
          date: String(1950 + i * 7),
          track: 1,
        },
      }),
    )
  }
  // Folder names carry the variety: author / series / sequence / year / title, as real libraries do.
  for (let i = 0; i < SINGLE; i++) {
    const author = `Author ${i % 700}`
    const dir =
      i % 3 === 0
        ? path.join(root, author, `Series ${i % 150}`, `Book ${(i % 12) + 1} - Title ${i}`)
        : path.join(root, author, `${1950 + (i % 70)} - Title ${i}`)
    fs.mkdirSync(dir, { recursive: true })
    fs.copyFileSync(bases[i % BASE_FILES] as string, path.join(dir, `Title ${i}.mp3`))
  }
  for (let i = 0; i < MULTI; i++) {
    const dir = path.join(root, `Multi Author ${i % 50}`, `Long Book ${i}`)
    fs.mkdirSync(dir, { recursive: true })
    for (let f = 1; f <= FILES_PER_MULTI; f++)
      fs.copyFileSync(bases[(i + f) % BASE_FILES] as string, path.join(dir, `Part ${f}.mp3`))
  }
  return Date.now() - started
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-scan-'))
  const root = path.join(dir, 'library')
  try {
    const genMs = await generate(root, path.join(dir, 'work'))
    const items = SINGLE + MULTI
    console.log(
      `generated ${SINGLE} single-file + ${MULTI} ${FILES_PER_MULTI}-file books in ${(genMs / 1000).toFixed(1)}s`,
    )

    const config = loadConfig({
      CONFIG_PATH: path.join(dir, 'config'),
      METADATA_PATH: path.join(dir, 'metadata'),
      CLIENT_DIST_PATH: path.join(dir, 'no-client'),
      LOG_LEVEL: 'silent',
    })
    const { app, ctx } = await buildApp({ config })
    let peakRss = process.memoryUsage().rss
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
    const rssBefore = process.memoryUsage().rss

    const t0 = performance.now()
    const library = await ctx.libraries.create({
      name: 'Bench',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      icon: 'database',
      provider: 'google',
      settings: { disableWatcher: !WATCHER },
    })
    // Creating the library starts its first scan; asking again joins it.
    await (
      await ctx.scanner.scans.scanLibrary(library.id)
    ).done
    const firstMs = performance.now() - t0
    const count = Number(
      (
        ctx.database.sqlite
          .prepare('SELECT count(*) AS n FROM library_items WHERE library_id = ?')
          .get(library.id) as { n: number }
      ).n,
    )

    const t1 = performance.now()
    const probesBefore = ctx.scanner.scans.probeCounter.count
    const rescan = await (await ctx.scanner.scans.scanLibrary(library.id)).done
    const rescanMs = performance.now() - t1
    const probesOnRescan = ctx.scanner.scans.probeCounter.count - probesBefore

    clearInterval(sampler)
    const rssAfter = process.memoryUsage().rss
    peakRss = Math.max(peakRss, rssAfter)
    // A server goes idle after a scan; what it holds a few seconds later is what it keeps.
    await new Promise((r) => setTimeout(r, 6000))
    const rssIdle = process.memoryUsage().rss
    const heap = process.memoryUsage()

    console.log('')
    console.log(`items in library        ${count} (expected ${items})`)
    console.log(
      `first scan              ${(firstMs / 1000).toFixed(2)} s  -> ${Math.round(count / (firstMs / 1000))} items/s`,
    )
    console.log(
      `no-change rescan        ${(rescanMs / 1000).toFixed(2)} s  (files read: ${probesOnRescan}, results ${JSON.stringify(rescan)})`,
    )
    console.log(
      `RSS                     before ${mb(rssBefore)} MB, after scans ${mb(rssAfter)} MB, 6 s idle ${mb(rssIdle)} MB, peak ${mb(peakRss)} MB`,
    )
    console.log(`V8 heap (main thread)   total ${mb(heap.heapTotal)} MB, used ${mb(heap.heapUsed)} MB`)
    console.log(
      `machine                 ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(1)}, node ${process.version}, ${process.execArgv.join(' ') || 'default V8 flags'}, watcher ${WATCHER ? 'on' : 'off'}`,
    )
    await app.close()
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
