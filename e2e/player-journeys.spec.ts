import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { makeAudio, type Chapter } from '../scripts/media/index.ts'
import {
  apiCall,
  bookId,
  logIn,
  logInAs,
  playerLaunchOptions,
  rootToken,
  seekToFraction,
  shownTime,
} from './player-helpers.ts'
import { PHONE_USER_AGENT } from './devices.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Player journeys on books generated at test time with ffmpeg (a few seconds of sine tone each): an m4b
 * with embedded chapters, the sleep timer, queue autoplay, and the multi-session warning.
 */

test.use({ launchOptions: playerLaunchOptions })

/** Media folders made by the test, removed after it (the server's own data folder goes with the fixture). */
const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

interface BookSpec {
  title: string
  durationSec: number
  format: 'mp3' | 'm4b'
  chapters?: Chapter[]
}

/** Writes the books (Author/Title/Title.ext) under a temp folder, makes it a book library and waits for the scan. */
async function bookLibrary(
  server: ShelfcastServer,
  books: BookSpec[],
): Promise<{ libraryId: string; ids: Record<string, string> }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-books-'))
  mediaFolders.push(root)
  await Promise.all(
    books.map((book) =>
      makeAudio({
        path: path.join(root, 'Test Author', book.title, `${book.title}.${book.format}`),
        durationSec: book.durationSec,
        sampleRate: 22050,
        bitrateKbps: 32,
        tags: { title: book.title, artist: 'Test Author', album: book.title },
        chapters: book.chapters,
      }),
    ),
  )
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const ids: Record<string, string> = {}
  for (const book of books) ids[book.title] = await bookId(server, book.title, token)
  return { libraryId: library.id, ids }
}

async function playFromItemPage(page: Page, itemId: string) {
  await page.goto(`/item/${itemId}`)
  await page.getByTestId('item-play').click()
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-state', 'PLAYING', { timeout: 20_000 })
}

const chapterName = (page: Page) => page.getByTestId('player-chapter')

