// Web podcast benchmark: `npm run bench:web-podcast` (a podcast of BENCH_EPISODES=5000 episodes). A real server
// process with a synthetic podcast written into its database; the built client in headless Chromium. Measures
// the item's API answer and how long /item/:id takes to show its first screen of episode rows, after a page
// load and after a click on the podcast's card, and how many rows stay in the DOM (the table is virtualised).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import BetterSqlite3 from 'better-sqlite3'
import { startServer } from '../e2e/server-fixture.ts'
import { logInAsRoot, median } from './browser-helpers.ts'
import { makeCoverImage } from '../scripts/media/index.ts'
import { generateSyntheticLibrary } from './synthetic-library.ts'

const EPISODES = Number(process.env.BENCH_EPISODES ?? 5_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const BUDGET_MS = 500
const ROW = '[data-testid="episode-row"]'

/** Resolves in the page once episode rows fill the viewport's table; answers performance.now() then. */
function firstRowsReady(selector: string): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      const rows = [...document.querySelectorAll<HTMLElement>(selector)].filter((row) => {
        const r = row.getBoundingClientRect()
        return r.bottom > 0 && r.top < window.innerHeight
      })
      if (rows.length >= 3) resolve(performance.now())
      else requestAnimationFrame(check)
    }
    check()
  })
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-web-podcast-'))
  try {
    const first = await startServer({}, { dataDir })
    await first.initRoot('root', 'rootpass')
    await first.stop()
    const sqlite = new BetterSqlite3(path.join(dataDir, 'config', 'shelfcast.sqlite'))
    sqlite.pragma('journal_mode = WAL')
    const { id: userId } = sqlite.prepare(`SELECT id FROM users WHERE type = 'root'`).get() as { id: string }
    const lib = generateSyntheticLibrary(sqlite, {
      books: 10,
      authors: 5,
      series: 2,
      podcasts: 1,
      episodesPerPodcast: EPISODES,
      exactEpisodeCount: true,
      userId,
      root: path.join(dataDir, 'media'),
    })
    const podcast = sqlite
      .prepare('SELECT id, cover_path AS coverPath FROM library_items WHERE library_id = ?')
      .get(lib.podcastLibraryId) as { id: string; coverPath: string }
    sqlite.close()
    fs.mkdirSync(path.dirname(podcast.coverPath), { recursive: true })
    await makeCoverImage({ path: podcast.coverPath, width: 600, height: 600, colour: '#335c67' })

    const server = await startServer({}, { dataDir })
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'rootpass' }),
    })
    const token = ((await login.json()) as { user: { accessToken: string } }).user.accessToken
    /** Median time and size of the item's answer, full (what Audiobookshelf apps ask) or as the podcast page asks. */
    const timeItem = async (query: string) => {
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < REPEAT * 2; i++) {
        const t0 = performance.now()
        const res = await fetch(`${server.url}/api/items/${podcast.id}?${query}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        bytes = (await res.arrayBuffer()).byteLength
        times.push(performance.now() - t0)
      }
      return `${Math.round(median(times))} ms (${(bytes / 1e6).toFixed(1)} MB)`
    }
    const fullAnswer = await timeItem('expanded=1&include=progress')
    const pageAnswer = await timeItem('expanded=1&include=progress&episodes=minified')

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    const loads: number[] = []
    const inApp: number[] = []
    let domRows = 0
    try {
      for (let i = 0; i < REPEAT; i++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
        const page = await context.newPage()
        await logInAsRoot(page, server.url)
        await page.goto(`${server.url}/item/${podcast.id}`)
        loads.push(await page.evaluate(firstRowsReady, ROW))
        domRows = Math.max(domRows, await page.evaluate((s) => document.querySelectorAll(s).length, ROW))
        await page.goto(`${server.url}/library/${lib.podcastLibraryId}/bookshelf`)
        const card = page.getByTestId('item-card').first()
        await card.waitFor()
        const clicked = await page.evaluate(() => performance.now())
        await card.click()
        inApp.push((await page.evaluate(firstRowsReady, ROW)) - clicked)
        await context.close()
      }
    } finally {
      await browser.close()
      await server.stop()
    }
    const n = EPISODES.toLocaleString('en')
    console.log('\n| what | result | target |\n| --- | --- | --- |')
    console.log(
      `| GET /api/items/:id?expanded=1 of a podcast of ${n} episodes, median of ${REPEAT * 2} | ${fullAnswer} | |`,
    )
    console.log(
      `| the same with episodes=minified (what the podcast page asks), median of ${REPEAT * 2} | ${pageAnswer} | |`,
    )
    console.log(
      `| podcast of ${n}: first screen of episodes after page load (from navigation start), median of ${REPEAT} | ${Math.round(median(loads))} ms (${loads.map(Math.round).join(', ')}) | |`,
    )
    console.log(
      `| podcast of ${n}: first screen of episodes after a click on its card, median of ${REPEAT} | ${Math.round(median(inApp))} ms (${inApp.map(Math.round).join(', ')}) | < ${BUDGET_MS} ${median(inApp) < BUDGET_MS ? 'ok' : '**missed**'} |`,
    )
    console.log(`| podcast of ${n}: episode rows in the DOM | ${domRows} | screenful + overscan |`)
    console.log(
      `\nload average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
