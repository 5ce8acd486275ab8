import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { makeAudio, makeCoverImage } from '../scripts/media/index.ts'
import { expect, test } from './server-fixture.ts'

/**
 * Admin journeys through the config pages against the real server: a library made with the folder
 * browser, a user kept out of it, and an API key that really authenticates.
 */

async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login')
  const form = page.getByTestId('login-form')
  await form.getByLabel('Username').fill(username)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByTestId('app-bar')).toBeVisible()
}

async function token(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { user: { accessToken: string } }).user.accessToken
}

/** A tiny book library on disk: Author/Title/two mp3 files and a cover; plus two empty roots for more libraries. */
async function makeMediaRoot(): Promise<{ root: string; books: string; other: string; spare: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-admin-media-'))
  const book = path.join(root, 'Audiobooks', 'Jane Doe', 'First Light')
  fs.mkdirSync(book, { recursive: true })
  await makeAudio({
    path: path.join(book, '01.mp3'),
    durationSec: 2,
    tags: { title: 'First Light', artist: 'Jane Doe', track: 1 },
  })
  await makeAudio({
    path: path.join(book, '02.mp3'),
    durationSec: 2,
    tags: { title: 'First Light', artist: 'Jane Doe', track: 2 },
  })
  await makeCoverImage({ path: path.join(book, 'cover.jpg'), width: 120, height: 120 })
  const other = path.join(root, 'Other')
  fs.mkdirSync(other)
  const spare = path.join(root, 'Spare')
  fs.mkdirSync(spare)
  return { root, books: path.join(root, 'Audiobooks'), other, spare }
}