test('an m4b with embedded chapters plays; the chapters modal lists them; next and previous move between them', async ({
  page,
  server,
}) => {
  await logIn(page, server)
  const chapters: Chapter[] = [
    { title: 'Opening', startSec: 0, endSec: 8 },
    { title: 'Middle', startSec: 8, endSec: 16 },
    { title: 'Closing', startSec: 16, endSec: 24 },
  ]
  const { ids } = await bookLibrary(server, [
    { title: 'Chaptered Tale', durationSec: 24, format: 'm4b', chapters },
  ])
  await playFromItemPage(page, ids['Chaptered Tale']!)
  await expect(page.getByTestId('player-title')).toHaveText('Chaptered Tale')
  await expect.poll(() => shownTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
  await expect(chapterName(page)).toContainText('Opening')

  await page.getByTestId('player-chapters').click()
  const modal = page.getByTestId('chapters-modal')
  await expect(modal.getByTestId('chapter-row')).toHaveText([/Opening/, /Middle/, /Closing/])
  await expect(modal.getByTestId('chapter-row').first()).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // Next chapter twice: 8 s, then 16 s.
  await page.getByTestId('player-next').click()
  await expect(chapterName(page)).toContainText('Middle')
  await expect.poll(() => shownTime(page)).toBeGreaterThanOrEqual(8)
  await page.getByTestId('player-next').click()
  await expect(chapterName(page)).toContainText('Closing')
  // Previous within 3 s of a chapter's start goes to the chapter before.
  await page.getByTestId('player-prev').click()
  await expect(chapterName(page)).toContainText('Middle')
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-state', 'PLAYING')
  const inMiddle = await shownTime(page)
  expect(inMiddle).toBeGreaterThanOrEqual(8)
  expect(inMiddle).toBeLessThan(16)

  // The modal marks the current chapter, and a row click moves there.
  await page.getByTestId('player-chapters').click()
  await expect(modal.getByTestId('chapter-row').nth(1)).toHaveAttribute('aria-current', 'true')
  await modal.getByTestId('chapter-row').first().click()
  await expect(chapterName(page)).toContainText('Opening')
})

test('a short custom sleep timer pauses the player at zero with an info toast', async ({ page, server }) => {
  await logIn(page, server)
  const { ids } = await bookLibrary(server, [{ title: 'Drowsy Book', durationSec: 60, format: 'mp3' }])
  await playFromItemPage(page, ids['Drowsy Book']!)

  await page.getByTestId('player-sleep').click()
  const modal = page.getByTestId('sleep-modal')
  await modal.getByLabel('Custom time (minutes)').fill('0.1')
  await modal.getByRole('button', { name: 'Set timer' }).click()
  await expect(modal).toBeHidden()
  const bar = page.getByTestId('player-bar')
  // 6 s counted down by the 1-second player tick; the bar stays playing meanwhile.
  await expect(page.getByTestId('player-sleep')).toContainText(/sec/)
  await expect(bar).toHaveAttribute('data-state', 'PAUSED', { timeout: 15_000 })
  await expect(page.getByTestId('toast').filter({ hasText: 'Sleep timer done' })).toHaveAttribute(
    'data-kind',
    'info',
  )
  const pausedAt = await shownTime(page)
  expect(pausedAt).toBeGreaterThanOrEqual(5)
  expect(pausedAt).toBeLessThanOrEqual(12)
})

test('queue autoplay: the queued second book plays when the first finishes', async ({ page, server }) => {
  await logIn(page, server)
  const { libraryId, ids } = await bookLibrary(server, [
    { title: 'First Leg', durationSec: 30, format: 'mp3' },
    { title: 'Second Leg', durationSec: 30, format: 'mp3' },
  ])
  // Play the first from its card; nothing plays yet, so no card's more menu offers the queue.
  await page.goto(`/library/${libraryId}`)
  const card = (id: string) => page.locator(`[data-testid="item-card"][data-item-id="${id}"]`)
  await expect(card(ids['Second Leg']!)).toBeVisible()
  const queueEntryOf = async (id: string) => {
    await card(id).hover()
    await card(id).getByRole('button', { name: 'More' }).click()
    // The menu is open once its collection entry shows (root may add to collections).
    await expect(page.getByTestId('menu-add-to-collection')).toBeVisible()
    const count = await page.getByTestId('menu-add-to-queue').count()
    await page.keyboard.press('Escape')
    return count
  }
  expect(await queueEntryOf(ids['Second Leg']!)).toBe(0)
  await card(ids['First Leg']!).hover()
  await card(ids['First Leg']!).getByTestId('item-card-play').click()
  const bar = page.getByTestId('player-bar')
  await expect(bar).toHaveAttribute('data-state', 'PLAYING', { timeout: 20_000 })

  // Queue the second book from its card's more menu while the first plays (the playing one offers none).
  expect(await queueEntryOf(ids['First Leg']!)).toBe(0)
  await card(ids['Second Leg']!).hover()
  await card(ids['Second Leg']!).getByRole('button', { name: 'More' }).click()
  await page.getByRole('menuitem', { name: 'Add to queue' }).click()
  await page.getByTestId('player-queue').click()
  const queue = page.getByTestId('queue-modal')
  await expect(queue.getByTestId('queue-row')).toHaveText([/First Leg.*Playing/, /Second Leg/])
  await expect(queue.getByRole('checkbox', { name: 'Auto Play' })).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('player-next')).toHaveAttribute('aria-label', 'Next item in queue')

  // Near the end of the first book: it finishes and the second starts by itself.
  await expect(bar).toHaveAttribute('data-state', 'PLAYING')
  await seekToFraction(page, 0.93)
  await expect(page.getByTestId('player-title')).toHaveText('Second Leg', { timeout: 20_000 })
  await expect(bar).toHaveAttribute('data-state', 'PLAYING', { timeout: 20_000 })
  await expect.poll(() => shownTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
})

test('two sessions of one user: progress synced in one warns the other, which is playing the item', async ({
  page,
  server,
  browser,
}) => {
  await logIn(page, server)
  const { ids } = await bookLibrary(server, [{ title: 'Shared Story', durationSec: 90, format: 'mp3' }])
  await playFromItemPage(page, ids['Shared Story']!)

  // The second session is a phone (its User-Agent), so each warning names the device whose progress it reports.
  const other = await browser.newContext({ baseURL: server.url, userAgent: PHONE_USER_AGENT })
  try {
    const phone = await other.newPage()
    await logInAs(phone)
    await playFromItemPage(phone, ids['Shared Story']!)
    // A seek syncs at once; the server tells every session of the user, and the first one is playing.
    await seekToFraction(phone, 0.5)
    const warning = page
      .getByTestId('toast')
      .filter({ hasText: 'Another session is open for this item on device Chrome on Android' })
    await expect(warning).toHaveAttribute('data-kind', 'warning', { timeout: 15_000 })
    await expect(page.getByTestId('player-bar')).toHaveAttribute('data-state', 'PLAYING')
    // The session that made the progress is not warned about itself (the desktop's own periodic sync may warn it,
    // naming the desktop's browser: that one is right).
    await expect(phone.getByTestId('toast').filter({ hasText: 'on Android' })).toHaveCount(0)
  } finally {
    await other.close()
  }
})
