import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Settings > Item Metadata Utils and the narrators page: a tag renamed on the admin page shows renamed in the
 * bookshelf filter menu and in the book's metadata.json on disk; a genre removed and a narrator renamed the
 * same way; the pages pass axe in every theme at phone and desktop widths, and work from the keyboard.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** A book whose folder holds a metadata.json with a tag, two genres and a narrator, in a new library. */
async function taggedBook(server: ShelfcastServer) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-meta-'))
  mediaFolders.push(root)
  const folder = path.join(root, 'Meta Author', 'Tagged Tale')
  await makeAudio({
    path: path.join(folder, 'Tagged Tale.mp3'),
    durationSec: 3,
    sampleRate: 22050,
    bitrateKbps: 32,
    tags: { title: 'Tagged Tale', artist: 'Meta Author', album: 'Tagged Tale' },
  })
  const metadataFile = path.join(folder, 'metadata.json')
  fs.writeFileSync(
    metadataFile,
    JSON.stringify({
      title: 'Tagged Tale',
      authors: ['Meta Author'],
      tags: ['old-shelf-tag'],
      genres: ['Doomed Genre', 'Kept Genre'],
      narrators: ['Old Voice'],
    }),
  )
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Meta Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const id = await bookId(server, 'Tagged Tale', token)
  const onDisk = () => JSON.parse(fs.readFileSync(metadataFile, 'utf8')) as Record<string, string[]>
  return { libraryId: library.id, id, onDisk }
}

for (const { viewport, touch } of [
  { viewport: { width: 375, height: 812 }, touch: true },
  { viewport: { width: 1280, height: 800 }, touch: false },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch })

    test('a tag renamed on the admin page shows renamed on the bookshelf filter and in metadata.json; a genre removed; a narrator renamed', async ({
      page,
      server,
    }) => {
      await logIn(page, server)
      const book = await taggedBook(server)
      expect(book.onDisk().tags).toEqual(['old-shelf-tag'])

      // Settings > Item Metadata Utils > Manage Tags, the rename dialog opened from the keyboard.
      await page.goto('/config/item-metadata-utils')
      await page.getByRole('link', { name: 'Manage Tags' }).click()
      await expect(page).toHaveURL(/\/config\/item-metadata-utils\/tags$/)
      const row = page.getByTestId('meta-value-row').filter({ hasText: 'old-shelf-tag' })
      await expect(row).toContainText('1')
      await row.getByRole('button', { name: 'Rename old-shelf-tag' }).focus()
      await page.keyboard.press('Enter')
      const modal = page.getByTestId('rename-meta-value-modal')
      await expect(modal.getByLabel('New name')).toBeFocused()
      await modal.getByLabel('New name').fill('')
      await page.keyboard.press('Enter')
      await expect(modal.getByText('New name is required')).toBeVisible()
      await modal.getByLabel('New name').fill('new-shelf-tag')
      await page.keyboard.press('Enter')
      await expect(page.getByTestId('toast').filter({ hasText: 'Tag renamed' })).toBeVisible()
      await expect(modal).toBeHidden()
      await expect(page.getByTestId('meta-value-row').filter({ hasText: 'new-shelf-tag' })).toBeVisible()
      await expect(page.getByTestId('meta-value-row').filter({ hasText: 'old-shelf-tag' })).toHaveCount(0)
      await expect.poll(() => book.onDisk().tags).toEqual(['new-shelf-tag'])

      // The bookshelf filter menu lists the new tag, not the old.
      await page.goto(`/library/${book.libraryId}/bookshelf`)
      await page.getByTestId('filter-menu').getByRole('button').click()
      await page.getByTestId('filter-group-tags').click()
      await expect(page.getByRole('menuitemradio', { name: 'new-shelf-tag' })).toBeVisible()
      await expect(page.getByRole('menuitemradio', { name: 'old-shelf-tag' })).toHaveCount(0)
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')

      // Remove a genre after the confirm prompt.
      await page.goto('/config/item-metadata-utils/genres')
      await page
        .getByTestId('meta-value-row')
        .filter({ hasText: 'Doomed Genre' })
        .getByRole('button', { name: 'Remove Doomed Genre' })
        .click()
      const prompt = page.getByTestId('confirm-prompt')
      await expect(prompt).toContainText('remove genre "Doomed Genre" from all items')
      await prompt.getByRole('button', { name: 'Remove' }).click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Genre removed' })).toBeVisible()
      await expect(page.getByTestId('meta-value-row').filter({ hasText: 'Doomed Genre' })).toHaveCount(0)
      await expect.poll(() => book.onDisk().genres).toEqual(['Kept Genre'])

      // Rename a narrator on the narrators page.
      await page.goto(`/library/${book.libraryId}/narrators`)
      await page.getByRole('button', { name: 'Rename Old Voice' }).click()
      const narratorModal = page.getByTestId('rename-meta-value-modal')
      await narratorModal.getByLabel('New name').fill('New Voice')
      await narratorModal.getByRole('button', { name: 'Rename' }).click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Narrator renamed' })).toBeVisible()
      await expect(page.getByTestId('narrators-table').getByRole('link', { name: 'New Voice' })).toBeVisible()
      await expect(page.getByTestId('narrators-table').getByRole('link', { name: 'Old Voice' })).toHaveCount(
        0,
      )
      await expect.poll(() => book.onDisk().narrators).toEqual(['New Voice'])

      // The item page shows the renamed values.
      await page.goto(`/item/${book.id}`)
      await expect(page.getByText('New Voice').first()).toBeVisible()
    })

    test('the Item Metadata Utils pages pass axe in Dark, Light and Sepia without sideways scrolling', async ({
      page,
      server,
    }) => {
      await logIn(page, server)
      const book = await taggedBook(server)
      for (const theme of ['dark', 'light', 'sepia']) {
        await page.goto('/config/item-metadata-utils')
        await page.evaluate((value) => localStorage.setItem('theme', value), theme)
        await page.reload()
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(page.getByRole('link', { name: 'Manage Tags' })).toBeVisible()
        expect.soft(await seriousAxeViolations(page), `index ${theme}`).toEqual([])
        for (const list of ['tags', 'genres']) {
          await page.goto(`/config/item-metadata-utils/${list}`)
          await expect(page.getByTestId('meta-value-row').first()).toBeVisible()
          expect.soft(await seriousAxeViolations(page), `${list} ${theme}`).toEqual([])
          expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
        }
        await page
          .getByTestId('meta-value-row')
          .first()
          .getByRole('button', { name: /^Rename / })
          .click()
        await expect(page.getByTestId('rename-meta-value-modal')).toBeVisible()
        expect.soft(await seriousAxeViolations(page), `rename dialog ${theme}`).toEqual([])
        await page.keyboard.press('Escape')
        await expect(page.getByTestId('rename-meta-value-modal')).toBeHidden()
        // The narrators page with its admin buttons.
        await page.goto(`/library/${book.libraryId}/narrators`)
        await expect(page.getByRole('button', { name: 'Rename Old Voice' })).toBeVisible()
        expect.soft(await seriousAxeViolations(page), `narrators ${theme}`).toEqual([])
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
      }
    })
  })
}
