// Web bookshelf benchmark: `npm run bench:web` (optionally BENCH_BOOKS=100000 BENCH_WIDTH=1440 BENCH_HEIGHT=900).
// A real server process with a synthetic library of BENCH_BOOKS books written straight into its database
// (bench/synthetic-library.ts) and real cover images on disk; the built client in headless Chromium.
// Measures how long the bookshelf takes to show its first screen of covers, and how many cards stay in
// the DOM while scrolling to the end of the library.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import BetterSqlite3 from 'better-sqlite3'
import { startServer } from '../e2e/server-fixture.ts'
import { logInAsRoot, median } from './browser-helpers.ts'
import { makeCoverImage } from '../scripts/media/index.ts'
import { generateSyntheticLibrary } from './synthetic-library.ts'

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000)
const WIDTH = Number(process.env.BENCH_WIDTH ?? 1440)
const HEIGHT = Number(process.env.BENCH_HEIGHT ?? 900)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FIRST_SCREEN_BUDGET_MS = 1000
const DOM_CARD_BUDGET = 300
/** Each timing is the median of this many runs (the dev machines are shared). */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3)

/** A database with the root user and a synthetic library; every book with a cover gets a real image (hard links to a few sources). */
async function prepare(dataDir: string): Promise<{ libraryId: string; covers: number; ms: number }> {
  const started = Date.now()
  const first = await startServer({}, { dataDir }) // runs the migrations
  await first.initRoot('root', 'rootpass')
  await first.stop()

  const sqlite = new BetterSqlite3(path.join(dataDir, 'config', 'shelfcast.sqlite'))
  sqlite.pragma('journal_mode = WAL')
  const { id: userId } = sqlite.prepare(`SELECT id FROM users WHERE type = 'root'`).get() as { id: string }
  const library = generateSyntheticLibrary(sqlite, {
    books: BOOKS,
    authors: Math.max(10, Math.round(BOOKS / 5)),
    series: Math.max(5, Math.round(BOOKS / 12)),
    podcasts: 20,
    episodesPerPodcast: 10,
    userId,
    root: path.join(dataDir, 'media'),
  })
  const sources: string[] = []
  const colours = ['#2f4858', '#8a3b12', '#335c67', '#5f0f40', '#386641', '#6a4c93', '#9e2a2b', '#1d3557']
  for (const [i, colour] of colours.entries()) {
    sources.push(
      await makeCoverImage({ path: path.join(dataDir, `source-${i}.jpg`), width: 400, height: 640, colour }),
    )
  }
  const rows = sqlite
    .prepare(
      `SELECT cover_path AS coverPath FROM library_items WHERE library_id = ? AND cover_path IS NOT NULL`,
    )
    .all(library.bookLibraryId) as { coverPath: string }[]
  rows.forEach((row, i) => {
    fs.mkdirSync(path.dirname(row.coverPath), { recursive: true })
    fs.linkSync(sources[i % sources.length]!, row.coverPath)
  })
  sqlite.close()
  return { libraryId: library.bookLibraryId, covers: rows.length, ms: Date.now() - started }
}

/**
 * Resolves (in the page) once the viewport shows cards and none of them is a skeleton or a cover still
 * loading; returns performance.now() at that frame.
 */
function firstScreenReady(): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      const slots = [...document.querySelectorAll<HTMLElement>('[data-testid="bookshelf-grid"] [data-index]')]
      const inView = slots.filter((slot) => {
        const rect = slot.getBoundingClientRect()
        return rect.bottom > 0 && rect.top < window.innerHeight
      })
      const settled =
        inView.length > 0 &&
        inView.every((slot) => {
          const cover = slot.querySelector<HTMLElement>('[data-testid="cover"]')
          return !!cover && cover.dataset.coverState !== 'loading'
        })
      if (settled) resolve(performance.now())
      else requestAnimationFrame(check)
    }
    check()
  })
}

