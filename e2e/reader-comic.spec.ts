import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { comicPages, makeCbr, makeCbz, makeZipBombCbz } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, logInAs, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Comics in the reader: a 300-page CBZ and a CBR open from the item page, page by keyboard and buttons, and
 * resume at the same page in another browser context (a phone); a zip bomb shows its message. The books are
 * generated into a temp folder and a library is made for it through the API.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

async function comicLibrary(server: ShelfcastServer, books: Record<string, Buffer>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-comics-'))
  mediaFolders.push(root)
  for (const [file, bytes] of Object.entries(books)) {
    const title = path.basename(file, path.extname(file))
    fs.mkdirSync(path.join(root, 'Comic Artist', title), { recursive: true })
    fs.writeFileSync(path.join(root, 'Comic Artist', title, file), bytes)
  }
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/libraries', {
    name: 'Comics',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  return token
}

/** The page shown: its image has arrived and decoded (not merely requested). */
async function expectPageShown(page: Page, number: number, of: number) {
  const image = page.getByTestId('comic-page')
  await expect(image).toHaveAttribute('data-page', String(number))
  await expect.poll(() => naturalWidth(image)).toBeGreaterThan(0)
  await expect(page.getByTestId('comic-indicator')).toHaveText(`${number} / ${of}`)
}

const naturalWidth = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))

async function openReader(page: Page, id: string) {
  await page.goto(`/item/${id}`)
  await page.getByTestId('item-read').click()
  const reader = page.getByTestId('ebook-reader')
  await expect(reader).toBeVisible()
  await expect(reader).toHaveAttribute('data-ebook-type', 'comic')
  return reader
}

test('a 300-page CBZ opens from the item page, pages, and resumes on another device', async ({
  page,
  server,
  browser,
}) => {
  await logIn(page, server)
  const token = await comicLibrary(server, {
    'Long Comic.cbz': makeCbz(comicPages(300, { width: 300, height: 450, noiseRows: 20 })),
  })
  const id = await bookId(server, 'Long Comic', token)

  const reader = await openReader(page, id)
  await expectPageShown(page, 1, 300)
  // Comics hide the title in the top bar (spec §2).
  await expect(reader.getByText('Long Comic')).toHaveCount(0)
  // The reader is dark whatever the app's theme; nothing serious for axe-core in it.
  const axe = await new AxeBuilder({ page }).include('[data-testid="ebook-reader"]').analyze()
  expect(axe.passes.length).toBeGreaterThan(0) // the reader was found and checked
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([])
  await page.keyboard.press('ArrowRight')
  await expectPageShown(page, 2, 300)
  await page.getByTestId('comic-next').click()
  await expectPageShown(page, 3, 300)
  // A click on the bar leaves focus on the reader: the arrow keys still turn pages.
  await page.keyboard.press('ArrowLeft')
  await expectPageShown(page, 2, 300)
  await page.getByTestId('comic-next').click()
  await expectPageShown(page, 3, 300)
  await page.getByTestId('comic-fit').click()
  await expect(page.getByTestId('comic-fit')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Escape')
  await expect(reader).toBeHidden()
  await expect
    .poll(async () => {
      const progress = await apiCall<{ ebookLocation: string | null; ebookProgress: number }>(
        server,
        token,
        'GET',
        `/api/me/progress/${id}`,
      ).catch(() => null)
      return progress?.ebookLocation ?? null
    })
    .toBe('3')

  // Another device: a phone-sized browser context signs in and opens the comic at page 3.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: server.url })
  try {
    const other = await phone.newPage()
    await logInAs(other)
    await openReader(other, id)
    await expectPageShown(other, 3, 300)
    const box = await other.getByTestId('comic-page').boundingBox()
    expect(box?.width).toBeLessThanOrEqual(375)
    await other.getByTestId('comic-next').click()
    await expectPageShown(other, 4, 300)
    // The slider jumps: the last page.
    await other.getByTestId('comic-slider').fill('300')
    await expectPageShown(other, 300, 300)
    await expect(other.getByTestId('comic-next')).toBeDisabled()
  } finally {
    await phone.close()
  }
})

test('a CBR opens and pages; a zip-bomb CBZ shows its message, not a page', async ({ page, server }) => {
  await logIn(page, server)
  const token = await comicLibrary(server, {
    'Rar Comic.cbr': makeCbr(comicPages(12, { width: 200, height: 300 })),
    // 2 MB of zeros from a few kilobytes: the scanner lists it, the page routes refuse it.
    'Bomb Comic.cbz': makeZipBombCbz(2 * 1024 * 1024),
  })
  const rar = await bookId(server, 'Rar Comic', token)
  const bomb = await bookId(server, 'Bomb Comic', token)

  await openReader(page, rar)
  await expectPageShown(page, 1, 12)
  await page.keyboard.press('ArrowRight')
  await expectPageShown(page, 2, 12)
  await page.keyboard.press('Escape')

  const reader = await openReader(page, bomb)
  await expect(reader.getByTestId('comic-error')).toContainText('zip bomb')
  await expect(reader.getByTestId('comic-page')).toHaveCount(0)
  await expect(reader.getByTestId('comic-slider')).toHaveCount(0)
})
