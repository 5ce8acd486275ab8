/**
 * EPUB reader: open → first rendered page of a 5 MB EPUB in headless Chromium (issue #15 target < 1 s).
 *
 * Each run starts from a fresh browser context on the app's origin with the book's bytes already in the page
 * (its download is the server's file route, measured elsewhere), then times what the reader body does: load
 * the reader frame (reader-frame.html + reader-frame.js), hand over the bytes, let foliate-js unzip and parse
 * the EPUB and lay out the first section, until the frame reports its first position (`relocate`, sent once
 * the page is rendered). The same message protocol the app's EpubReader uses (frame-host.ts).
 *
 * A second series times the whole journey a reader makes: from the Read click on the book's item page (a fresh
 * browser context each run, signed in) to the first page on screen (the body reports its first position as
 * `data-location`), so the overlay, the item and progress requests and the 5 MB download are counted too.
 *
 * Build first (`npm run build`), then `npm run bench:reader-epub`.
 */
import { chromium, type Browser } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromiumLaunchOptions } from '../e2e/chromium.ts'
import { apiCall, bookId, rootToken } from '../e2e/player-helpers.ts'
import { startServer, type ShelfcastServer } from '../e2e/server-fixture.ts'
import { makeEpub } from '../scripts/media/epub.ts'
import { loadAverageLine, logInAsRoot, percentile } from './browser-helpers.ts'

const RUNS = 10
const TARGET_MS = 1000
const TARGET_BYTES = 5 * 1024 * 1024

/** Deterministic words, so every run of the benchmark reads the same book. */
function wordsFrom(seed: number) {
  const vocabulary = ['harbour', 'lamp', 'quay', 'winter', 'story', 'tide', 'rope', 'gull', 'salt', 'lantern']
  let state = seed
  return (count: number) =>
    Array.from({ length: count }, () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff
      return vocabulary[state % vocabulary.length]!
    }).join(' ')
}

/** About 5 MB: 60 chapters of text and incompressible "image" resources, as illustrated books are. */
async function fiveMegabyteEpub(dir: string): Promise<string> {
  const words = wordsFrom(42)
  const chapters = Array.from({ length: 60 }, (_, i) => ({
    title: `Chapter ${i + 1}`,
    text: Array.from({ length: 30 }, () => words(120)).join('\n\n'),
  }))
  let state = 7
  const noise = (size: number) =>
    Buffer.from(
      Array.from({ length: size }, () => {
        state = (state * 1664525 + 1013904223) >>> 0
        return state >>> 24
      }),
    )
  const resources = Array.from({ length: 10 }, (_, i) => ({
    href: `images/plate-${i + 1}.jpg`,
    data: noise(500 * 1024),
    mediaType: 'image/jpeg',
  }))
  return makeEpub({
    path: path.join(dir, 'big.epub'),
    title: 'Five Megabytes',
    author: 'Bench',
    chapters,
    resources,
  })
}