const cardsInDom = () => document.querySelectorAll('[data-testid="bookshelf-grid"] [data-index]').length

/** BENCH_DATA_DIR keeps the prepared data for the next run (preparing 100,000 books takes a while). */
async function preparedData(): Promise<{
  dataDir: string
  keep: boolean
  prepared: { libraryId: string; covers: number; ms: number }
}> {
  const keepDir = process.env.BENCH_DATA_DIR
  const dataDir = keepDir
    ? path.resolve(keepDir)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-web-'))
  const marker = path.join(dataDir, 'prepared.json')
  if (keepDir && fs.existsSync(marker)) {
    const prepared = JSON.parse(fs.readFileSync(marker, 'utf8')) as {
      libraryId: string
      covers: number
      ms: number
      books: number
    }
    if (prepared.books === BOOKS) {
      console.log(`bench:web — reusing ${BOOKS.toLocaleString('en-US')} books prepared in ${dataDir}`)
      // A reused directory still starts with a cold server cover cache.
      fs.rmSync(path.join(dataDir, 'metadata', 'cache'), { recursive: true, force: true })
      return { dataDir, keep: true, prepared }
    }
    throw new Error(`${dataDir} holds ${prepared.books} books, not ${BOOKS}: use another BENCH_DATA_DIR`)
  }
  fs.mkdirSync(dataDir, { recursive: true })
  console.log(`bench:web — preparing ${BOOKS.toLocaleString('en-US')} books ...`)
  const prepared = await prepare(dataDir)
  if (keepDir) fs.writeFileSync(marker, JSON.stringify({ ...prepared, books: BOOKS }))
  return { dataDir, keep: !!keepDir, prepared }
}

