import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { makePdf, pdfBytes, PDF_UNIQUE_WORD, PDF_UNIQUE_WORD_PAGE } from '../scripts/media/pdf.ts'
import { apiCall, bookId, logIn, logInAs, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * The PDF reader (pdf.js) in the real app: generated PDFs in a temp library, opened from the item page's Read
 * button. A book is paged with the arrow keys and the page bar, zoomed and fitted, searched, and resumed at the
 * same page in another browser context; a password-protected, an empty and a truncated file show their message.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** A book library of PDFs (title → file bytes written by `write`), created through the API. */
async function pdfLibrary(
  server: ShelfcastServer,
  books: Record<string, (file: string) => Promise<unknown>>,
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-pdf-'))
  mediaFolders.push(root)
  for (const [title, write] of Object.entries(books)) {
    const folder = path.join(root, 'Pdf Author', title)
    fs.mkdirSync(folder, { recursive: true })
    await write(path.join(folder, `${title}.pdf`))
  }
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const ids: Record<string, string> = {}
  for (const title of Object.keys(books)) ids[title] = await bookId(server, title, token)
  return ids
}

/** Opens the item's reader from its page; returns the overlay. */
async function openReader(page: Page, id: string): Promise<Locator> {
  await page.goto(`/item/${id}`)
  await page.getByTestId('item-read').click()
  const reader = page.getByTestId('ebook-reader')
  await expect(reader).toHaveAttribute('data-ebook-type', 'pdf')
  return reader
}

/** The page host once the page is on screen (canvas drawn, text layer laid). */
const shownPage = (reader: Locator) => reader.locator('[data-rendered-page]')
const pageBar = (reader: Locator) => reader.getByRole('toolbar', { name: 'Page controls' })

/** axe-core finds nothing serious or critical in the reader (the page, its text layer and the page bar). */
async function expectNothingSeriousForAxe(page: Page) {
  const axe = await new AxeBuilder({ page }).include('[data-testid="ebook-reader"]').analyze()
  expect(axe.passes.length).toBeGreaterThan(0) // the reader was found and checked
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([])
}

const TITLE = 'Harbour Notes'
const PAGES = 12

test('a PDF opens from the item page, pages by keys and buttons, zooms, finds a word and resumes elsewhere', async ({
  page,
  server,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  // The data pdf.js's worker fetches by name (here Helvetica, a standard font the PDF does not embed).
  const pdfjsData: string[] = []
  page.on('response', (response) => {
    const at = /\/assets\/pdfjs-[^/]+\/(.+)$/.exec(new URL(response.url()).pathname)
    if (at) pdfjsData.push(`${response.status()} ${at[1]}`)
  })
  await logIn(page, server)
  const ids = await pdfLibrary(server, {
    [TITLE]: (file) => makePdf({ path: file, pages: PAGES, title: TITLE }),
  })
  const reader = await openReader(page, ids[TITLE]!)
  const shown = shownPage(reader)
  const bar = pageBar(reader)

  // Page 1 drawn, with its text selectable in the text layer.
  await expect(shown).toHaveAttribute('data-rendered-page', '1')
  await expect(shown.locator('canvas')).toBeVisible()
  await expect(shown.locator('.pdf-text-layer')).toContainText('Page 1')
  await expect(bar.getByLabel('Page number')).toHaveValue('1')
  await expect(bar).toContainText(`of ${PAGES}`)
  await expectNothingSeriousForAxe(page)
  expect(pdfjsData).toContain('200 standard_fonts/FoxitDingbats.pfb')

  // The overlay's arrow keys (focus is on the reader itself).
  await page.keyboard.press('ArrowRight')
  await expect(shown).toHaveAttribute('data-rendered-page', '2')
  await page.keyboard.press('ArrowRight')
  await expect(shown).toHaveAttribute('data-rendered-page', '3')
  await page.keyboard.press('ArrowLeft')
  await expect(shown).toHaveAttribute('data-rendered-page', '2')
  await expect(shown.locator('.pdf-text-layer')).toContainText('Page 2')

  // The page bar: next, previous, and a typed page number.
  await bar.getByRole('button', { name: 'Next page' }).click()
  await expect(shown).toHaveAttribute('data-rendered-page', '3')
  await bar.getByRole('button', { name: 'Previous page' }).click()
  await expect(shown).toHaveAttribute('data-rendered-page', '2')
  // A click on the bar leaves the arrow keys turning pages.
  await page.keyboard.press('ArrowRight')
  await expect(shown).toHaveAttribute('data-rendered-page', '3')
  await bar.getByLabel('Page number').fill('10')
  await bar.getByLabel('Page number').press('Enter')
  await expect(shown).toHaveAttribute('data-rendered-page', '10')
  await expect(shown.locator('.pdf-text-layer')).toContainText('Page 10')
  // The text layer lies over the drawn words: a double click selects one.
  await shown.locator('.pdf-text-layer span', { hasText: 'Page 10' }).dblclick()
  expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toMatch(/^(Page|10)$/)

  // Fit page (the default on a wide screen) keeps the whole page in view; fit width fills the width.
  const scroller = reader.getByTestId('pdf-scroller')
  const fitPage = bar.getByRole('button', { name: 'Fit page' })
  const fitWidth = bar.getByRole('button', { name: 'Fit width' })
  await expect(fitPage).toHaveAttribute('aria-pressed', 'true')
  const view = (await scroller.boundingBox())!
  const whole = (await shown.boundingBox())!
  expect(whole.height).toBeLessThanOrEqual(view.height)
  await fitWidth.click()
  await expect(fitWidth).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(async () => (await shown.boundingBox())!.width).toBeCloseTo(view.width - 32, -1)
  // Zoom out from there: a smaller page, no fit selected any more.
  const zoom = bar.getByLabel('Zoom', { exact: true })
  const before = Number.parseInt((await zoom.textContent()) ?? '', 10)
  await bar.getByRole('button', { name: 'Zoom out' }).click()
  await expect.poll(async () => Number.parseInt((await zoom.textContent()) ?? '', 10)).toBeLessThan(before)
  await expect(fitWidth).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(async () => (await shown.boundingBox())!.width).toBeLessThan(view.width - 40)
  await bar.getByRole('button', { name: 'Zoom in' }).click()
  await bar.getByRole('button', { name: 'Zoom in' }).click()
  await expect.poll(async () => Number.parseInt((await zoom.textContent()) ?? '', 10)).toBeGreaterThan(before)
  await fitPage.click()
  await expect.poll(async () => (await shown.boundingBox())!.height).toBeLessThanOrEqual(view.height)

  // Find a word: its page opens with the word tinted.
  await bar.getByRole('button', { name: 'Find in the book' }).click()
  const query = reader.getByRole('searchbox', { name: 'Find in the book' })
  await query.fill(PDF_UNIQUE_WORD)
  await query.press('Enter')
  await expect(shown).toHaveAttribute('data-rendered-page', String(PDF_UNIQUE_WORD_PAGE))
  await expect(shown.locator('.pdf-search-hit')).toContainText(PDF_UNIQUE_WORD)
  await query.fill('submarine')
  await query.press('Enter')
  await expect(reader.getByRole('status').filter({ hasText: 'No results' })).toBeVisible()
  // Escape in the search field closes the search, not the reader.
  await query.press('Escape')
  await expect(query).toBeHidden()
  await expect(reader).toBeVisible()

  // Close (saves the position), then another browser (context) resumes at the same page.
  await reader.getByTestId('reader-close').click()
  await expect(reader).toBeHidden()
  const token = await rootToken(server)
  await expect
    .poll(async () => {
      const progress = await apiCall<{ ebookLocation: string | null; ebookProgress: number | null }>(
        server,
        token,
        'GET',
        `/api/me/progress/${ids[TITLE]}`,
      ).catch(() => null)
      return progress && [progress.ebookLocation, progress.ebookProgress]
    })
    .toEqual([String(PDF_UNIQUE_WORD_PAGE), PDF_UNIQUE_WORD_PAGE / PAGES])

  const other = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })
  try {
    const otherPage = await other.newPage()
    await logInAs(otherPage)
    const resumed = await openReader(otherPage, ids[TITLE]!)
    await expect(shownPage(resumed)).toHaveAttribute('data-rendered-page', String(PDF_UNIQUE_WORD_PAGE))
    await expect(pageBar(resumed).getByLabel('Page number')).toHaveValue(String(PDF_UNIQUE_WORD_PAGE))
  } finally {
    await other.close()
  }
})