/** Read click on the item page → first page on screen, through the real app; one fresh context per run. */
async function fromReadClick(browser: Browser, server: ShelfcastServer, folder: string): Promise<number[]> {
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/libraries', {
    name: 'Ebooks',
    mediaType: 'book',
    folders: [{ fullPath: folder }],
  })
  const id = await bookId(server, 'Five Megabytes', token)
  const opens: number[] = []
  for (let i = 0; i <= RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await logInAsRoot(page, server.url)
    await page.goto(`${server.url}/item/${id}`)
    const read = page.getByTestId('item-read')
    await read.waitFor()
    await page.evaluate(() => {
      const w = window as unknown as { clickAt?: number }
      document
        .querySelector('[data-testid="item-read"]')
        ?.addEventListener('click', () => (w.clickAt = performance.now()), { capture: true })
    })
    await read.click()
    const handle = await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="epub-reader"][data-location]') ? performance.now() : false,
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
    const shownAt = (await handle.jsonValue()) as number
    const clickAt = await page.evaluate(() => (window as unknown as { clickAt: number }).clickAt)
    await context.close()
    if (i === 0) continue // warm-up
    opens.push(shownAt - clickAt)
    console.log(`journey run ${String(i).padStart(2)}: ${Math.round(shownAt - clickAt)} ms`)
  }
  return opens
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-reader-bench-'))
  const bookDir = path.join(dir, 'Bench', 'Five Megabytes')
  fs.mkdirSync(bookDir, { recursive: true })
  const file = await fiveMegabyteEpub(bookDir)
  const bytes = fs.readFileSync(file)
  console.log(
    `book: ${(bytes.length / 1024 / 1024).toFixed(2)} MB (target size ${TARGET_BYTES / 1024 / 1024} MB)`,
  )
  const server = await startServer()
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  try {
    await server.initRoot('root', 'rootpass')
    const totals: number[] = []
    for (let i = 0; i <= RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      await page.goto(`${server.url}/login`)
      await page.evaluate((b64) => {
        ;(window as unknown as { bookBytes: ArrayBuffer }).bookBytes = Uint8Array.from(atob(b64), (c) =>
          c.charCodeAt(0),
        ).buffer
      }, bytes.toString('base64'))
      const run = await page.evaluate(async () => {
        const book = (window as unknown as { bookBytes: ArrayBuffer }).bookBytes
        const start = performance.now()
        const marks: { frameReady?: number; parsed?: number } = {}
        const iframe = document.createElement('iframe')
        iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin')
        iframe.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:99'
        const channel = new MessageChannel()
        const done = new Promise<string>((resolve) => {
          channel.port1.onmessage = (event: MessageEvent<{ type: string }>) => {
            if (event.data.type === 'opened') marks.parsed = performance.now() - start
            if (event.data.type === 'relocate' || event.data.type === 'error') resolve(event.data.type)
          }
        })
        window.addEventListener('message', (event) => {
          if (event.source !== iframe.contentWindow) return
          marks.frameReady = performance.now() - start
          const style = {
            theme: 'dark',
            font: 'serif',
            fontScale: 100,
            lineSpacing: 115,
            textStroke: 0,
            spread: 'auto',
            flow: 'paginated',
          }
          const open = { type: 'open', book, fileName: 'book.epub', initialLocation: null, style }
          iframe.contentWindow!.postMessage(open, location.origin, [channel.port2, book])
        })
        iframe.src = new URL('reader-frame.html', document.baseURI).href
        document.body.append(iframe)
        const outcome = await Promise.race([
          done,
          new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
        ])
        // The first page is on screen once the frame has painted after relocate.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        return { outcome, total: performance.now() - start, ...marks }
      })
      await context.close()
      if (run.outcome !== 'relocate') throw new Error(`run ${i}: ${run.outcome}`)
      if (i === 0) continue // warm-up: the server's first answers and Chromium's caches
      totals.push(run.total)
      console.log(
        `run ${String(i).padStart(2)}: ${Math.round(run.total)} ms  (frame ready ${Math.round(run.frameReady ?? 0)} ms, ` +
          `parsed ${Math.round(run.parsed ?? 0)} ms)`,
      )
    }
    console.log(
      `\nopen → first rendered page, 5 MB EPUB, ${RUNS} runs: p50 ${Math.round(percentile(totals, 50))} ms, ` +
        `p95 ${Math.round(percentile(totals, 95))} ms (target < ${TARGET_MS} ms)`,
    )
    const journeys = await fromReadClick(browser, server, dir)
    console.log(
      `Read click → first page on screen (overlay, requests, 5 MB download), ${RUNS} runs: ` +
        `p50 ${Math.round(percentile(journeys, 50))} ms, p95 ${Math.round(percentile(journeys, 95))} ms`,
    )
    console.log(loadAverageLine())
  } finally {
    await browser.close()
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
