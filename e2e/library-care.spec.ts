import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { makeAudio, makeCoverImage } from '../scripts/media/index.ts'
import { apiCall, logIn, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Library care, end to end: an item whose folder vanished is removed from Issues; metadata.json files are
 * removed from the item folders (a toast of the counts, the files gone on disk); both caches are purged and
 * covers still load; a series is hidden from Continue Series and brought back; a series is renamed and the
 * series page and its card show the new name. Every new surface passes axe in Dark, Light and Sepia, at 375
 * and 1280 px, and the purge is done by keyboard.
 */

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })

async function noSeriousAxeViolations(page: Page, selector: string) {
  for (const theme of ['dark', 'light', 'sepia']) {
    await page.evaluate((name) => (document.documentElement.dataset.theme = name), theme)
    // Colours ease between themes: measure contrast once every transition has ended.
    // A cancelled animation (the page moved on) rejects `finished`: that one has ended too.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    )
    const { violations } = await new AxeBuilder({ page }).include(selector).analyze()
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${selector} in ${theme}`,
    ).toEqual([])
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
}

async function noHorizontalOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${what} overflows`).toBeLessThanOrEqual(0)
}

/** A call whose answer may be plain text ("OK"). */
async function call(server: ShelfcastServer, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return res.text()
}

interface Item {
  id: string
  isMissing: boolean
  media: { metadata: { title: string } }
}

async function items(server: ShelfcastServer, token: string, libraryId: string): Promise<Item[]> {
  return (
    await apiCall<{ results: Item[] }>(server, token, 'GET', `/api/libraries/${libraryId}/items?limit=100`)
  ).results
}

