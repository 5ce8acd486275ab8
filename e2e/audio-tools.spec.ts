import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { makeAudio, makeCoverImage, probeMedia } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, playerLaunchOptions, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * Issue #20 acceptance: a 3-file MP3 book with a cover becomes one M4B from the manage page (the task card shows
 * its progress), then has 3 chapters and the cover and plays; metadata is embedded into another book from the
 * manage page, and into two more with quick embed from the selection bar. The manage page is axe-clean in every
 * theme at 375 and 1280 px and works by keyboard.
 */

test.use({ launchOptions: playerLaunchOptions, viewport: { width: 1280, height: 800 } })

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const AUTHOR = 'Tool Author'
/** Long enough that the encode runs a few seconds (its progress is seen), short enough to stay quick. */
const FILE_SEC = 240

interface FileSpec {
  title: string
  files: number
}

/** Books of MP3 files (Author/Title/NN - Title.mp3) and a cover.jpg each, as a book library; ids by title. */
async function toolLibrary(server: ShelfcastServer, books: FileSpec[]) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-tools-'))
  mediaFolders.push(root)
  for (const book of books) {
    const folder = path.join(root, AUTHOR, book.title)
    await makeCoverImage({ path: path.join(folder, 'cover.jpg'), width: 300, height: 300 })
    await Promise.all(
      Array.from({ length: book.files }, (_, i) =>
        makeAudio({
          path: path.join(folder, `0${i + 1} - ${book.title}.mp3`),
          durationSec: book.files > 1 ? FILE_SEC : 20,
          frequencyHz: 300 + i * 100,
          tags: { title: `Part ${i + 1}`, artist: AUTHOR, album: book.title, track: i + 1 },
        }),
      ),
    )
  }
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Tool books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  const ids: Record<string, string> = {}
  for (const book of books) ids[book.title] = await bookId(server, book.title, token)
  return { libraryId: library.id, ids, token }
}

interface ItemFiles {
  media: {
    audioFiles: { metadata: { path: string; ext: string } }[]
    chapters: { title: string }[]
    coverPath: string | null
  }
}

const itemFiles = (server: ShelfcastServer, token: string, id: string) =>
  apiCall<ItemFiles>(server, token, 'GET', `/api/items/${id}?expanded=1`)

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('encode a 3-file MP3 book to one M4B from the manage page: progress on the task card, then it plays', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000)
  await logIn(page, server)
  const { ids, token } = await toolLibrary(server, [{ title: 'Three Parts', files: 3 }])
  const id = ids['Three Parts']!

  await page.goto(`/audiobook/${id}/manage?tool=m4b`)
  const panel = page.getByTestId('encode-panel')
  await expect(panel).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('tool-file-row')).toHaveCount(3)
  // One chapter per file (the MP3s have none): the three parts.
  await expect(page.getByTestId('tool-chapter-row')).toHaveCount(3)

  // Axe in every theme at phone and desktop widths, before the run changes the page.
  for (const theme of ['dark', 'light', 'sepia']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(panel).toBeVisible({ timeout: 20_000 })
      expect.soft(await seriousViolations(page), `${theme} at ${width} px`).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect.soft(overflow, `sideways overflow at ${width} px`).toBeLessThanOrEqual(0)
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  // By keyboard: the tool switch moves with the arrow keys, and Start runs with Enter.
  await page.getByRole('tab', { name: 'M4B Encoder' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/tool=embed/)
  await expect(page.getByTestId('embed-panel')).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(panel).toBeVisible()
  await page.getByTestId('encode-start').focus()
  await page.keyboard.press('Enter')

  // The task card follows the run and leads to this page.
  await page.getByRole('button', { name: 'Tasks' }).click()
  const card = page.getByTestId('task-card').first()
  await expect(card).toBeVisible({ timeout: 20_000 })
  await expect(card.getByRole('link')).toHaveAttribute('href', `/audiobook/${id}/manage?tool=m4b`)
  await expect(card.getByRole('progressbar')).toBeVisible({ timeout: 20_000 })
  await expect(card).toHaveAttribute('data-status', 'running')
  // A finished encode does not ask to show its success: its card leaves the list.
  await expect(page.locator('[data-testid="task-card"][data-status="running"]')).toHaveCount(0, {
    timeout: 180_000,
  })
  await page.keyboard.press('Escape')

  await expect(page.getByTestId('tool-run-succeeded')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('tool-log')).toBeVisible()

  // One M4B with three chapters and the cover.
  let files: ItemFiles | null = null
  await expect
    .poll(
      async () => {
        files = await itemFiles(server, token, id)
        return files.media.audioFiles.map((f) => f.metadata.ext)
      },
      { timeout: 30_000 },
    )
    .toEqual(['.m4b'])
  const m4b = files!.media.audioFiles[0]!.metadata.path
  const probed = await probeMedia(m4b)
  expect(probed.chapters).toHaveLength(3)
  expect(probed.attachedPicture).not.toBeNull()
  expect(probed.durationSec).toBeGreaterThan(3 * FILE_SEC - 2)
  expect(probed.durationSec).toBeLessThan(3 * FILE_SEC + 2)
  expect(files!.media.chapters).toHaveLength(3)

  // It plays, for the whole length.
  await page.getByRole('link', { name: 'Go to item' }).click()
  await page.getByTestId('item-play').click()
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-state', 'PLAYING', { timeout: 20_000 })
  await expect(page.getByTestId('player-total-duration')).toHaveText(/^1[12]:[0-5]\d$/)
})