test('on a phone the PDF opens at fit width with the page bar on one line', async ({ page, server }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await logIn(page, server)
  const ids = await pdfLibrary(server, {
    [TITLE]: (file) => makePdf({ path: file, pages: 3, title: TITLE }),
  })
  const reader = await openReader(page, ids[TITLE]!)
  const shown = shownPage(reader)
  await expect(shown).toHaveAttribute('data-rendered-page', '1')
  const bar = pageBar(reader)
  await expect(bar.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'true')
  expect((await shown.boundingBox())!.width).toBeCloseTo(375 - 32, -1)
  // Every control of the bar is on screen, in a single row.
  const box = (await bar.boundingBox())!
  expect(box.height).toBeLessThan(56)
  for (const button of await bar.getByRole('button').all()) {
    const b = (await button.boundingBox())!
    expect(b.x).toBeGreaterThanOrEqual(0)
    expect(b.x + b.width).toBeLessThanOrEqual(375)
  }
  // The overlay stays dark, whatever the app's theme.
  await expect(reader).toHaveAttribute('data-theme', 'dark')
  await expectNothingSeriousForAxe(page)
})

test('a password-protected, an empty and a truncated PDF each show their message, never a blank reader', async ({
  page,
  server,
}) => {
  await logIn(page, server)
  const ids = await pdfLibrary(server, {
    'Locked Ledger': (file) =>
      makePdf({ path: file, pages: 2, title: 'Locked Ledger', userPassword: 'sesame' }),
    'Empty Ledger': (file) => fs.promises.writeFile(file, Buffer.alloc(0)),
    // The first half of a good PDF: its cross-reference table and trailer are gone.
    'Torn Ledger': (file) => {
      const whole = pdfBytes({ pages: 40, title: 'Torn Ledger' })
      return fs.promises.writeFile(file, whole.subarray(0, whole.length / 2))
    },
  })
  const locked = await openReader(page, ids['Locked Ledger']!)
  await expect(locked.getByRole('alert')).toContainText('protected by a password')
  await expect(shownPage(locked)).toHaveCount(0)
  await locked.getByTestId('reader-close').click()
  await expect(locked).toBeHidden()

  const empty = await openReader(page, ids['Empty Ledger']!)
  await expect(empty.getByRole('alert')).toContainText('empty (0 bytes)')
  await expect(shownPage(empty)).toHaveCount(0)
  await empty.getByTestId('reader-close').click()
  await expect(empty).toBeHidden()

  const torn = await openReader(page, ids['Torn Ledger']!)
  await expect(torn.getByRole('alert')).toContainText('damaged or is not a PDF')
  await expect(shownPage(torn)).toHaveCount(0)
})

