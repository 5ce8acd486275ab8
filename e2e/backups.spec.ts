import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { makeEpub } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test } from './server-fixture.ts'

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text })
const TITLE = 'The Left Hand of Darkness'

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport })

    test('an admin backs up, downloads, deletes a book, restores: the page reloads and the book is back', async ({
      page,
      server,
    }) => {
      test.setTimeout(180_000)
      await logIn(page, server)
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-backups-'))
      folders.push(root)
      await makeEpub({
        path: path.join(root, 'Ursula K. Le Guin', TITLE, `${TITLE}.epub`),
        title: TITLE,
        author: 'Ursula K. Le Guin',
      })
      const token = await rootToken(server)
      await apiCall(server, token, 'POST', '/api/libraries', {
        name: 'Books',
        mediaType: 'book',
        folders: [{ fullPath: root }],
        settings: { disableWatcher: true },
      })
      const id = await bookId(server, TITLE, token)

      // The Backups page, reached from the settings navigation (loaded on demand).
      await page.goto('/config')
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Backups' })
        .click()
      await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible()
      await expect(page.getByText('No backups yet')).toBeVisible()

      await page.getByTestId('backup-create').click()
      await expect(toast(page, 'Backup created')).toBeVisible({ timeout: 30_000 })
      const row = page.getByTestId('backup-row')
      await expect(row).toHaveCount(1)

      // Download: the archive is a zip (PK header) of the size listed.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId('backup-download').click(),
      ])
      expect(download.suggestedFilename()).toMatch(/\.audiobookshelf$/)
      const saved = path.join(root, 'downloaded.audiobookshelf')
      await download.saveAs(saved)
      const bytes = fs.readFileSync(saved)
      expect(bytes.subarray(0, 2).toString()).toBe('PK')
      const { backups } = await apiCall<{ backups: { fileSize: number }[] }>(
        server,
        token,
        'GET',
        '/api/backups',
      )
      expect(bytes.length).toBe(backups[0]!.fileSize)

      // The book is deleted (database only), and its page says so.
      await apiCall(server, token, 'DELETE', `/api/items/${id}`)
      expect(
        (await fetch(`${server.url}/api/items/${id}`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(404)

      // Restore, confirmed: every client reloads once the server is back on the backup.
      await row.getByTestId('backup-restore').click()
      const confirm = page.getByTestId('backup-confirm')
      await expect(confirm).toContainText('Changes since then are lost')
      const reloaded = page.waitForEvent('load', { timeout: 60_000 })
      await confirm.getByRole('button', { name: 'Restore' }).click()
      await expect(toast(page, 'Backup applied, reloading')).toBeVisible()
      await reloaded
      await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible({ timeout: 30_000 })

      await page.goto(`/item/${id}`)
      await expect(page.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 30_000 })
    })
  })
}
