import AxeBuilder from '@axe-core/playwright'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test as base, type ShelfcastServer } from './server-fixture.ts'

const ASIN = 'B0CHAPTERS'

/**
 * A protocol-true Audnexus on 127.0.0.1: GET /books/:asin/chapters?region= answers Audnexus's chapter shape
 * for one ASIN, and 404 with its error body for any other. The server reaches it through
 * METADATA_PROVIDER_ORIGINS, allowed by SSRF_REQUEST_FILTER_WHITELIST (the guard itself is not weakened).
 */
async function startFakeAudnexus() {
  const regions: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const match = /^\/books\/([A-Z0-9]{10})\/chapters$/.exec(url.pathname)
    const region = url.searchParams.get('region') ?? 'us'
    regions.push(region)
    res.setHeader('content-type', 'application/json; charset=utf-8')
    if (!match || match[1] !== ASIN) {
      res.statusCode = 404
      res.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Chapters not found' }))
      return
    }
    // A 12 s recording: 1 s of Audible intro, three chapters, 1 s of outro.
    res.end(
      JSON.stringify({
        asin: ASIN,
        brandIntroDurationMs: 1000,
        brandOutroDurationMs: 1000,
        chapters: [
          { lengthMs: 2000, startOffsetMs: 0, startOffsetSec: 0, title: 'Opening Credits' },
          { lengthMs: 5000, startOffsetMs: 2000, startOffsetSec: 2, title: 'The Gate' },
          { lengthMs: 5000, startOffsetMs: 7000, startOffsetSec: 7, title: 'The Road' },
        ],
        isAccurate: true,
        region,
        runtimeLengthMs: 12000,
        runtimeLengthSec: 12,
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    regions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type FakeAudnexus = Awaited<ReturnType<typeof startFakeAudnexus>>

const test = base.extend<object, { audnexus: FakeAudnexus }>({
  audnexus: [
    // Playwright reads a fixture's dependencies from this destructuring: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeAudnexus()
      await use(fake)
      await fake.close()
    },
    { scope: 'worker' },
  ],
  serverEnv: async ({ audnexus }, use) => {
    await use({
      SSRF_REQUEST_FILTER_WHITELIST: 'localhost',
      METADATA_PROVIDER_ORIGINS: JSON.stringify({ audnexus: audnexus.origin }),
    })
  },
})

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** A library with one 12 s book, its ASIN set; the item edit modal open on its Chapters tab. */
async function openChapters(page: Page, server: ShelfcastServer) {
  await logIn(page, server)
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-chapters-'))
  folders.push(root)
  await makeAudio({
    path: path.join(root, 'Ada Lane', 'Ashen Road', 'Ashen Road.mp3'),
    durationSec: 12,
    tags: { album: 'Ashen Road', artist: 'Ada Lane' },
  })
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const id = await bookId(server, 'Ashen Road', token)
  await apiCall(server, token, 'PATCH', `/api/items/${id}/media`, { metadata: { asin: ASIN } })
  await page.goto(`/item/${id}`)
  await page.getByTestId('item-edit').click()
  const modal = page.getByTestId('item-edit-modal')
  await modal.getByRole('tab', { name: 'Chapters' }).click()
  await expect(modal.getByTestId('edit-chapters')).toBeVisible()
  return { id, token, modal }
}

const savedChapters = async (server: ShelfcastServer, token: string, id: string) =>
  (
    await apiCall<{ media: { chapters: { start: number; end: number; title: string }[] } }>(
      server,
      token,
      'GET',
      `/api/items/${id}?expanded=1`,
    )
  ).media.chapters.map((c) => ({ start: Math.round(c.start * 1000) / 1000, title: c.title }))

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })

test('looks up chapters by ASIN, applies and saves them, shifts all, and refuses 151 bulk chapters', async ({
  page,
  server,
  audnexus,
}) => {
  test.setTimeout(120_000)
  const { id, token, modal } = await openChapters(page, server)

  // An unknown ASIN: the editor says so and keeps its rows.
  const asin = modal.getByTestId('chapter-lookup-asin')
  await expect(asin).toHaveValue(ASIN)
  await asin.fill('B000000000')
  await asin.press('Enter')
  await expect(toast(page, 'Chapters not found')).toBeVisible()

  // The book's ASIN in the UK store, by keyboard.
  await asin.fill(ASIN)
  await modal.getByTestId('chapter-lookup-region').selectOption('uk')
  await modal.getByTestId('chapter-lookup-find').focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('found-chapters')
  await expect(dialog.getByTestId('found-chapter')).toHaveCount(3)
  expect(audnexus.regions.at(-1)).toBe('uk')
  await expect(dialog.getByTestId('found-chapters-runtime')).toContainText('exact match')
  // Without Audible's intro and outro the runtime is 2 s short of this recording: no warning under 5 s.
  await dialog.getByLabel('Remove Audible intro and outro from chapters').check()
  await expect(dialog.getByTestId('found-chapters-runtime')).toContainText('0:02 shorter')
  await expect(dialog.getByTestId('found-chapters-warning')).toHaveCount(0)
  await dialog.getByLabel('Remove Audible intro and outro from chapters').uncheck()
  await dialog.getByTestId('found-chapters-apply').click()
  await expect(dialog).toBeHidden()

  // Applied, not saved until Save.
  await expect(modal.getByTestId('chapter-title')).toHaveCount(3)
  expect((await savedChapters(server, token, id)).map((c) => c.title)).not.toContain('The Gate')
  await modal.getByTestId('chapters-save').click()
  await expect(toast(page, 'Chapters updated')).toBeVisible()
  await expect
    .poll(() => savedChapters(server, token, id))
    .toEqual([
      { start: 0, title: 'Opening Credits' },
      { start: 2, title: 'The Gate' },
      { start: 7, title: 'The Road' },
    ])

  // Shift all by 1.5 s: the first stays at 0.
  await modal.getByTestId('chapters-shift-input').fill('1.5')
  await modal.getByTestId('chapters-shift').click()
  await expect(modal.getByTestId('chapter-start').nth(0)).toHaveValue('00:00:00')
  await expect(modal.getByTestId('chapter-start').nth(1)).toHaveValue('00:00:03.5')
  await expect(modal.getByTestId('chapter-start').nth(2)).toHaveValue('00:00:08.5')
  // Past the end: refused with the spec's message, nothing moves.
  await modal.getByTestId('chapters-shift-input').fill('4')
  await modal.getByTestId('chapters-shift').click()
  await expect(toast(page, 'the last chapter would start after the end')).toBeVisible()
  await expect(modal.getByTestId('chapter-start').nth(2)).toHaveValue('00:00:08.5')
  await modal.getByTestId('chapters-save').click()
  await expect
    .poll(() => savedChapters(server, token, id))
    .toEqual([
      { start: 0, title: 'Opening Credits' },
      { start: 3.5, title: 'The Gate' },
      { start: 8.5, title: 'The Road' },
    ])

  // Bulk chapters: 151 is refused, 2 are added.
  await modal.getByTestId('chapters-bulk-input').fill('151')
  await modal.getByTestId('chapters-bulk-input').press('Enter')
  await expect(toast(page, 'Enter a number between 1 and 150')).toBeVisible()
  await expect(modal.getByTestId('chapter-title')).toHaveCount(3)
  await modal.getByTestId('chapters-bulk-input').fill('2')
  await modal.getByTestId('chapters-bulk').click()
  await expect(modal.getByTestId('chapter-title')).toHaveCount(5)
})

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`the chapter lookup and its dialog are axe clean in every theme at ${viewport.width} px`, async ({
    page,
    server,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(viewport)
    const { modal } = await openChapters(page, server)
    for (const theme of ['dark', 'light', 'sepia']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme)
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await page.getByTestId('item-edit').click()
      await modal.getByRole('tab', { name: 'Chapters' }).click()
      await expect(modal.getByTestId('chapter-lookup')).toBeVisible()
      const tab = await new AxeBuilder({ page }).include('[data-testid="item-edit-modal"]').analyze()
      await modal.getByTestId('chapter-lookup-find').click()
      const dialog = page.getByTestId('found-chapters')
      await expect(dialog.getByTestId('found-chapter')).toHaveCount(3)
      const found = await new AxeBuilder({ page }).include('[data-testid="found-chapters"]').analyze()
      const serious = [...tab.violations, ...found.violations].filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      )
      expect(
        serious.map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([])
      // Nothing wider than the screen.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await page.keyboard.press('Escape')
    }
  })
}
