import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, playerLaunchOptions, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Share links (issue #17): an admin shares a book from its page; a second browser with no account plays it
 * from /share/:slug and downloads it; once the share has expired, its page, a track and the download all
 * answer 404.
 */

test.use({ launchOptions: playerLaunchOptions })

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** One generated 30 s mp3 book in its own library; its id. */
async function sharedBookLibrary(server: ShelfcastServer, title: string): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-share-'))
  mediaFolders.push(root)
  await makeAudio({
    path: path.join(root, 'Share Author', title, `${title}.mp3`),
    durationSec: 30,
    sampleRate: 22050,
    bitrateKbps: 32,
    tags: { title, artist: 'Share Author', album: title },
  })
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/libraries', {
    name: 'Shared books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  return bookId(server, title, token)
}

const audioTime = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLAudioElement>('[data-testid="share-audio"]')?.currentTime ?? 0,
  )

test('an admin shares a book; an anonymous visitor plays and downloads it; an expired share answers 404', async ({
  page,
  server,
  browser,
}) => {
  await logIn(page, server)
  const id = await sharedBookLibrary(server, 'Lent Story')

  // The admin shares the book from its page: 1 minute, downloadable.
  await page.goto(`/item/${id}`)
  await page.getByTestId('item-more').click()
  await page.getByTestId('menu-share').click()
  const modal = page.getByTestId('share-modal')
  await expect(modal.getByTestId('share-slug')).toHaveValue(/^[a-z0-9]{10}$/)
  await modal.getByTestId('share-slug').fill('lent-story')
  await modal.getByTestId('share-duration').fill('1')
  await modal.getByTestId('share-unit').selectOption('minutes')
  await modal.getByTestId('share-downloadable').click()
  await expect(modal.getByTestId('share-url-preview')).toContainText(`${server.url}/share/lent-story`)
  await modal.getByTestId('share-create').click()
  await expect(modal.getByTestId('share-url')).toHaveText(`${server.url}/share/lent-story`)
  await expect(modal.getByTestId('share-lifetime')).toContainText('Expires in')
  await expect(modal.getByTestId('share-downloadable-note')).toHaveText('Listeners can download this book')

  // A second browser, with no account, opens the link and plays.
  const visitor = await browser.newContext({ baseURL: server.url })
  const anon = await visitor.newPage()
  // This context is not the fixture's: it watches its own CSP violations.
  const cspViolations: string[] = []
  anon.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text())
  })
  const apiCalls: string[] = []
  anon.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/') || pathname === '/login') apiCalls.push(pathname)
  })
  await anon.goto('/share/lent-story')
  await expect(anon.getByTestId('share-title')).toHaveText('Lent Story')
  await expect(anon.getByTestId('share-author')).toHaveText('Share Author')
  expect(new URL(anon.url()).pathname).toBe('/share/lent-story')
  await anon.getByTestId('share-play-pause').click()
  await expect(anon.getByTestId('share-play-pause')).toHaveAttribute('data-state', 'playing', {
    timeout: 20_000,
  })
  await expect.poll(() => audioTime(anon), { timeout: 15_000 }).toBeGreaterThan(2)
  // Paused, the position goes to the server; this browser's next visit resumes there.
  const progressSaved = anon.waitForResponse(
    (r) => r.url().endsWith('/public/share/lent-story/progress') && r.request().method() === 'PATCH',
  )
  await anon.getByTestId('share-play-pause').click()
  expect((await progressSaved).status()).toBe(204)
  await anon.reload()
  // Any second after the start of the 30 s book (never 0:00).
  await expect(anon.getByTestId('share-current-time')).toHaveText(/^0:(0[1-9]|[1-2]\d)$/)
  await anon.getByTestId('share-play-pause').click()
  await expect(anon.getByTestId('share-play-pause')).toHaveAttribute('data-state', 'playing', {
    timeout: 20_000,
  })
  const download = anon.waitForEvent('download')
  await anon.getByTestId('share-download').click()
  expect((await download).suggestedFilename()).toMatch(/\.mp3$|\.zip$/)
  expect(apiCalls, 'the share page calls no signed-in API').toEqual([])
  await anon.getByTestId('share-play-pause').click()

  // The admin deletes it: the page is gone at once.
  await modal.getByTestId('share-delete').click()
  await expect(modal.getByTestId('share-form')).toBeVisible()
  await anon.reload()
  await expect(anon.getByTestId('share-not-found')).toBeVisible()

  // A share that ends a few seconds from now (made through the API to keep the test quick).
  const token = await rootToken(server)
  await apiCall(server, token, 'POST', '/api/share/mediaitem', {
    slug: 'short-lived',
    mediaItemType: 'book',
    mediaItemId: id,
    expiresAt: Date.now() + 10_000,
    isDownloadable: true,
  })
  await anon.goto('/share/short-lived')
  await expect(anon.getByTestId('share-title')).toHaveText('Lent Story')
  const base = `${server.url}/public/share/short-lived`
  expect((await visitor.request.get(`${base}/track/1`)).status()).toBe(200)
  await expect
    .poll(async () => (await visitor.request.get(`${base}/track/1`)).status(), { timeout: 30_000 })
    .toBe(404)
  for (const url of [base, `${base}/track/1`, `${base}/download`]) {
    expect((await visitor.request.get(url)).status(), url).toBe(404)
  }
  await anon.reload()
  await expect(anon.getByTestId('share-not-found')).toBeVisible()
  expect(cspViolations, 'Content-Security-Policy violations on the share page').toEqual([])
  await visitor.close()
})