async function main() {
  const { dataDir, keep, prepared } = await preparedData()
  try {
    console.log(
      `prepared in ${(prepared.ms / 1000).toFixed(1)} s (${prepared.covers.toLocaleString('en-US')} cover files)`,
    )
    const server = await startServer({}, { dataDir })
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
      ],
    })
    const bookshelf = `${server.url}/library/${prepared.libraryId}/bookshelf`
    const results: { what: string; value: string; pass?: boolean }[] = []
    try {
      // 1. Page loads of the bookshelf URL (each the median of REPEAT): cold (the server resizes every
      //    cover), warm server cache in a fresh browser (no HTTP cache), and a reload with the browser cache.
      const coverCache = path.join(dataDir, 'metadata', 'cache', 'covers')
      const loads: Record<string, number[]> = { cold: [], warm: [], reload: [] }
      for (let i = 0; i < REPEAT; i++) {
        for (const kind of ['cold', 'warm'] as const) {
          if (kind === 'cold') fs.rmSync(coverCache, { recursive: true, force: true })
          const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } })
          const page = await context.newPage()
          await logInAsRoot(page, server.url)
          await page.goto(bookshelf)
          loads[kind]!.push(await page.evaluate(firstScreenReady))
          if (kind === 'warm') {
            await page.reload()
            loads.reload!.push(await page.evaluate(firstScreenReady))
          }
          await context.close()
        }
      }
      const labels = {
        cold: 'cold server cover cache, empty browser cache',
        warm: 'warm server cache, empty browser cache',
        reload: 'reload with browser cache',
      }
      for (const [kind, runs] of Object.entries(loads)) {
        const ms = median(runs)
        results.push({
          what: `first screen of covers, page load (${labels[kind as keyof typeof labels]}), median of ${runs.length}`,
          value: `${Math.round(ms)} ms (runs: ${runs.map((r) => Math.round(r)).join(', ')})`,
          pass: ms < FIRST_SCREEN_BUDGET_MS,
        })
      }

      // 2. In-app navigation (side rail) and the scroll to the end.
      const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } })
      const page = await context.newPage()
      const itemRequests: string[] = []
      page.on('request', (request) => {
        if (request.url().includes(`/api/libraries/${prepared.libraryId}/items`))
          itemRequests.push(request.url())
      })
      await logInAsRoot(page, server.url)
      const inApp: number[] = []
      let requestsForFirstScreen = 0
      for (let i = 0; i < REPEAT; i++) {
        await page.goto(`${server.url}/account`)
        await page.getByTestId('side-rail').waitFor()
        const clickedAt = await page.evaluate(() => performance.now())
        await page.getByTestId('side-rail').getByRole('link', { name: 'Library' }).click()
        inApp.push((await page.evaluate(firstScreenReady)) - clickedAt)
        if (i === 0) requestsForFirstScreen = itemRequests.length
      }
      results.push({
        what: `first screen of covers, in-app navigation (side rail → Library), median of ${REPEAT}`,
        value: `${Math.round(median(inApp))} ms (runs: ${inApp.map((r) => Math.round(r)).join(', ')})`,
        pass: median(inApp) < FIRST_SCREEN_BUDGET_MS,
      })
      const total = Number(await page.getByTestId('bookshelf-grid').getAttribute('data-total'))
      const firstScreenCards = await page.evaluate(cardsInDom)
      const limit = new URL(itemRequests[0] ?? 'http://x/?limit=0').searchParams.get('limit')
      itemRequests.length = 0

      // Scroll to the end a screen at a time (one step per frame), watching the number of cards in the DOM.
      const scroll = await page.evaluate(async () => {
        const count = () => document.querySelectorAll('[data-testid="bookshelf-grid"] [data-index]').length
        let max = count()
        let frames = 0
        const started = performance.now()
        await new Promise<void>((resolve) => {
          const step = () => {
            window.scrollBy(0, window.innerHeight * 2)
            frames += 1
            max = Math.max(max, count())
            const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
            if (atEnd) resolve()
            else requestAnimationFrame(step)
          }
          requestAnimationFrame(step)
        })
        return { max, frames, ms: performance.now() - started, endedAt: performance.now() }
      })
      const endReadyAt = await page.evaluate(firstScreenReady)
      const lastIndex = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll<HTMLElement>('[data-testid="bookshelf-grid"] [data-index]')].map(
            (e) => Number(e.dataset.index),
          ),
        ),
      )
      const maxAfter = Math.max(scroll.max, await page.evaluate(cardsInDom))
      results.push({ what: 'library size (bookshelf total)', value: total.toLocaleString('en-US') })
      results.push({ what: 'cards in the DOM, first screen', value: String(firstScreenCards) })
      results.push({
        what: `cards in the DOM, max while scrolling to the end (${scroll.frames} frames, ${Math.round(scroll.ms)} ms)`,
        value: String(maxAfter),
        pass: maxAfter <= DOM_CARD_BUDGET,
      })
      results.push({
        what: 'last card rendered at the end',
        value: `#${lastIndex + 1} of ${total.toLocaleString('en-US')}`,
        pass: lastIndex === total - 1,
      })
      results.push({
        what: 'end of the library: covers shown after the scroll stopped',
        value: `${Math.round(endReadyAt - scroll.endedAt)} ms`,
      })
      results.push({
        what: 'item page requests: until the first screen shows (with the prefetched next pages) / scrolling to the end',
        value: `${requestsForFirstScreen} / ${itemRequests.length} (limit ${limit})`,
      })
      await context.close()
    } finally {
      await browser.close()
      await server.stop()
    }

    const [load1, load5] = os.loadavg()
    console.log(
      `\n${WIDTH}x${HEIGHT}, ${os.cpus().length} CPUs, load average ${load1?.toFixed(1)} (1 min) / ${load5?.toFixed(1)} (5 min) at the end`,
    )
    console.log(`\n| what | result |\n| --- | --- |`)
    for (const r of results)
      console.log(`| ${r.what} | ${r.pass === undefined ? '' : r.pass ? '✅ ' : '❌ '}${r.value} |`)
    if (results.some((r) => r.pass === false)) process.exitCode = 1
  } finally {
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
