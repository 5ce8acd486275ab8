// Web collection benchmark: `npm run bench:web-collection` (BENCH_BOOKS=10000 books, a collection and a playlist
// of BENCH_ENTRIES=5000 of them). A real server process with a synthetic library written into its database
// and real cover images; the built client in headless Chromium. Measures how long /collection/:id and
// /playlist/:id take to show their first screen of rows (titles and covers loaded) after navigation, and how
// many rows stay in the DOM (the list is virtualised).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import BetterSqlite3 from 'better-sqlite3'
import { startServer } from '../e2e/server-fixture.ts'
import { logInAsRoot, median } from './browser-helpers.ts'
import { makeCoverImage } from '../scripts/media/index.ts'
import { generateSyntheticLibrary } from './synthetic-library.ts'

const BOOKS = Number(process.env.BENCH_BOOKS ?? 10_000)
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 5_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const BUDGET_MS = 500

/** Resolves in the page once rows fill the viewport with their covers settled; answers performance.now() then. */
function firstRowsReady(): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="list-entry"]')].filter((row) => {
        const r = row.getBoundingClientRect()
        return r.bottom > 0 && r.top < window.innerHeight
      })
      const settled =
        rows.length >= 5 &&
        rows.every((row) =>
          [...row.querySelectorAll<HTMLElement>('[data-testid="cover"]')].every(
            (c) => c.dataset.coverState !== 'loading',
          ),
        )
      if (settled) resolve(performance.now())
      else requestAnimationFrame(check)
    }
    check()
  })
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-web-collection-'))
  try {
    const first = await startServer({}, { dataDir })
    await first.initRoot('root', 'rootpass')
    await first.stop()
    const sqlite = new BetterSqlite3(path.join(dataDir, 'config', 'shelfcast.sqlite'))
    sqlite.pragma('journal_mode = WAL')
    const { id: userId } = sqlite.prepare(`SELECT id FROM users WHERE type = 'root'`).get() as { id: string }
    const lib = generateSyntheticLibrary(sqlite, {
      books: BOOKS,
      authors: BOOKS / 5,
      series: BOOKS / 12,
      podcasts: 2,
      episodesPerPodcast: 2,
      userId,
      root: path.join(dataDir, 'media'),
    })
    const source = await makeCoverImage({
      path: path.join(dataDir, 'source.jpg'),
      width: 400,
      height: 640,
      colour: '#335c67',
    })
    const rows = sqlite
      .prepare(
        'SELECT id, cover_path AS coverPath FROM library_items WHERE library_id = ? ORDER BY rowid LIMIT ?',
      )
      .all(lib.bookLibraryId, ENTRIES) as { id: string; coverPath: string | null }[]
    for (const row of rows) {
      if (!row.coverPath) continue
      fs.mkdirSync(path.dirname(row.coverPath), { recursive: true })
      if (!fs.existsSync(row.coverPath)) fs.linkSync(source, row.coverPath)
    }
    sqlite.close()

    const server = await startServer({}, { dataDir })
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'rootpass' }),
    })
    const token = ((await login.json()) as { user: { accessToken: string } }).user.accessToken
    const post = async <T>(url: string, body: unknown) =>
      (await (
        await fetch(`${server.url}${url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as T
    const ids = rows.map((r) => r.id)
    const collection = await post<{ id: string }>('/api/collections', {
      libraryId: lib.bookLibraryId,
      name: 'Five thousand',
      books: ids,
    })
    const playlist = await post<{ id: string }>('/api/playlists', {
      libraryId: lib.bookLibraryId,
      name: 'Five thousand',
      items: ids.map((libraryItemId) => ({ libraryItemId })),
    })

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    const lines: string[] = []
    try {
      for (const [kind, id] of [
        ['collection', collection.id],
        ['playlist', playlist.id],
      ] as const) {
        const loads: number[] = []
        const inApp: number[] = []
        const apiAnswered: number[] = []
        let domRows = 0
        for (let i = 0; i < REPEAT; i++) {
          const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
          const page = await context.newPage()
          await logInAsRoot(page, server.url)
          await page.goto(`${server.url}/${kind}/${id}`)
          loads.push(await page.evaluate(firstRowsReady))
          domRows = Math.max(
            domRows,
            await page.evaluate(() => document.querySelectorAll('[data-testid="list-entry"]').length),
          )
          // In-app: from the library's tab, a click on the card (the list's page fetched then).
          await page.goto(`${server.url}/library/${lib.bookLibraryId}/bookshelf/${kind}s`)
          const card = page.getByTestId(`${kind}-card`).first()
          await card.waitFor()
          const apiDone = page
            .waitForResponse((r) => r.url().includes(`/api/${kind}s/${id}`))
            .then(async (r) => {
              await r.finished()
              return page.evaluate(() => performance.now())
            })
          const clicked = await page.evaluate(() => performance.now())
          await card.click()
          const ready = await page.evaluate(firstRowsReady)
          inApp.push(ready - clicked)
          apiAnswered.push((await apiDone) - clicked)
          await context.close()
        }
        lines.push(
          `| ${kind} of ${ENTRIES.toLocaleString('en')}: first screen after page load (from navigation start), median of ${REPEAT} | ${Math.round(median(loads))} ms (${loads.map(Math.round).join(', ')}) | |`,
        )
        lines.push(
          `| ${kind} of ${ENTRIES.toLocaleString('en')}: first screen after in-app navigation (click on its card), median of ${REPEAT} | ${Math.round(median(inApp))} ms (${inApp.map(Math.round).join(', ')}) | < ${BUDGET_MS} ${median(inApp) < BUDGET_MS ? 'ok' : '**missed**'} |`,
        )
        lines.push(
          `| ${kind} of ${ENTRIES.toLocaleString('en')}: its API answer received after the click, median | ${Math.round(median(apiAnswered))} ms | |`,
        )
        lines.push(`| ${kind}: rows in the DOM with ${ENTRIES.toLocaleString('en')} entries | ${domRows} | |`)
      }
    } finally {
      await browser.close()
      await server.stop()
    }
    console.log('\n| what | result | target |\n| --- | --- | --- |')
    for (const l of lines) console.log(l)
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
