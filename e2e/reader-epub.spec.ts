import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Frame, Page } from '@playwright/test'
import { makeEpub, makeMobi, type EpubChapter } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, logInAs, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * The EPUB / MOBI reader (issue #15): open from the item page, turn pages (keys and the overlay's buttons), jump
 * from the table of contents, search and open a hit, change the font scale (kept after a reload), close, and
 * resume in another browser context; a MOBI opens; a book's <script> never reaches the app, scripted content
 * allowed by the library or not; phones and the three app themes.
 */

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const longText = (topic: string) =>
  Array.from(
    { length: 40 },
    (_, i) =>
      `${topic} paragraph ${i + 1}: the harbour lamps were lit one by one along the quay, and the tide came in.`,
  ).join('\n\n')

const chapters: EpubChapter[] = [
  { title: 'Part One', text: longText('Opening') },
  {
    title: 'Part One, Scene Two',
    text: `Scene two begins under the pier.\n\n${longText('Scene')}`,
    depth: 1,
  },
  { title: 'Part Two', text: longText('Middle') },
  { title: 'Part Three', text: `The old lighthouse keeper waved.\n\n${longText('Closing')}` },
]

/** A temporary library holding the given books; returns nothing until the scan has listed `title`. */
async function libraryWith(
  server: ShelfcastServer,
  make: (root: string) => Promise<unknown>,
  title: string,
): Promise<{ itemId: string; libraryId: string; token: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-reader-'))
  folders.push(root)
  await make(root)
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Ebooks',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  return { itemId: await bookId(server, title, token), libraryId: library.id, token }
}

const reader = (page: Page) => page.getByTestId('epub-reader')

/** Opens the reader from the item page's Read button and waits for the first page. */
async function openReader(page: Page, itemId: string) {
  await page.goto(`/item/${itemId}`)
  await page.getByTestId('item-read').click()
  await expect(page.getByTestId('ebook-reader')).toBeVisible()
  await expect(reader(page)).toHaveAttribute('data-location', /^epubcfi\(/, { timeout: 30_000 })
}

const location = async (page: Page) => (await reader(page).getAttribute('data-location')) ?? ''

/** The book section (a blob: frame inside foliate's closed shadow root) that shows `text`. */
async function sectionWith(page: Page, text: string): Promise<Frame> {
  let found: Frame | undefined
  await expect
    .poll(
      async () => {
        for (const frame of page.frames()) {
          if (!frame.url().startsWith('blob:')) continue
          const body = await frame.evaluate(() => document.body?.textContent ?? '').catch(() => '')
          if (body.includes(text)) {
            found = frame
            return true
          }
        }
        return false
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return found!
}

async function turnsPage(page: Page, turn: () => Promise<void>) {
  const before = await location(page)
  await turn()
  await expect.poll(() => location(page), { timeout: 15_000 }).not.toBe(before)
}

test('read an EPUB: pages, contents, search, font scale kept, resumed elsewhere', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await logIn(page, server)
  const { itemId } = await libraryWith(
    server,
    (root) =>
      makeEpub({
        path: path.join(root, 'Ann Writer', 'Harbour Tales', 'Harbour Tales.epub'),
        title: 'Harbour Tales',
        author: 'Ann Writer',
        chapters,
      }),
    'Harbour Tales',
  )
  await openReader(page, itemId)
  await expect(page.getByTestId('ebook-reader')).toHaveAttribute('data-ebook-type', 'epub')
  await sectionWith(page, 'Opening paragraph 1:')

  // Page turns: the arrow keys (the overlay's hotkeys) and its side buttons.
  await turnsPage(page, () => page.keyboard.press('ArrowRight'))
  await turnsPage(page, () => page.getByTestId('reader-next').click())
  await turnsPage(page, () => page.getByTestId('reader-prev').click())
  // Keys pressed with the focus in the book itself (after a click on the page) turn pages too; with the focus
  // on a button (the one just clicked) they would not (spec §9).
  await page.getByTestId('epub-frame').click()
  await turnsPage(page, () => page.keyboard.press('ArrowLeft'))

  // Table of contents: nested chapters; choosing one closes the panel and goes there.
  await page.getByTestId('reader-toc-button').click()
  const panel = page.getByTestId('toc-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Part One', exact: true })).toBeVisible()
  await panel.getByRole('button', { name: 'Part One, Scene Two' }).click()
  await expect(panel).toBeHidden()
  await sectionWith(page, 'Scene two begins under the pier.')

  // Search: more than one character, on submit; a hit opens its page.
  await page.getByTestId('reader-toc-button').click()
  const box = panel.getByRole('searchbox')
  await box.fill('lighthouse')
  await box.press('Enter')
  const hit = panel.getByTestId('search-hit').first()
  await expect(hit).toContainText('lighthouse', { timeout: 20_000 })
  await hit.click()
  await expect(panel).toBeHidden()
  await sectionWith(page, 'The old lighthouse keeper waved.')
  await page.getByTestId('reader-toc-button').click()
  await box.fill('zzqqxx')
  await box.press('Enter')
  await expect(panel.getByText('No results')).toBeVisible({ timeout: 20_000 })
  await panel.getByRole('button', { name: 'Back' }).click()
  await expect(panel).toBeHidden()

  // Font scale: applied at once to the page, kept after a reload.
  await page.getByTestId('reader-settings-button').click()
  const settings = page.getByRole('dialog', { name: 'Ereader Settings' })
  await settings.getByRole('slider', { name: 'Font scale' }).fill('150')
  await expect(settings.getByText('150%')).toBeVisible()
  const section = await sectionWith(page, 'The old lighthouse keeper waved.')
  await expect
    .poll(() => section.evaluate(() => getComputedStyle(document.documentElement).fontSize))
    .toBe('24px')
  await settings.getByRole('button', { name: 'Close' }).click()
  await expect(settings).toBeHidden()

  await page.reload()
  await openReader(page, itemId)
  await page.getByTestId('reader-settings-button').click()
  await expect(settings.getByRole('slider', { name: 'Font scale' })).toHaveValue('150')
  await settings.getByRole('button', { name: 'Close' }).click()
  const reopened = await sectionWith(page, 'The old lighthouse keeper waved.') // resumed at the hit's page
  await expect
    .poll(() => reopened.evaluate(() => getComputedStyle(document.documentElement).fontSize))
    .toBe('24px')

  // Close: the position is saved; another browser context resumes there.
  const saved = await location(page)
  await page.getByTestId('reader-close').click()
  await expect(page.getByTestId('ebook-reader')).toBeHidden()

  const other = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })
  try {
    const second = await other.newPage()
    await logInAs(second)
    await openReader(second, itemId)
    await sectionWith(second, 'The old lighthouse keeper waved.')
    // The same place: a CFI range starts where the page starts (its end depends on this context's font size).
    const start = (cfi: string) => cfi.split(',').slice(0, 2).join(',')
    await expect.poll(async () => start(await location(second)), { timeout: 15_000 }).toBe(start(saved))
  } finally {
    await other.close()
  }
})

