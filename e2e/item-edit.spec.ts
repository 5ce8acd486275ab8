import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test } from './server-fixture.ts'

/**
 * Editing a book in the item edit modal (title, two chapter titles and a start), then a forced rescan:
 * the edits are still there after a reload, because the server keeps them in metadata.json.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

test('title and chapter edits survive a forced rescan', async ({ page, server }) => {
  await logIn(page, server)
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-edit-'))
  mediaFolders.push(root)
  await makeAudio({
    path: path.join(root, 'Test Author', 'Plain Tale', 'Plain Tale.m4b'),
    durationSec: 24,
    sampleRate: 22050,
    bitrateKbps: 32,
    tags: { title: 'Plain Tale', artist: 'Test Author', album: 'Plain Tale' },
    chapters: [
      { title: 'Opening', startSec: 0, endSec: 12 },
      { title: 'Closing', startSec: 12, endSec: 24 },
    ],
  })
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const id = await bookId(server, 'Plain Tale', token)

  await page.goto(`/item/${id}`)
  await expect(page.getByTestId('item-title')).toHaveText('Plain Tale')
  await page.getByTestId('item-edit').click()
  const modal = page.getByTestId('item-edit-modal')
  await expect(modal.getByRole('heading', { name: 'Plain Tale' })).toBeVisible()

  // Details: a new title, saved alone.
  await modal.getByTestId('edit-title').fill('Edited Tale')
  await modal.getByTestId('edit-save').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Item updated' })).toBeVisible()
  await expect(modal.getByRole('heading', { name: 'Edited Tale' })).toBeVisible()

  // Chapters: both titles, and the second start moved to 10 s.
  await modal.getByRole('tab', { name: 'Chapters' }).click()
  const titles = modal.getByTestId('chapter-title')
  await expect(titles).toHaveCount(2)
  await titles.nth(0).fill('Prologue')
  await titles.nth(1).fill('Finale')
  const secondStart = modal.getByTestId('chapter-start').nth(1)
  await secondStart.fill('00:00:10')
  await secondStart.press('Enter')
  await modal.getByTestId('chapters-save').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Chapters updated' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // A forced rescan re-reads every file; it answers at once and stamps lastScan when done.
  // The first scan (on creating the library) must be over, or the forced one would find it running.
  await expect.poll(() => lastScan(server.url, token, library.id), { timeout: 30_000 }).toBeGreaterThan(0)
  const before = await lastScan(server.url, token, library.id)
  // The route answers plain "OK" (no JSON), so it is called directly.
  const scan = await fetch(`${server.url}/api/libraries/${library.id}/scan?force=1`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(scan.ok).toBe(true)
  await expect
    .poll(() => lastScan(server.url, token, library.id), { timeout: 30_000 })
    .toBeGreaterThan(before)

  await page.reload()
  await expect(page.getByTestId('item-title')).toHaveText('Edited Tale')
  const chapters = page.getByTestId('chapters-table')
  await expect(chapters.locator('tbody tr')).toHaveCount(2)
  await expect(chapters.locator('tbody tr').nth(0)).toContainText('Prologue')
  await expect(chapters.locator('tbody tr').nth(1)).toContainText('Finale')
  await expect(chapters.locator('tbody tr').nth(1)).toContainText('0:10')
})

async function lastScan(url: string, token: string, libraryId: string): Promise<number> {
  const answer = await fetch(`${url}/api/libraries/${libraryId}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const body = (await answer.json()) as { lastScan?: number | null; library?: { lastScan?: number | null } }
  return body.lastScan ?? body.library?.lastScan ?? 0
}
