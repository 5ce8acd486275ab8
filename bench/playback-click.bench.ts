// Direct-play click latency: `npm run bench:play-click` (optionally BENCH_RUNS=20 BENCH_WARMUP=2); needs the
// built client (`npm run build`). A real server process serving the built client, one generated mp3 book
// (2 min, 32 kb/s), the client in headless Chromium. Each run clicks the item page's play button and times,
// inside the page on one clock: the session answer (POST /api/items/:id/play), the audio element's
// 'playing' event, and when its currentTime first moves past where it started (polled every 2 ms); then
// closes the player (which closes the session) before the next run. Prints p50/p95/max of each; the target
// is 'playing' under 300 ms at p95.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { apiCall, bookId, logInAs, playerLaunchOptions, ROOT, rootToken } from '../e2e/player-helpers.ts'
import { startServer } from '../e2e/server-fixture.ts'
import { makeAudio } from '../scripts/media/index.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
const TARGET_MS = 300
const TITLE = 'Click Bench Book'
const clientIndex = path.resolve(import.meta.dirname, '../apps/web/dist/index.html')

/** Times of one run in the page's clock (performance.now()), 0 until seen. */
interface ClickMarks {
  clickAt: number
  sessionAt: number
  playingAt: number
  advancingAt: number
  startedFrom: number
}

type MarkedWindow = Window & { __clickMarks: ClickMarks }

/**
 * Runs in the page before its scripts: marks the play click (capture phase, before React handles it) and
 * hooks every media element the player starts, since the player's <audio> need not be in the document.
 */
function installClickMarks(): void {
  const w = window as unknown as MarkedWindow
  w.__clickMarks = { clickAt: 0, sessionAt: 0, playingAt: 0, advancingAt: 0, startedFrom: 0 }
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-testid="item-play"]')) return
      w.__clickMarks = {
        clickAt: performance.now(),
        sessionAt: 0,
        playingAt: 0,
        advancingAt: 0,
        startedFrom: 0,
      }
    },
    true,
  )
  const hooked = new WeakSet<HTMLMediaElement>()
  const play = HTMLMediaElement.prototype.play
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!hooked.has(this)) {
      hooked.add(this)
      this.addEventListener('playing', () => {
        const marks = w.__clickMarks
        if (!marks.clickAt || marks.playingAt) return
        marks.playingAt = performance.now()
        marks.startedFrom = this.currentTime
        // timeupdate comes only every ~250 ms: poll the clock to see when the audio really moves.
        const poll = setInterval(() => {
          if (marks.advancingAt || performance.now() - marks.playingAt > 5000) clearInterval(poll)
          else if (this.currentTime > marks.startedFrom) {
            marks.advancingAt = performance.now()
            clearInterval(poll)
          }
        }, 2)
      })
    }
    return play.call(this)
  }
}

/** The marks once the audio has advanced, with the session answer taken from the resource timings. */
async function readMarks(page: Page): Promise<ClickMarks> {
  await page.waitForFunction(
    () => (window as unknown as MarkedWindow).__clickMarks.advancingAt > 0,
    undefined,
    {
      timeout: 15_000,
    },
  )
  return page.evaluate(() => {
    const marks = { ...(window as unknown as MarkedWindow).__clickMarks }
    const play = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/api\/items\/[^/]+\/play/.test(entry.name) && entry.startTime >= marks.clickAt)
      .at(-1) as PerformanceResourceTiming | undefined
    marks.sessionAt = play?.responseEnd ?? 0
    return marks
  })
}

/** Nearest-rank percentile. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

function summary(name: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const f = (n: number) => `${n.toFixed(0)} ms`
  return `${name.padEnd(34)} p50 ${f(percentile(sorted, 50))}  p95 ${f(percentile(sorted, 95))}  max ${f(sorted.at(-1) ?? Number.NaN)}`
}

async function main() {
  if (!fs.existsSync(clientIndex))
    throw new Error('bench:play-click needs the built client: run `npm run build` first')
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-click-'))
  const server = await startServer()
  const browser = await chromium.launch(playerLaunchOptions)
  try {
    await makeAudio({
      path: path.join(media, 'Bench Author', TITLE, `${TITLE}.mp3`),
      durationSec: 120,
      tags: { title: TITLE },
    })
    await server.initRoot(ROOT.username, ROOT.password)
    const token = await rootToken(server)
    await apiCall(server, token, 'POST', '/api/libraries', {
      name: 'Bench',
      mediaType: 'book',
      folders: [{ fullPath: media }],
    })
    const id = await bookId(server, TITLE, token)

    const context = await browser.newContext({ baseURL: server.url })
    await context.addInitScript(installClickMarks)
    const page = await context.newPage()
    await logInAs(page)
    await page.goto(`/item/${id}`)
    await page.getByTestId('item-play').waitFor()

    const session: number[] = []
    const playing: number[] = []
    const advancing: number[] = []
    for (let run = 0; run < WARMUP + RUNS; run++) {
      await page.getByTestId('item-play').click()
      const marks = await readMarks(page)
      if (run >= WARMUP) {
        session.push(marks.sessionAt - marks.clickAt)
        playing.push(marks.playingAt - marks.clickAt)
        advancing.push(marks.advancingAt - marks.clickAt)
      }
      // Close the player (this closes the session) so the next click starts from nothing playing.
      await page.getByTestId('player-close').click()
      await page.getByTestId('player-bar').waitFor({ state: 'detached' })
    }

    console.log(
      `bench:play-click — ${RUNS} runs (after ${WARMUP} warm-up), direct play of a 2 min mp3, headless Chromium`,
    )
    console.log(summary('click -> session answer', session))
    console.log(summary("click -> 'playing' event", playing))
    console.log(summary('click -> currentTime advancing', advancing))
    const p95 = percentile(
      [...playing].sort((a, b) => a - b),
      95,
    )
    console.log(`target: 'playing' under ${TARGET_MS} ms at p95 — ${p95 < TARGET_MS ? 'met' : 'NOT met'}`)
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