test('a MOBI opens and turns pages', async ({ page, server }) => {
  await logIn(page, server)
  const { itemId } = await libraryWith(
    server,
    (root) =>
      makeMobi({
        path: path.join(root, 'Bo Sailor', 'Mobi Voyage', 'Mobi Voyage.mobi'),
        title: 'Mobi Voyage',
        author: 'Bo Sailor',
        chapters: chapters.slice(0, 2),
      }),
    'Mobi Voyage',
  )
  await openReader(page, itemId)
  await expect(page.getByTestId('ebook-reader')).toHaveAttribute('data-ebook-type', 'mobi')
  await sectionWith(page, 'Opening paragraph 1:')
  await turnsPage(page, () => page.keyboard.press('ArrowRight'))
})

test('in scrolling flow the book is one column that the page buttons move through, kept after a reload', async ({
  page,
  server,
}) => {
  await logIn(page, server)
  const { itemId } = await libraryWith(
    server,
    (root) =>
      makeEpub({
        path: path.join(root, 'Ann Flow', 'Scroll Book', 'Scroll Book.epub'),
        title: 'Scroll Book',
        author: 'Ann Flow',
        chapters,
      }),
    'Scroll Book',
  )
  await openReader(page, itemId)
  await page.getByTestId('reader-settings-button').click()
  const settings = page.getByRole('dialog', { name: 'Ereader Settings' })
  await settings.getByRole('button', { name: 'Scrolling' }).click()
  await expect(settings.getByRole('button', { name: 'Scrolling' })).toHaveAttribute('aria-pressed', 'true')
  await settings.getByRole('button', { name: 'Close' }).click()
  await expect(settings).toBeHidden()
  // A section laid out as one column: as wide as the reading column, far taller than the screen.
  const section = await sectionWith(page, 'Opening paragraph 1:')
  await expect
    .poll(() =>
      section.evaluate(() => document.documentElement.scrollHeight > 2 * (window.top?.innerHeight ?? 0)),
    )
    .toBe(true)
  // (Focus is back on the settings button, where hotkeys are off by spec §9: the overlay's button turns.)
  await turnsPage(page, () => page.getByTestId('reader-next').click())

  await page.reload()
  await openReader(page, itemId)
  await page.getByTestId('reader-settings-button').click()
  await expect(settings.getByRole('button', { name: 'Scrolling' })).toHaveAttribute('aria-pressed', 'true')
})

