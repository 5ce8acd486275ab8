import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { makeAudio, makeCoverImage } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * The item edit modal's files tab: the track order changed there survives a forced rescan and the player follows
 * it; ffprobe data of a file; one file deleted after a confirm. Axe-clean in every theme at phone and desktop width.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const NAMES = ['01 Alpha.mp3', '02 Beta.mp3', '03 Gamma.mp3']

/** A library over a fresh folder holding one book of three MP3 files (ordered by their names). */
async function threeFileBook(server: ShelfcastServer, title: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-files-'))
  mediaFolders.push(root)
  const folder = path.join(root, 'File Author', title)
  fs.mkdirSync(folder, { recursive: true })
  await makeCoverImage({ path: path.join(folder, 'cover.jpg'), width: 60, height: 60, colour: '#335577' })
  for (const name of NAMES) {
    await makeAudio({
      path: path.join(folder, name),
      durationSec: 3,
      sampleRate: 22050,
      bitrateKbps: 32,
      tags: { album: title, artist: 'File Author' },
    })
  }
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const id = await bookId(server, title, token)
  return { token, libraryId: library.id, id, folder }
}

async function openFilesTab(page: Page, id: string) {
  await page.goto(`/item/${id}`)
  await page.getByTestId('item-edit').click()
  const modal = page.getByTestId('item-edit-modal')
  await modal.getByRole('tab', { name: 'Files' }).click()
  await expect(modal.getByTestId('edit-files')).toBeVisible()
  return modal
}

