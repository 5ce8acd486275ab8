// Login to the first home shelf: `npm run bench:login-to-shelf` (build first: `npm run build`).
// Optional: BENCH_RUNS=20, BENCH_DEMO_LIBRARY=<folder made by `npm run demo-library -- --out <folder>`> to reuse one.
// A real server process on the demo library and the built client in headless Chromium at 1280 × 800. Each
// run is a fresh browser context (no cached covers or answers) on the login page; the time is from the
// form's submit event to the frame where every cover of the first shelf that is in view has painted
// (loaded, or a placeholder for a book without one). Target (issue #14): under 800 ms.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/chromium.ts'
import { bookId } from '../e2e/player-helpers.ts'
import { loadAverageLine, percentile } from './browser-helpers.ts'
import { startServer } from '../e2e/server-fixture.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const TARGET_MS = 800
const repoRoot = path.resolve(import.meta.dirname, '..')

function demoLibrary(): { folder: string; remove: () => void } {
  const given = process.env.BENCH_DEMO_LIBRARY
  if (given) return { folder: given, remove: () => undefined }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-demo-'))
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/demo-library.ts'), '--out', folder], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`demo library generation failed:\n${run.stdout}\n${run.stderr}`)
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) }
}

/** In the page: performance.now() at the frame where the first shelf's covers in view have all painted, else false. */
function firstShelfPainted(): number | false {
  const shelf = document.querySelector('[data-testid="home-shelf"]')
  if (!shelf) return false
  const covers = [...shelf.querySelectorAll<HTMLElement>('[data-testid="cover"]')].filter((cover) => {
    const rect = cover.getBoundingClientRect()
    return rect.right > 0 && rect.left < window.innerWidth && rect.bottom > 0 && rect.top < window.innerHeight
  })
  if (covers.length === 0 || covers.some((cover) => cover.dataset.coverState === 'loading')) return false
  return performance.now()
}

interface Timeline {
  total: number
  /** Milliseconds after submit at which each request started and ended (first of its kind). */
  requests: Record<string, { start: number; end: number } | undefined>
  covers: number
  /** When the last cover request of the run ended (after submit). */
  lastCoverEnd: number
}

async function oneRun(page: Page, url: string): Promise<Timeline> {
  await page.goto(`${url}/login`)
  const form = page.getByTestId('login-form')
  await form.getByLabel('Username').fill('root')
  await form.getByLabel('Password', { exact: true }).fill('rootpass')
  await page.evaluate(() => {
    const target = window as unknown as { submitAt?: number }
    document
      .querySelector('[data-testid="login-form"]')
      ?.addEventListener('submit', () => (target.submitAt = performance.now()), { capture: true })
  })
  await form.getByRole('button', { name: 'Submit' }).click()
  const paintedAt = (await (
    await page.waitForFunction(firstShelfPainted, undefined, { polling: 'raf', timeout: 60_000 })
  ).jsonValue()) as number
  return page.evaluate((painted) => {
    const submitAt = (window as unknown as { submitAt: number }).submitAt
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const first = (test: (name: string) => boolean) => {
      const entry = entries.find((e) => e.startTime >= submitAt && test(new URL(e.name).pathname))
      return entry ? { start: entry.startTime - submitAt, end: entry.responseEnd - submitAt } : undefined
    }
    const covers = entries.filter(
      (e) => e.startTime >= submitAt && new URL(e.name).pathname.endsWith('/cover'),
    )
    return {
      total: painted - submitAt,
      requests: {
        login: first((p) => p === '/login'),
        libraries: first((p) => p === '/api/libraries'),
        personalized: first((p) => p.endsWith('/personalized')),
        firstCover: first((p) => p.endsWith('/cover')),
      },
      covers: covers.length,
      lastCoverEnd: Math.max(...covers.map((e) => e.responseEnd - submitAt)),
    }
  }, paintedAt)
}

const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)}`)

async function main() {
  const demo = demoLibrary()
  const server = await startServer({ DEMO_LIBRARY_PATH: demo.folder })
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  try {
    await server.initRoot('root', 'rootpass')
    await bookId(server, 'The Ember Road') // the first scan has listed the books
    const runs: Timeline[] = []
    // One warm-up run (the server's first answers fill its caches), not counted.
    for (let i = 0; i <= RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const run = await oneRun(await context.newPage(), server.url)
      await context.close()
      if (i === 0) continue
      runs.push(run)
      const r = run.requests
      console.log(
        `run ${String(i).padStart(2)}: ${ms(run.total).padStart(5)} ms` +
          `  login ${ms(r.login?.end)}  libraries ${ms(r.libraries?.start)}–${ms(r.libraries?.end)}` +
          `  shelves ${ms(r.personalized?.start)}–${ms(r.personalized?.end)}` +
          `  first cover ${ms(r.firstCover?.start)}–${ms(r.firstCover?.end)}  last cover ${ms(run.lastCoverEnd)}  (${run.covers} covers)`,
      )
    }
    const totals = runs.map((run) => run.total)
    console.log(
      `\nlogin submit → first shelf's covers painted, ${RUNS} runs: p50 ${ms(percentile(totals, 50))} ms, ` +
        `p95 ${ms(percentile(totals, 95))} ms (target < ${TARGET_MS} ms)`,
    )
    console.log(loadAverageLine())
  } finally {
    await browser.close()
    await server.stop()
    demo.remove()
  }
}

await main()
