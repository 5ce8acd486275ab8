import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { makeAudio, makeCoverImage } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Issue #19 scopes 1 and 2: the library stats page on a library generated at test time (its figures, author
 * names and SVG charts), and the year in review showing a book finished through the API, shared as a PNG
 * (downloaded here: headless Chromium cannot share files). Axe in every theme at phone and desktop widths.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const BOOKS = [
  { author: 'Ada Stats', title: 'Counting Sheep', durationSec: 8, genre: 'Fantasy', cover: true },
  { author: 'Ada Stats', title: 'Sums of Squares', durationSec: 6, genre: 'Fantasy', cover: false },
  { author: 'Bertrand Chart', title: 'Bars and Columns', durationSec: 4, genre: 'Science', cover: false },
]

/** Author/Title/Title.mp3 (and a cover.jpg for one) under a temp folder, made a book library; waits for the scan. */
async function statsLibrary(server: ShelfcastServer, token: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-stats-'))
  mediaFolders.push(root)
  for (const book of BOOKS) {
    const folder = path.join(root, book.author, book.title)
    await makeAudio({
      path: path.join(folder, `${book.title}.mp3`),
      durationSec: book.durationSec,
      tags: { title: book.title, artist: book.author, album: book.title, genre: book.genre },
    })
    if (book.cover) await makeCoverImage({ path: path.join(folder, 'cover.jpg'), width: 200, height: 200 })
  }
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Stats Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const ids: Record<string, string> = {}
  for (const book of BOOKS) ids[book.title] = await bookId(server, book.title, token)
  return { libraryId: library.id, ids }
}

/** Listens to a book through a playback session, then marks it finished (PATCH /api/me/progress/:id). */
async function finishBook(server: ShelfcastServer, token: string, id: string, durationSec: number) {
  const session = await apiCall<{ id: string }>(server, token, 'POST', `/api/items/${id}/play`, {
    deviceInfo: { deviceId: 'e2e-stats', clientName: 'e2e' },
    forceDirectPlay: true,
  })
  // Sync, close and the progress update answer plain "OK", not JSON.
  const send = async (method: string, route: string, body: unknown) => {
    const answer = await fetch(`${server.url}${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(answer.status, route).toBe(200)
  }
  await send('POST', `/api/session/${session.id}/sync`, { currentTime: durationSec, timeListened: 120 })
  await send('POST', `/api/session/${session.id}/close`, {})
  await send('PATCH', `/api/me/progress/${id}`, { isFinished: true })
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Every theme at a phone and a desktop width: no serious axe violation, nothing sticking out sideways. */
async function checkEveryThemeAndWidth(page: Page, ready: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    for (const theme of ['dark', 'light', 'sepia']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme)
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await ready()
      expect.soft(await seriousAxeViolations(page), `${theme} at ${width}px`).toEqual([])
      const overflow = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement
        return root.scrollWidth - root.clientWidth
      })
      expect.soft(overflow, `sideways overflow, ${theme} at ${width}px`).toBeLessThanOrEqual(0)
    }
  }
}

test('library stats: figures, authors and SVG charts; year in review: a finished book, shared as a PNG', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000)
  await logIn(page, server)
  const token = await rootToken(server)
  const { libraryId, ids } = await statsLibrary(server, token)
  await finishBook(server, token, ids['Counting Sheep']!, 8)

  // The library stats page, opened from the side rail.
  await page.goto(`/library/${libraryId}`)
  await page.locator(`a[href="/library/${libraryId}/stats"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`/library/${libraryId}/stats$`))
  const statsPage = page.getByTestId('library-stats-page')
  await expect(statsPage.getByTestId('stats-tile').first()).toHaveText('3')
  const authors = page.getByRole('region', { name: 'Top 10 Authors' })
  await expect(authors.getByRole('link', { name: 'Ada Stats' })).toBeVisible()
  await expect(authors.getByRole('link', { name: 'Bertrand Chart' })).toBeVisible()
  // Ada has two books, Bertrand one: the bars are drawn in SVG at 100 % and 50 %.
  await expect(authors.locator('svg rect[data-testid="bar"]')).toHaveCount(2)
  expect(
    await authors
      .locator('rect[data-testid="bar"]')
      .evaluateAll((bars) => bars.map((b) => b.getAttribute('width'))),
  ).toEqual(['100', '50'])
  await expect(page.getByRole('region', { name: 'Top 5 Genres' })).toContainText('Fantasy')
  await expect(page.getByRole('region', { name: 'Longest Items' })).toContainText('Counting Sheep')
  const week = page.getByTestId('week-chart')
  await expect(week.getByRole('img', { name: 'Minutes listening (last 7 days)' })).toBeVisible()
  // Today's two minutes, in the chart's figures.
  await expect(week.locator('table')).toContainText('2 minutes')

  // Keyboard: the author link is reachable with Tab and opens the author.
  const authorLink = authors.getByRole('link', { name: 'Ada Stats' })
  await authors.getByRole('link').first().focus()
  await expect(authorLink).toBeFocused()

  await checkEveryThemeAndWidth(page, async () => {
    await expect(page.getByRole('region', { name: 'Top 10 Authors' })).toBeVisible()
    await expect(page.getByTestId('week-chart')).toBeVisible()
  })

  // Year in review on the Stats page: the finished book, the month chart, then the PNG.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/config/stats')
  const review = page.getByTestId('year-in-review')
  await expect(
    review.getByRole('heading', { name: `Year ${new Date().getFullYear()} in Review` }),
  ).toBeVisible()
  const finished = review.getByTestId('year-finished-book')
  await expect(finished).toHaveCount(1)
  await expect(finished).toContainText('Counting Sheep')
  await expect(finished.locator('img')).toHaveCount(1)
  await expect(review.getByTestId('month-chart').getByRole('img')).toBeVisible()
  await expect(review.getByLabel('Year', { exact: true })).toContainText(String(new Date().getFullYear()))

  // Share by keyboard: Tab from the year picker reaches Share; Enter draws the PNG, which downloads here.
  await review.getByLabel('Year', { exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(review.getByTestId('year-share')).toBeFocused()
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
  expect(download.suggestedFilename()).toBe(`year-in-review-${new Date().getFullYear()}.png`)
  const png = fs.readFileSync(await download.path())
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true)
  expect(png.length).toBeGreaterThan(10_000)

  // The admin's toggle: the server's year with its totals.
  await review.getByRole('tab', { name: "Server's year" }).click()
  await expect(review.getByRole('heading', { name: 'Server totals' })).toBeVisible()
  await expect(review.getByTestId('server-total').first()).toHaveText('3')

  await review.getByRole('tab', { name: 'Your year' }).click()
  await checkEveryThemeAndWidth(page, async () => {
    await expect(page.getByTestId('year-finished-book')).toHaveCount(1)
  })
})
