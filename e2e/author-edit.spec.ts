import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test } from './server-fixture.ts'

/**
 * Editing an author from its page (the book then credits the new name), and an admin adding and deleting
 * a custom metadata provider.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

test('renaming an author from the author page shows on the book page', async ({ page, server }) => {
  await logIn(page, server)
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-author-'))
  mediaFolders.push(root)
  await makeAudio({
    path: path.join(root, 'Test Author', 'Plain Tale', 'Plain Tale.mp3'),
    durationSec: 4,
    sampleRate: 22050,
    bitrateKbps: 32,
    tags: { title: 'Plain Tale', artist: 'Test Author', album: 'Plain Tale' },
  })
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const id = await bookId(server, 'Plain Tale', token)

  await page.goto(`/item/${id}`)
  await page.getByTestId('item-authors').getByRole('link', { name: 'Test Author' }).click()
  await expect(page.getByTestId('author-name')).toHaveText('Test Author')

  await page.getByTestId('author-edit').click()
  const modal = page.getByTestId('author-edit-modal')
  await expect(modal.getByLabel('Name')).toHaveValue('Test Author')
  await modal.getByLabel('Name').fill('Renamed Author')
  await modal.getByLabel('Description').fill('Wrote one plain tale.')
  await modal.getByTestId('author-edit-save').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Author updated' })).toBeVisible()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('author-name')).toHaveText('Renamed Author')
  await expect(page.getByText('Wrote one plain tale.')).toBeVisible()

  // The book is opened from the author page: the client's cached copy must not keep the old name.
  await page.getByTestId('author-books').locator(`a[href$="/item/${id}"]`).first().click()
  await expect(page.getByTestId('item-authors')).toContainText('Renamed Author')
  await page.reload()
  await expect(page.getByTestId('item-authors')).toContainText('Renamed Author')
})

test('an admin adds and deletes a custom metadata provider', async ({ page, server }) => {
  await logIn(page, server)
  await page.goto('/config')
  await page.getByRole('link', { name: 'Custom metadata providers' }).click()
  await expect(page).toHaveURL(/\/config\/item-metadata-utils\/custom-metadata-providers$/)
  await expect(page.getByText('No custom metadata providers yet.')).toBeVisible()

  await page.getByTestId('custom-provider-add').click()
  const modal = page.getByTestId('custom-provider-modal')
  await modal.getByRole('button', { name: 'Add' }).click()
  await expect(modal.getByRole('alert')).toHaveText('Name and Url required')
  await modal.getByLabel('Name').fill('Home metadata')
  await modal.getByLabel('URL').fill('http://127.0.0.1:9/meta')
  await modal.getByLabel('Media type').selectOption('podcast')
  await modal.getByLabel('Authorization header value').fill('Bearer s3cret-value')
  await modal.getByRole('button', { name: 'Add' }).click()
  await expect(modal).toBeHidden()

  const row = page.getByTestId('custom-provider-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Home metadata')
  await expect(row).toContainText('http://127.0.0.1:9/meta')
  await expect(row).toContainText('Podcast')
  // The server never sends the value back, only a mask.
  await expect(row).not.toContainText('s3cret-value')

  await page.getByRole('button', { name: 'Delete provider Home metadata' }).click()
  await page.getByTestId('confirm-prompt').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Provider removed' })).toBeVisible()
  await expect(row).toHaveCount(0)
})