async function lastScan(server: ShelfcastServer, token: string, libraryId: string): Promise<number> {
  const body = await apiCall<{ lastScan?: number | null; library?: { lastScan?: number | null } }>(
    server,
    token,
    'GET',
    `/api/libraries/${libraryId}`,
  )
  return body.lastScan ?? body.library?.lastScan ?? 0
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('a track order set in the files tab survives a forced rescan; ffprobe data; deleting a file', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000)
  await logIn(page, server)
  const { token, libraryId, id, folder } = await threeFileBook(server, 'Three Part Tale')
  // The first scan (on creating the library) must be over, or the forced one would find it running.
  await expect.poll(() => lastScan(server, token, libraryId), { timeout: 30_000 }).toBeGreaterThan(0)

  const modal = await openFilesTab(page, id)
  const editor = modal.getByTestId('track-order-editor')
  const names = editor.getByTestId('track-order-name')
  await expect(names).toHaveText(NAMES)

  // Keyboard: the move buttons are the keyboard path, and keep the focus while their row moves.
  const alphaDown = editor.getByRole('button', { name: 'Move 01 Alpha.mp3 down' })
  await alphaDown.focus()
  await page.keyboard.press('Enter')
  await expect(names).toHaveText(['02 Beta.mp3', '01 Alpha.mp3', '03 Gamma.mp3'])
  await expect(alphaDown).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(names).toHaveText(['02 Beta.mp3', '03 Gamma.mp3', '01 Alpha.mp3'])
  await editor.getByTestId('track-order-reset').focus()
  await page.keyboard.press('Enter')
  await expect(names).toHaveText(NAMES)
  // Gamma goes up one by keyboard ...
  const gammaUp = editor.getByRole('button', { name: 'Move 03 Gamma.mp3 up' })
  await gammaUp.focus()
  await page.keyboard.press('Enter')
  await expect(names).toHaveText(['01 Alpha.mp3', '03 Gamma.mp3', '02 Beta.mp3'])
  // ... and the pointer drags it by its handle onto the first row.
  const handle = editor.getByTestId('track-order-row').nth(1).getByTestId('track-drag-handle')
  const firstRow = editor.getByTestId('track-order-row').nth(0)
  const from = await handle.boundingBox()
  const to = await firstRow.boundingBox()
  if (!from || !to) throw new Error('rows not laid out')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect(names).toHaveText(['03 Gamma.mp3', '01 Alpha.mp3', '02 Beta.mp3'])
  await editor.getByTestId('track-order-save').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Track order saved' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // A forced rescan of the library re-reads every file.
  const before = await lastScan(server, token, libraryId)
  const scan = await fetch(`${server.url}/api/libraries/${libraryId}/scan?force=1`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(scan.ok).toBe(true)
  await expect.poll(() => lastScan(server, token, libraryId), { timeout: 30_000 }).toBeGreaterThan(before)

  // The item page's track list and chapters follow the order, and so do the player's tracks.
  await page.goto(`/item/${id}`)
  const tracks = page.getByTestId('tracks-table').locator('tbody tr')
  await expect(tracks).toHaveCount(3)
  await expect(tracks.nth(0)).toContainText('03 Gamma.mp3')
  await expect(tracks.nth(1)).toContainText('01 Alpha.mp3')
  await expect(page.getByTestId('chapters-table').locator('tbody tr').nth(0)).toContainText('03 Gamma')
  const session = await apiCall<{ audioTracks: { metadata: { filename: string } }[] }>(
    server,
    token,
    'POST',
    `/api/items/${id}/play`,
    { deviceInfo: { clientName: 'e2e' }, supportedMimeTypes: ['audio/mpeg'] },
  )
  expect(session.audioTracks.map((t) => t.metadata.filename)).toEqual([
    '03 Gamma.mp3',
    '01 Alpha.mp3',
    '02 Beta.mp3',
  ])

  const reopened = await openFilesTab(page, id)
  await expect(reopened.getByTestId('track-order-name')).toHaveText([
    '03 Gamma.mp3',
    '01 Alpha.mp3',
    '02 Beta.mp3',
  ])

  // ffprobe data of one file (admins), in a dialog.
  await reopened.getByRole('button', { name: /Actions for 01 Alpha\.mp3/ }).click()
  await page.getByRole('menuitem', { name: 'FFprobe data' }).click()
  const probe = page.getByTestId('ffprobe-dialog')
  await expect(probe.getByTestId('ffprobe-json')).toContainText('"format_name": "mp3"')
  await page.keyboard.press('Escape')
  await expect(probe).toBeHidden()

  // Delete one file, after a confirm naming it.
  await reopened.getByRole('button', { name: /Actions for 02 Beta\.mp3/ }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const prompt = page.getByTestId('file-delete-prompt')
  await expect(prompt).toContainText('02 Beta.mp3')
  await prompt.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: '02 Beta.mp3 deleted' })).toBeVisible()
  await expect(reopened.getByTestId('library-files-table')).not.toContainText('02 Beta.mp3')
  await expect(reopened.getByTestId('track-order-name')).toHaveText(['03 Gamma.mp3', '01 Alpha.mp3'])
  expect(fs.existsSync(path.join(folder, '02 Beta.mp3'))).toBe(false)
})

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`the files tab is axe-clean in every theme at ${viewport.width} px`, async ({ page, server }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    await logIn(page, server)
    const { id } = await threeFileBook(server, 'Theme Tale')
    for (const theme of ['dark', 'light', 'sepia']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme)
      await page.goto(`/item/${id}`)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      // The item page's files section has the same per-file menus.
      await expect(
        page.getByTestId('library-files-table').getByRole('button', { name: /Actions for/ }),
      ).toHaveCount(4)
      expect.soft(await seriousAxeViolations(page), `item page ${theme}`).toEqual([])
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
      const modal = await openFilesTab(page, id)
      await expect(modal.getByTestId('track-order-row')).toHaveCount(3)
      expect.soft(await seriousAxeViolations(page), `files tab ${theme}`).toEqual([])
      await modal.getByRole('button', { name: /Actions for 01 Alpha\.mp3/ }).click()
      await page.getByRole('menuitem', { name: 'FFprobe data' }).click()
      await expect(page.getByTestId('ffprobe-json')).toBeVisible()
      expect.soft(await seriousAxeViolations(page), `ffprobe dialog ${theme}`).toEqual([])
      await page.keyboard.press('Escape')
    }
  })
}
