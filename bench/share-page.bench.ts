// Share page first audio: `npm run bench:share-page` (optionally BENCH_RUNS=10 BENCH_WARMUP=1); needs the built
// client (`npm run build`). A real server process serving the built client, one generated mp3 book (2 min,
// 32 kb/s) shared by a public link, the page opened by an anonymous visitor in headless Chromium. Each run is a
// fresh browser context (no cache, no cookie: a first visit) that opens /share/:slug and presses Play as soon
// as the button exists (a script in the page, so no test-driver round trip is counted). Times, on the page's
// clock from the start of navigation: the page data answer, the Play button, the audio element's 'playing'
// event and when its currentTime first moves. Issue #17's target: first audio under 1 s after load.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { apiCall, bookId, playerLaunchOptions, ROOT, rootToken } from '../e2e/player-helpers.ts'
import { startServer } from '../e2e/server-fixture.ts'
import { makeAudio } from '../scripts/media/index.ts'
import { loadAverageLine, percentile } from './browser-helpers.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const TARGET_MS = 1000
const TITLE = 'Share Bench Book'
const SLUG = 'share-bench'
const clientIndex = path.resolve(import.meta.dirname, '../apps/web/dist/index.html')

/** Times of one page load (performance.now(), 0 = navigation start), 0 until seen. */
interface ShareMarks {
  buttonAt: number
  playingAt: number
  advancingAt: number
  dataAt: number
  loadAt: number
}

type MarkedWindow = Window & { __shareMarks: ShareMarks }

/** Runs in the page before its scripts: presses Play the moment it appears and watches the audio start. */
function installShareMarks(): void {
  const w = window as unknown as MarkedWindow
  const marks: ShareMarks = { buttonAt: 0, playingAt: 0, advancingAt: 0, dataAt: 0, loadAt: 0 }
  w.__shareMarks = marks
  const watch = (audio: HTMLAudioElement) => {
    audio.addEventListener('playing', () => {
      if (marks.playingAt) return
      marks.playingAt = performance.now()
      const from = audio.currentTime
      // timeupdate comes only every ~250 ms: poll the clock to see when the audio really moves.
      const poll = setInterval(() => {
        if (audio.currentTime > from) {
          marks.advancingAt = performance.now()
          clearInterval(poll)
        }
      }, 2)
    })
  }
  const observer = new MutationObserver(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="share-audio"]')
    const button = document.querySelector<HTMLButtonElement>('[data-testid="share-play-pause"]')
    if (!audio || !button || marks.buttonAt) return
    marks.buttonAt = performance.now()
    watch(audio)
    button.click()
    observer.disconnect()
  })
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  )
}

function summary(name: string, values: number[]): string {
  const f = (n: number) => `${n.toFixed(0)} ms`
  return `${name.padEnd(36)} p50 ${f(percentile(values, 50))}  p95 ${f(percentile(values, 95))}  max ${f(Math.max(...values))}`
}

async function main() {
  if (!fs.existsSync(clientIndex))
    throw new Error('bench:share-page needs the built client: run `npm run build` first')
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-share-'))
  const server = await startServer()
  const browser = await chromium.launch(playerLaunchOptions)
  try {
    await makeAudio({
      path: path.join(media, 'Bench Author', TITLE, `${TITLE}.mp3`),
      durationSec: 120,
      tags: { title: TITLE, artist: 'Bench Author' },
    })
    await server.initRoot(ROOT.username, ROOT.password)
    const token = await rootToken(server)
    await apiCall(server, token, 'POST', '/api/libraries', {
      name: 'Bench',
      mediaType: 'book',
      folders: [{ fullPath: media }],
    })
    const id = await bookId(server, TITLE, token)
    await apiCall(server, token, 'POST', '/api/share/mediaitem', {
      slug: SLUG,
      mediaItemType: 'book',
      mediaItemId: id,
      expiresAt: 0,
      isDownloadable: false,
    })

    const load: number[] = []
    const afterLoad: number[] = []
    const data: number[] = []
    const button: number[] = []
    const playing: number[] = []
    const advancing: number[] = []
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const context = await browser.newContext({ baseURL: server.url })
      await context.addInitScript(installShareMarks)
      const page = await context.newPage()
      await page.goto(`/share/${SLUG}`)
      await page.waitForFunction(
        () => (window as unknown as MarkedWindow).__shareMarks.advancingAt > 0,
        undefined,
        {
          timeout: 15_000,
        },
      )
      const marks = await page.evaluate(() => {
        const m = { ...(window as unknown as MarkedWindow).__shareMarks }
        const answer = performance
          .getEntriesByType('resource')
          .find((entry) => /\/public\/share\/[^/]+$/.test(new URL(entry.name).pathname)) as
          PerformanceResourceTiming | undefined
        m.dataAt = answer?.responseEnd ?? 0
        const navigation = performance.getEntriesByType('navigation')[0] as
          PerformanceNavigationTiming | undefined
        m.loadAt = navigation?.loadEventEnd ?? 0
        return m
      })
      if (process.env.BENCH_WATERFALL && run === WARMUP + RUNS - 1) {
        // The last visit's requests, to see what stands between navigation and the first audio.
        const entries = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map(
              (e) =>
                `${e.startTime.toFixed(0).padStart(5)} → ${(e as PerformanceResourceTiming).responseEnd.toFixed(0).padStart(5)} ms  ${new URL(e.name).pathname}`,
            ),
        )
        console.log(entries.join('\n'))
      }
      await context.close()
      if (run < WARMUP) continue
      load.push(marks.loadAt)
      afterLoad.push(marks.advancingAt - marks.loadAt)
      data.push(marks.dataAt)
      button.push(marks.buttonAt)
      playing.push(marks.playingAt)
      advancing.push(marks.advancingAt)
    }

    console.log(
      `bench:share-page — ${RUNS} first visits (after ${WARMUP} warm-up), a 2 min mp3 shared book, headless Chromium`,
    )
    console.log(summary("navigation -> 'load' event", load))
    console.log(summary('navigation -> page data answer', data))
    console.log(summary('navigation -> Play button shown', button))
    console.log(summary("navigation -> 'playing' event", playing))
    console.log(summary('navigation -> currentTime advancing', advancing))
    console.log(summary("'load' event -> currentTime advancing", afterLoad))
    // Counted from the start of navigation, the stricter reading of "after load".
    const p95 = percentile(advancing, 95)
    console.log(
      `target: first audio under ${TARGET_MS} ms from navigation start — ${p95 < TARGET_MS ? 'met' : 'NOT met'} (p95 ${p95.toFixed(0)} ms)`,
    )
    console.log(loadAverageLine())
  } finally {
    await browser.close()
    await server.stop()
    fs.rmSync(media, { recursive: true, force: true })
  }
}

await main()