test('admin sets up a library, a user kept out of it and an API key', async ({ page, server, browser }) => {
  test.setTimeout(180_000)
  const media = await makeMediaRoot()
  try {
    await server.initRoot('root', 'rootpass')
    await logIn(page, 'root', 'rootpass')

    // The app bar's settings link opens /config, whose side navigation leads to Libraries.
    await page.getByTestId('settings-link').click()
    await expect(page).toHaveURL(/\/config$/)
    const configNav = page.getByRole('navigation', { name: 'Settings sections' })
    await configNav.getByRole('link', { name: 'Libraries' }).click()
    await expect(page).toHaveURL(/\/config\/libraries$/)

    // No libraries yet: a clear call to add the first one.
    await page.getByRole('button', { name: 'Add your first library' }).click()
    const modal = page.getByTestId('library-modal')
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: 'Create' }).click()
    await expect(modal.getByText('Name is required')).toBeVisible()
    await expect(modal.getByText('Must have at least one path')).toBeVisible()

    await modal.getByLabel('Library name').fill('E2E Books')
    await modal.getByRole('radio', { name: 'Headphones' }).click()

    // Walk the server's folders down to the library root with the folder browser.
    const browserPanel = modal.getByTestId('folder-browser')
    const segments = path.relative('/', media.books).split(path.sep)
    for (const segment of segments) {
      await browserPanel
        .getByRole('list', { name: 'Subfolders' })
        .getByRole('button', { name: segment, exact: true })
        .click()
      await expect(browserPanel.getByLabel('Folder path')).toHaveValue(
        `/${segments.slice(0, segments.indexOf(segment) + 1).join('/')}`,
      )
    }
    await browserPanel
      .getByRole('list', { name: 'Subfolders' })
      .getByRole('button', { name: 'Jane Doe', exact: true })
      .waitFor()
    await browserPanel.getByRole('button', { name: 'Add folder' }).click()
    await expect(modal.getByTestId('library-folders')).toContainText(fs.realpathSync(media.books))

    await modal.getByRole('button', { name: 'Create' }).click()
    await expect(modal).toBeHidden()
    await expect(page.getByTestId('toast').filter({ hasText: 'Library "E2E Books" created' })).toBeVisible()
    const row = page.getByTestId('library-row').filter({ hasText: 'E2E Books' })
    await expect(row).toContainText('Folders: 1')

    // It is in the library dropdown and, on its pages, the side rail.
    await page.getByRole('link', { name: 'Shelfcast' }).click()
    await expect(page.getByTestId('library-dropdown')).toContainText('E2E Books')
    await expect(page.getByTestId('side-rail')).toBeVisible()

    // A second library, for the user who may not see the first.
    const rootToken = await token(server.url, 'root', 'rootpass')
    const created = await fetch(`${server.url}/api/libraries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${rootToken}` },
      body: JSON.stringify({ name: 'Other Shelf', folders: [{ fullPath: media.other }] }),
    })
    expect(created.status).toBe(200)
    const libraries = (await (
      await fetch(`${server.url}/api/libraries`, { headers: { authorization: `Bearer ${rootToken}` } })
    ).json()) as { libraries: { id: string; name: string }[] }
    const booksId = libraries.libraries.find((l) => l.name === 'E2E Books')!.id

    // Drag "Other Shelf" (by its grip, at the row's left edge) above "E2E Books": the order is saved.
    await page.goto('/config/libraries')
    const list = page.getByTestId('libraries-list')
    await expect(list.getByTestId('library-row')).toHaveCount(2)
    const rows = list.locator('li')
    await rows.filter({ hasText: 'Other Shelf' }).dragTo(rows.filter({ hasText: 'E2E Books' }), {
      sourcePosition: { x: 12, y: 20 },
      targetPosition: { x: 12, y: 10 },
    })
    await expect(list.getByTestId('library-row').first()).toContainText('Other Shelf')
    await page.reload()
    await expect(page.getByTestId('libraries-list').getByTestId('library-row').first()).toContainText(
      'Other Shelf',
    )
    // And back with the keyboard-reachable arrow button.
    await page.getByRole('button', { name: 'Move E2E Books up' }).click()
    await expect(page.getByTestId('libraries-list').getByTestId('library-row').first()).toContainText(
      'E2E Books',
    )

    // Edit: rename, new icon, a scan schedule; then a library deleted after confirming.
    await page.getByRole('button', { name: 'Edit library Other Shelf' }).click()
    const editModal = page.getByTestId('library-modal')
    await editModal.getByLabel('Library name').fill('Other Shelf 2')
    await editModal.getByRole('radio', { name: 'Star' }).click()
    await editModal.getByRole('tab', { name: 'Schedule' }).click()
    await editModal.getByRole('switch', { name: 'Scan automatically on a schedule' }).click()
    await editModal.getByLabel('Interval').selectOption({ label: 'Every 6 hours' })
    await editModal.getByRole('button', { name: 'Save' }).click()
    await expect(editModal).toBeHidden()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Library "Other Shelf 2" updated' }),
    ).toBeVisible()
    const patched = (await (
      await fetch(`${server.url}/api/libraries`, { headers: { authorization: `Bearer ${rootToken}` } })
    ).json()) as {
      libraries: { name: string; icon: string; settings: { autoScanCronExpression: string | null } }[]
    }
    expect(patched.libraries.find((l) => l.name === 'Other Shelf 2')).toMatchObject({
      icon: 'star',
      settings: { autoScanCronExpression: '0 */6 * * *' },
    })
    const spare = await fetch(`${server.url}/api/libraries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${rootToken}` },
      body: JSON.stringify({ name: 'Spare', folders: [{ fullPath: media.spare }] }),
    })
    expect(spare.status).toBe(200)
    await page.reload()
    await page.getByRole('button', { name: 'Delete library Spare' }).click()
    const confirm = page.getByTestId('confirm-prompt')
    await expect(confirm).toContainText('permanently delete library "Spare"')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Library "Spare" deleted' })).toBeVisible()
    await expect(page.getByTestId('library-row')).toHaveCount(2)

    // A user with access to "Other Shelf" only.
    await page.goto('/config/users')
    await page.getByRole('button', { name: 'Add user' }).click()
    const userModal = page.getByTestId('user-modal')
    await userModal.getByLabel('Username').fill('reader')
    await userModal.getByLabel('Password', { exact: true }).fill('reader-pass')
    await userModal.getByRole('switch', { name: 'Can access all libraries' }).click()
    await userModal.getByRole('button', { name: 'Create' }).click()
    await expect(userModal.getByText('Must select at least one library, tag or user')).toBeVisible()
    await userModal.getByLabel('Other Shelf 2').check()
    await userModal.getByRole('button', { name: 'Create' }).click()
    await expect(userModal).toBeHidden()
    await expect(page.getByTestId('user-row').filter({ hasText: 'reader' })).toBeVisible()

    // An API key acting as root: shown once, and it authenticates.
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'API Keys' })
      .click()
    await page.getByRole('button', { name: 'Add API key' }).click()
    const keyModal = page.getByTestId('api-key-modal')
    await keyModal.getByLabel('Name').fill('E2E key')
    await keyModal.getByLabel('Acts as user').selectOption({ label: 'root (Root)' })
    await keyModal.getByRole('button', { name: 'Create' }).click()
    const shown = page.getByTestId('api-key-created')
    await expect(shown).toContainText('It will not be shown again')
    const secret = await shown.getByTestId('api-key-secret').inputValue()
    expect(secret.length).toBeGreaterThan(20)
    await shown.getByRole('button', { name: 'Copy to clipboard' }).click()
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible()
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'E2E key' })).toBeVisible()

    const me = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${secret}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { username: string }).username).toBe('root')

    // The reader sees only the library they were given, and the other answers 404.
    const readerContext = await browser.newContext({ baseURL: server.url })
    try {
      const readerPage = await readerContext.newPage()
      await logIn(readerPage, 'reader', 'reader-pass')
      const dropdown = readerPage.getByTestId('library-dropdown')
      await expect(dropdown).toContainText('Other Shelf 2')
      await dropdown.getByRole('combobox').click()
      const options = readerPage.getByRole('listbox').getByRole('option')
      await expect(options).toHaveCount(1)
      await expect(options).toHaveText(['Other Shelf 2'])
      await readerPage.goto(`/library/${booksId}`)
      await expect(readerPage.getByText('E2E Books')).toHaveCount(0)
    } finally {
      await readerContext.close()
    }
    const readerToken = await token(server.url, 'reader', 'reader-pass')
    const hidden = await fetch(`${server.url}/api/libraries/${booksId}`, {
      headers: { authorization: `Bearer ${readerToken}` },
    })
    expect(hidden.status).toBe(404)
  } finally {
    fs.rmSync(media.root, { recursive: true, force: true })
  }
})
