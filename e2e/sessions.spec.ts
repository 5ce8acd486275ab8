import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text })
const TITLE = 'A Short Listen'
const READER = { username: 'reader', password: 'reader-password' }

/** Signs the reader in outside the browser (another device) and answers its access token. */
async function readerToken(server: ShelfcastServer): Promise<string> {
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(READER),
  })
  if (!login.ok) throw new Error(`login failed: ${login.status}`)
  return ((await login.json()) as { user: { accessToken: string } }).user.accessToken
}

/** The reader starts playing on a device of theirs: an open session on the server. */
const play = (server: ShelfcastServer, token: string, id: string, deviceId: string) =>
  apiCall<{ id: string }>(server, token, 'POST', `/api/items/${id}/play`, {
    deviceInfo: { deviceId, clientName: 'Phone App' },
    supportedMimeTypes: ['audio/mpeg'],
  })

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport })

    test("an admin sees another user's sessions live and closes one", async ({ page, server }) => {
      test.setTimeout(120_000)
      await logIn(page, server)
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-sessions-'))
      folders.push(root)
      await makeAudio({
        path: path.join(root, 'A Writer', TITLE, 'book.mp3'),
        durationSec: 6,
        tags: { album: TITLE, artist: 'A Writer' },
      })
      const admin = await rootToken(server)
      await apiCall(server, admin, 'POST', '/api/libraries', {
        name: 'Books',
        mediaType: 'book',
        folders: [{ fullPath: root }],
        settings: { disableWatcher: true },
      })
      const id = await bookId(server, TITLE, admin)
      await apiCall(server, admin, 'POST', '/api/users', { ...READER, type: 'user' })
      const reader = await readerToken(server)
      const first = await play(server, reader, id, 'phone-1')

      // Open sessions, reached from the settings navigation (loaded on demand).
      await page.goto('/config')
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Open Listening Sessions' })
        .click()
      await expect(page.getByRole('heading', { name: 'Open Listening Sessions', level: 1 })).toBeVisible()
      const rows = page.getByTestId('open-session-row')
      await expect(rows).toHaveCount(1)
      await expect(rows.first()).toContainText(TITLE)
      await expect(rows.first()).toContainText('reader')

      // A second device starts playing: the page follows without a reload (user_stream_update).
      const second = await play(server, reader, id, 'phone-2')
      await expect(rows).toHaveCount(2, { timeout: 15_000 })

      // The admin closes the first one, by keyboard.
      const target = page.locator(`[data-testid="open-session-row"][data-session-id="${first.id}"]`)
      await target.getByTestId('open-session-close').focus()
      await page.keyboard.press('Enter')
      await expect(toast(page, 'Session closed')).toBeVisible()
      await expect(target).toHaveCount(0)
      await expect(rows).toHaveCount(1)

      // Closed on the server: the reader's device can no longer sync it; the other still can.
      const sync = (sessionId: string) =>
        fetch(`${server.url}/api/session/${sessionId}/sync`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
          body: JSON.stringify({ currentTime: 1, timeListened: 1 }),
        })
      expect((await sync(first.id)).status).toBe(404)
      expect((await sync(second.id)).status).toBe(200)

      // Both stay in the history: the Listening sessions page, filtered to the reader.
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Listening Sessions', exact: true })
        .click()
      await expect(page.getByRole('heading', { name: 'Listening Sessions', level: 1 })).toBeVisible()
      await page.getByTestId('sessions-user-filter').selectOption({ label: 'reader' })
      await expect(page.getByTestId('session-row')).toHaveCount(2)
      await expect(page.getByTestId('session-row').first()).toContainText('reader')
    })
  })
}