/** Two books of a series (by folder: Author/Series/Book N - Title), a loose book with a cover and metadata.json, and one to lose. */
async function makeLibraryFolder(root: string) {
  const book = async (rel: string, title: string) => {
    const dir = path.join(root, rel)
    await makeAudio({
      path: path.join(dir, `${title}.mp3`),
      durationSec: 2,
      sampleRate: 22050,
      bitrateKbps: 32,
      tags: { title, artist: 'Care Author' },
    })
    return dir
  }
  await book('Care Author/Saga/Book 1 - First Tale', 'First Tale')
  await book('Care Author/Saga/Book 2 - Second Tale', 'Second Tale')
  const loose = await book('Care Author/Loose Tale', 'Loose Tale')
  await makeCoverImage({ path: path.join(loose, 'cover.jpg'), width: 200, height: 200 })
  fs.writeFileSync(path.join(loose, 'metadata.json'), JSON.stringify({ title: 'Loose Tale' }))
  const doomed = await book('Care Author/Doomed Tale', 'Doomed Tale')
  fs.writeFileSync(path.join(doomed, 'metadata.json'), JSON.stringify({ title: 'Doomed Tale' }))
  return { loose, doomed }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('issues, metadata files, caches, continue series and series edits', async ({ page, server }) => {
      test.setTimeout(300_000)
      const phone = viewport.width < 640
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-care-'))
      try {
        const { loose, doomed } = await makeLibraryFolder(root)
        await logIn(page, server)
        const token = await rootToken(server)
        const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
          name: 'Care Books',
          mediaType: 'book',
          folders: [{ fullPath: root }],
          settings: { disableWatcher: true },
        })
        await expect
          .poll(async () => (await items(server, token, library.id)).length, { timeout: 60_000 })
          .toBe(4)
        const byTitle = async (title: string) =>
          (await items(server, token, library.id)).find((i) => i.media.metadata.title === title)!

        // A book whose folder is gone is flagged missing by a rescan and shows under Issues.
        fs.rmSync(doomed, { recursive: true, force: true })
        await call(server, token, 'POST', `/api/libraries/${library.id}/scan?force=1`)
        await expect
          .poll(async () => (await byTitle('Doomed Tale'))?.isMissing, { timeout: 60_000 })
          .toBe(true)

        await page.goto(`/library/${library.id}`)
        if (phone) await page.goto(`/library/${library.id}/bookshelf?filter=issues`)
        else
          await page
            .getByTestId('side-rail')
            .getByRole('link', { name: /Issues/ })
            .click()
        await expect(page.getByTestId('item-card')).toHaveCount(1)
        const removeIssues = page.getByTestId('remove-issues')
        await expect(removeIssues).toHaveText('Remove 1 item with issues')
        await noSeriousAxeViolations(page, '[data-testid="remove-issues"]')
        await noHorizontalOverflow(page, 'issues')
        await removeIssues.click()
        const issuesPrompt = page.getByTestId('remove-issues-confirm')
        await noSeriousAxeViolations(page, '[data-testid="remove-issues-confirm"]')
        await issuesPrompt.getByRole('button', { name: 'Remove' }).click()
        await expect(toast(page, 'Items with issues removed')).toBeVisible()
        await expect(page.getByText('No issues')).toBeVisible()
        if (!phone)
          await expect(page.getByTestId('side-rail').getByRole('link', { name: /Issues/ })).toHaveCount(0)
        expect((await items(server, token, library.id)).map((i) => i.media.metadata.title).sort()).toEqual([
          'First Tale',
          'Loose Tale',
          'Second Tale',
        ])

        // Remove metadata.json files from the library's item folders (the Tools tab of the library modal).
        await page.goto('/config/libraries')
        await page.getByRole('button', { name: 'Edit library Care Books' }).click()
        const modal = page.getByTestId('library-modal')
        await modal.getByRole('tab', { name: 'Tools' }).click()
        await noSeriousAxeViolations(page, '[data-testid="library-tools"]')
        await noHorizontalOverflow(page, 'library tools')
        await modal.getByTestId('remove-metadata-json').click()
        await page.getByTestId('remove-metadata-confirm').getByRole('button', { name: 'Remove' }).click()
        await expect(toast(page, 'metadata.json files removed: 1 of 1')).toBeVisible()
        expect(fs.existsSync(path.join(loose, 'metadata.json'))).toBe(false)
        expect(fs.existsSync(path.join(loose, 'Loose Tale.mp3'))).toBe(true)
        await modal.getByTestId('remove-metadata-abs').click()
        await page.getByTestId('remove-metadata-confirm').getByRole('button', { name: 'Remove' }).click()
        await expect(toast(page, 'No metadata.abs files found in library')).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(modal).toBeHidden()

        // Purge both caches, by keyboard; covers still load afterwards (rebuilt on demand).
        const looseId = (await byTitle('Loose Tale')).id
        await page.goto(`/item/${looseId}`)
        await expect
          .poll(() =>
            page
              .getByTestId('item-cover')
              .locator('img[alt="Loose Tale"]')
              .evaluate((img: HTMLImageElement) => img.naturalWidth),
          )
          .toBeGreaterThan(0)
        const cacheDir = path.join(server.dataDir, 'metadata', 'cache', 'covers')
        await page.goto('/config')
        const panel = page.getByTestId('cache-purge')
        await expect(panel).toBeVisible()
        await noSeriousAxeViolations(page, '[data-testid="cache-purge"]')
        await noHorizontalOverflow(page, 'settings cache')
        await panel.getByTestId('purge-cache-items').focus()
        await page.keyboard.press('Enter')
        const purgePrompt = page.getByTestId('purge-cache-confirm')
        await expect(purgePrompt).toBeVisible()
        await noSeriousAxeViolations(page, '[data-testid="purge-cache-confirm"]')
        await purgePrompt.getByRole('button', { name: 'Purge Items Cache' }).focus()
        await page.keyboard.press('Enter')
        await expect(toast(page, 'Cache purged successfully')).toBeVisible()
        if (fs.existsSync(cacheDir)) expect(fs.readdirSync(cacheDir)).toEqual([])
        await panel.getByTestId('purge-cache-all').click()
        const purgedAll = page.waitForResponse(
          (r) => r.url().endsWith('/api/cache/purge') && r.request().method() === 'POST',
        )
        await page.getByTestId('purge-cache-confirm').getByRole('button', { name: 'Purge All Cache' }).click()
        expect((await purgedAll).status()).toBe(200)
        await expect(page.getByTestId('purge-cache-confirm')).toBeHidden()
        await expect(toast(page, 'Cache purged successfully').first()).toBeVisible()
        expect(fs.readdirSync(path.join(server.dataDir, 'metadata', 'cache'))).toEqual([])
        await page.goto(`/item/${looseId}`)
        await expect
          .poll(() =>
            page
              .getByTestId('item-cover')
              .locator('img[alt="Loose Tale"]')
              .evaluate((img: HTMLImageElement) => img.naturalWidth),
          )
          .toBeGreaterThan(0)

        // The server rebuilds the resized cover (the browser may show its own cached copy above).
        const rebuilt = await fetch(`${server.url}/api/items/${looseId}/cover?width=120`)
        expect([rebuilt.status, rebuilt.headers.get('content-type')?.startsWith('image/')]).toEqual([
          200,
          true,
        ])
        expect(fs.readdirSync(cacheDir).some((name) => name.startsWith(looseId))).toBe(true)

        // Continue Series: finish the first book, the second shows; hide the series, then bring it back.
        const first = await byTitle('First Tale')
        await call(server, token, 'PATCH', `/api/me/progress/${first.id}`, { isFinished: true })
        await page.goto(`/library/${library.id}`)
        const continueShelf = page.getByRole('region', { name: 'Continue Series' })
        await expect(continueShelf.getByTestId('item-card')).toHaveCount(1)
        const card = continueShelf.getByTestId('item-card')
        await card.hover()
        await card.getByRole('button', { name: 'More' }).click()
        await page.getByRole('menuitem', { name: 'Remove Series From Continue Series' }).click()
        await expect(continueShelf).toHaveCount(0)

        const { results: seriesList } = await apiCall<{ results: { id: string; name: string }[] }>(
          server,
          token,
          'GET',
          `/api/libraries/${library.id}/series`,
        )
        const saga = seriesList.find((s) => s.name === 'Saga')!
        await page.goto(`/library/${library.id}/series/${saga.id}`)
        await page.getByTestId('series-more').getByRole('button', { name: 'More' }).click()
        await page.getByRole('menuitem', { name: 'Re-add series to Continue Listening' }).click()
        await expect(toast(page, 'Series added back to Continue Series')).toBeVisible()
        await expect(page.getByTestId('series-more')).toHaveCount(0)
        await page.goto(`/library/${library.id}`)
        await expect(
          page.getByRole('region', { name: 'Continue Series' }).getByTestId('item-card'),
        ).toHaveCount(1)

        // Rename the series: the page and the series tab's card show the new name.
        await page.goto(`/library/${library.id}/series/${saga.id}`)
        await page.getByTestId('series-edit').click()
        const edit = page.getByTestId('series-edit-modal')
        await noSeriousAxeViolations(page, '[data-testid="series-edit-modal"]')
        await noHorizontalOverflow(page, 'series edit')
        await edit.getByLabel('Name').fill('Saga Renamed')
        await edit.getByLabel('Description').fill('Two tales.')
        await edit.getByRole('button', { name: 'Save' }).click()
        await expect(toast(page, 'Series updated')).toBeVisible()
        await expect(page.getByTestId('series-name')).toHaveText('Saga Renamed')
        await expect(page.getByText('Two tales.')).toBeVisible()
        await page.goto(`/library/${library.id}/bookshelf/series`)
        await expect(page.getByTestId('series-card-name')).toHaveText(['Saga Renamed'])
      } finally {
        fs.rmSync(root, { recursive: true, force: true })
      }
    })
  })
}