test.describe('with access tokens that live 10 s', () => {
  test.use({ serverEnv: { ACCESS_TOKEN_EXPIRY_SEC: '10' } })

  test('a long PDF keeps reading by range after the token it was opened with has expired', async ({
    page,
    server,
  }) => {
    await logIn(page, server)
    const ids = await pdfLibrary(server, {
      [TITLE]: (file) => makePdf({ path: file, pages: 500, title: TITLE }),
    })
    const statuses: number[] = []
    page.on('response', (response) => {
      if (/\/ebook\//.test(response.url())) statuses.push(response.status())
    })
    const reader = await openReader(page, ids[TITLE]!)
    const shown = shownPage(reader)
    await expect(shown).toHaveAttribute('data-rendered-page', '1')
    // Outlive the token, then go to a page in a part of the file not read yet.
    await page.waitForTimeout(11_000)
    const seenBefore = statuses.length
    const field = pageBar(reader).getByLabel('Page number')
    await field.fill('250')
    await field.press('Enter')
    await expect(shown).toHaveAttribute('data-rendered-page', '250')
    await expect(shown.locator('.pdf-text-layer')).toContainText('Page 250')
    // Read by range (206), after renewing the token if the expired one was refused (401): never the whole file.
    expect(statuses.slice(seenBefore)).toContain(206)
    expect(statuses.slice(seenBefore).filter((s) => s !== 206 && s !== 401)).toEqual([])
  })
})