const SCRIPT = `<script>
try { window.parent.bookFlag = 'parent' } catch (e) {}
try { window.top.bookFlag = 'top' } catch (e) {}
try { localStorage.setItem('bookFlag', '1') } catch (e) {}
try { document.cookie = 'bookFlag=1' } catch (e) {}
try { window.parent.parent.postMessage({ type: 'relocate', cfi: 'epubcfi(/99)', fraction: 1 }, '*') } catch (e) {}
document.body.setAttribute('data-book-script-ran', '1')
</script>`

for (const allowed of [false, true]) {
  test(`a book's script never reaches the app (scripted content ${allowed ? 'allowed' : 'not allowed'})`, async ({
    page,
    server,
  }) => {
    await logIn(page, server)
    const { itemId, libraryId, token } = await libraryWith(
      server,
      (root) =>
        makeEpub({
          path: path.join(root, 'Eve Hacker', 'Scripted Book', 'Scripted Book.epub'),
          title: 'Scripted Book',
          author: 'Eve Hacker',
          chapters: [
            { title: 'Plain', text: 'A plain first chapter.' },
            { title: 'With Script', text: 'The scripted chapter text.', scripted: true, html: SCRIPT },
          ],
        }),
      'Scripted Book',
    )
    await apiCall(server, token, 'PATCH', `/api/libraries/${libraryId}`, {
      settings: { epubsAllowScriptedContent: allowed },
    })
    await openReader(page, itemId)
    await page.getByTestId('reader-toc-button').click()
    await page.getByTestId('toc-panel').getByRole('button', { name: 'With Script' }).click()
    const section = await sectionWith(page, 'The scripted chapter text.')
    // Shown, yet inert: the script did not run in the section, nor reach the reader frame or the app.
    await page.waitForTimeout(1000)
    expect(await section.evaluate(() => document.body.hasAttribute('data-book-script-ran'))).toBe(false)
    const flags = await page.evaluate(() => ({
      flag: (window as unknown as { bookFlag?: string }).bookFlag ?? null,
      storage: localStorage.getItem('bookFlag'),
      cookie: document.cookie.includes('bookFlag'),
    }))
    expect(flags).toEqual({ flag: null, storage: null, cookie: false })
    const frame = page.frames().find((f) => f.url().includes('reader-frame.html'))
    expect(
      await frame?.evaluate(() => (window as unknown as { bookFlag?: string }).bookFlag ?? null),
    ).toBeNull()
    expect(await location(page)).not.toContain('/99')
  })
}

test('phones and the three app themes: the panel, the settings and a damaged book', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 375, height: 740 })
  await logIn(page, server)
  const { itemId } = await libraryWith(
    server,
    async (root) => {
      await makeEpub({
        path: path.join(root, 'Ann Writer', 'Harbour Tales', 'Harbour Tales.epub'),
        title: 'Harbour Tales',
        author: 'Ann Writer',
        chapters,
      })
      const broken = path.join(root, 'Cy Broken', 'Broken Tale')
      fs.mkdirSync(broken, { recursive: true })
      const whole = await makeEpub({
        path: path.join(root, '.whole.epub'),
        title: 'Broken Tale',
        author: 'Cy Broken',
        chapters,
      })
      fs.writeFileSync(path.join(broken, 'Broken Tale.epub'), fs.readFileSync(whole).subarray(0, 2000))
      fs.rmSync(whole)
    },
    'Harbour Tales',
  )
  for (const theme of ['dark', 'light', 'sepia']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme)
    await openReader(page, itemId)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await page.getByTestId('reader-toc-button').click()
    const panel = page.getByTestId('toc-panel')
    const box = await panel.boundingBox()
    expect(box?.width, theme).toBe(375)
    await panel.getByRole('button', { name: 'Part Two' }).focus()
    await page.keyboard.press('Enter') // chapters are reachable by keyboard
    await expect(panel).toBeHidden()
    await page.getByTestId('reader-settings-button').click()
    const settings = page.getByRole('dialog', { name: 'Ereader Settings' })
    await expect(settings.getByRole('slider', { name: 'Line spacing' })).toBeInViewport()
    await settings.getByRole('button', { name: 'Sepia' }).click()
    await expect(reader(page)).toHaveAttribute('data-reader-theme', 'sepia')
    await settings.getByRole('button', { name: 'Dark' }).click()
    await page.keyboard.press('Escape')
    await expect(settings).toBeHidden()
    await page.getByTestId('reader-close').click()
    await expect(page.getByTestId('ebook-reader')).toBeHidden()
  }

  // A truncated EPUB: a clear message, no endless spinner.
  const brokenId = await bookId(server, 'Broken Tale').catch(() => '')
  test.skip(!brokenId, 'the scanner does not list the truncated book')
  await page.goto(`/item/${brokenId}`)
  await page.getByTestId('item-read').click()
  await expect(reader(page).getByRole('alert')).toContainText('damaged or incomplete', { timeout: 30_000 })
})
