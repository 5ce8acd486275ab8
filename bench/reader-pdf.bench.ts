// PDF reader: `npm run bench:reader-pdf` (optionally BENCH_RUNS=10 BENCH_TURNS=10 BENCH_WARMUP=1); needs the built
// client (`npm run build`). A real server process serving the built client, one generated 500-page PDF
// (scripts/media/pdf.ts), the client in headless Chromium at 1280×800. Each run loads the item page, clicks Read
// and times, inside the page on one clock, the click to the first page drawn on screen (the body marks its page
// host `data-rendered-page` once the canvas is in); then turns BENCH_TURNS pages with the Next page button,
// each after a short pause (a reader looks at a page before turning it), timing click to the next page drawn.
// Prints p50/p95/max; the targets are open < 1 s and a turn < 150 ms. Also counts the book's byte-range
// requests of the first open, to show page 1 arrives without the whole file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/chromium.ts'
import { apiCall, bookId, logInAs, ROOT, rootToken } from '../e2e/player-helpers.ts'
import { startServer } from '../e2e/server-fixture.ts'
import { makePdf } from '../scripts/media/pdf.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 10)
const TURNS = Number(process.env.BENCH_TURNS ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const PAGES = 500
const OPEN_TARGET_MS = 1000
const TURN_TARGET_MS = 150
/** Time spent "reading" each page before the next turn. */
const READ_PAUSE_MS = 400
const TITLE = 'Reader Bench Pdf'
const clientIndex = path.resolve(import.meta.dirname, '../apps/web/dist/index.html')

interface ReaderMarks {
  /** performance.now() of the last click. */
  clickAt: number
  /** performance.now() at which each page was first put on screen since the last reset. */
  rendered: Record<string, number>
}
type MarkedWindow = Window & { __readerMarks: ReaderMarks }

/** Runs in the page before its scripts: marks clicks (capture phase) and each page the PDF body puts on screen. */
function installReaderMarks(): void {
  const w = window as unknown as MarkedWindow
  w.__readerMarks = { clickAt: 0, rendered: {} }
  document.addEventListener('click', () => (w.__readerMarks.clickAt = performance.now()), true)
  new MutationObserver((records) => {
    for (const record of records) {
      const page = (record.target as Element).getAttribute('data-rendered-page')
      if (page && !(page in w.__readerMarks.rendered)) w.__readerMarks.rendered[page] = performance.now()
    }
  }).observe(document, { attributes: true, attributeFilter: ['data-rendered-page'], subtree: true })
}

const resetMarks = (page: Page) =>
  page.evaluate(() => ((window as unknown as MarkedWindow).__readerMarks = { clickAt: 0, rendered: {} }))

/** Milliseconds from the last click to the first page drawn (or to `pageNumber` drawn). */
async function clickToRendered(page: Page, pageNumber?: number): Promise<{ ms: number; page: number }> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const marks = (window as unknown as MarkedWindow).__readerMarks
      const entries = Object.entries(marks.rendered)
      const hit = wanted === null ? entries[0] : entries.find(([p]) => Number(p) === wanted)
      return hit ? { ms: hit[1] - marks.clickAt, page: Number(hit[0]) } : null
    },
    pageNumber ?? null,
    { timeout: 30_000 },
  )
  return (await handle.jsonValue()) as { ms: number; page: number }
}

/** Nearest-rank percentile. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

function summary(name: string, values: number[]): { line: string; p95: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const f = (n: number) => `${n.toFixed(0)} ms`
  const p95 = percentile(sorted, 95)
  const line = `${name.padEnd(34)} p50 ${f(percentile(sorted, 50))}  p95 ${f(p95)}  max ${f(sorted.at(-1) ?? Number.NaN)}  (n=${values.length})`
  return { line, p95 }
}

/** The item page's Read button (spec §2: the item page's read action). */
const readButton = (page: Page) => page.getByTestId('item-read')
/** The PDF body's own Next page button (the overlay has side buttons of the same name). */
const nextButton = (page: Page) =>
  page.getByRole('toolbar', { name: 'Page controls' }).getByRole('button', { name: 'Next page' })

async function main() {
  if (!fs.existsSync(clientIndex))
    throw new Error('bench:reader-pdf needs the built client: run `npm run build` first')
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-pdf-'))
  const server = await startServer()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const file = await makePdf({
      path: path.join(media, 'Bench Author', TITLE, `${TITLE}.pdf`),
      pages: PAGES,
    })
    const size = fs.statSync(file).size
    await server.initRoot(ROOT.username, ROOT.password)
    const token = await rootToken(server)
    await apiCall(server, token, 'POST', '/api/libraries', {
      name: 'Bench',
      mediaType: 'book',
      folders: [{ fullPath: media }],
    })
    const id = await bookId(server, TITLE, token)

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })
    await context.addInitScript(installReaderMarks)
    const page = await context.newPage()
    const bookRequests: { range: string; at: number }[] = []
    page.on('request', (request) => {
      if (/\/ebook(\/|$|\?)/.test(request.url()))
        bookRequests.push({ range: request.headers()['range'] ?? 'whole file', at: Date.now() })
    })
    await logInAs(page)

    const opens: number[] = []
    const turns: number[] = []
    let firstOpenRequests: string[] = []
    for (let run = 0; run < WARMUP + RUNS; run++) {
      await page.goto(`/item/${id}`)
      await readButton(page).waitFor()
      await resetMarks(page)
      bookRequests.length = 0
      await readButton(page).click()
      const open = await clickToRendered(page)
      if (run === 0) firstOpenRequests = bookRequests.map((r) => r.range)
      if (run >= WARMUP) opens.push(open.ms)
      let at = open.page
      for (let turn = 0; turn < TURNS && at < PAGES; turn++) {
        await page.waitForTimeout(READ_PAUSE_MS)
        await nextButton(page).click()
        const next = await clickToRendered(page, at + 1)
        if (run >= WARMUP) turns.push(next.ms)
        at += 1
      }
    }

    console.log(
      `bench:reader-pdf — ${RUNS} opens (after ${WARMUP} warm-up) of a ${PAGES}-page PDF (${(size / 1024).toFixed(0)} kB), ` +
        `${TURNS} page turns each, headless Chromium 1280×800`,
    )
    const open = summary('click Read -> first page drawn', opens)
    const turn = summary('click Next -> next page drawn', turns)
    console.log(open.line)
    console.log(turn.line)
    console.log(`first open's requests for the book: ${firstOpenRequests.join(', ')}`)
    console.log(
      `targets: open < ${OPEN_TARGET_MS} ms at p95 — ${open.p95 < OPEN_TARGET_MS ? 'met' : 'NOT met'}; ` +
        `turn < ${TURN_TARGET_MS} ms at p95 — ${turn.p95 < TURN_TARGET_MS ? 'met' : 'NOT met'}`,
    )
    console.log(
      `load: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (1/5/15 min), ${os.cpus().length} CPUs`,
    )
  } finally {
    await browser.close()
    await server.stop()
    fs.rmSync(media, { recursive: true, force: true })
  }
}

await main()