test('embed metadata into a book from the manage page, and into two more by quick embed', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000)
  await logIn(page, server)
  const { libraryId, ids, token } = await toolLibrary(server, [
    { title: 'Embed Me', files: 1 },
    { title: 'Quick One', files: 1 },
    { title: 'Quick Two', files: 1 },
  ])
  const retitle = (id: string, title: string) =>
    apiCall(server, token, 'PATCH', `/api/items/${id}/media`, { metadata: { title } })
  const fileTitle = async (id: string) => {
    const files = await itemFiles(server, token, id)
    return (await probeMedia(files.media.audioFiles[0]!.metadata.path)).tags.title
  }

  await retitle(ids['Embed Me']!, 'Embedded From The Page')
  // From the item: the edit modal's tools tab leads to the manage page.
  await page.goto(`/item/${ids['Embed Me']}`)
  await page.getByTestId('item-edit').click()
  const modal = page.getByTestId('item-edit-modal')
  await modal.getByRole('tab', { name: 'Tools' }).click()
  await expect(modal.getByTestId('tools-tab')).toBeVisible()
  expect(await seriousViolations(page), 'tools tab').toEqual([])
  await modal.getByTestId('tools-embed').click()
  await expect(page).toHaveURL(new RegExp(`/audiobook/${ids['Embed Me']}/manage\\?tool=embed$`))
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('embed-panel')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('tool-metadata')).toContainText('Embedded From The Page')
  await page.getByTestId('embed-start').click()
  await expect(page.getByTestId('tool-run-succeeded')).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => fileTitle(ids['Embed Me']!), { timeout: 30_000 }).toBe('Embedded From The Page')

  await retitle(ids['Quick One']!, 'Quickly Embedded One')
  await retitle(ids['Quick Two']!, 'Quickly Embedded Two')
  await page.goto(`/library/${libraryId}/bookshelf`)
  const cards = page.getByTestId('item-card')
  await expect(cards).toHaveCount(3, { timeout: 30_000 })
  for (const id of [ids['Quick One']!, ids['Quick Two']!])
    await page
      .locator(`[data-testid="item-card"][data-item-id="${id}"]`)
      .getByTestId('item-card-select')
      .click()
  const bar = page.getByTestId('selection-bar')
  await expect(bar.getByTestId('selection-count')).toHaveText('2 items selected')
  await bar.getByRole('button', { name: 'More' }).click()
  await page.getByTestId('selection-quick-embed').click()
  const prompt = page.getByTestId('selection-quick-embed-prompt')
  await prompt.getByRole('button', { name: 'Quick Embed' }).click()
  await expect(page.getByText('Items queued for metadata embed: 2')).toBeVisible()
  await expect(bar).toBeHidden()
  await expect.poll(() => fileTitle(ids['Quick One']!), { timeout: 60_000 }).toBe('Quickly Embedded One')
  await expect.poll(() => fileTitle(ids['Quick Two']!), { timeout: 60_000 }).toBe('Quickly Embedded Two')
})
