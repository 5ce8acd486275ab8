import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { makeAudio } from '../scripts/media/index.ts'
import { apiCall, bookId, logIn, rootToken } from './player-helpers.ts'
import { expect, test, type ShelfcastServer } from './server-fixture.ts'

/**
 * RSS feeds out (issue #17): an admin opens a feed of a book from its item page (keyboard, sanitised slug),
 * a podcast app reads the URL, the feed shows in Settings > RSS Feeds, and closing it there makes the URL 404.
 */

const mediaFolders: string[] = []
test.afterEach(() => {
  for (const folder of mediaFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** One generated book in its own library; answers the item and library ids. */
async function bookLibrary(server: ShelfcastServer, title: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-feeds-'))
  mediaFolders.push(root)
  await makeAudio({
    path: path.join(root, 'Feed Author', title, `${title}.m4b`),
    durationSec: 12,
    sampleRate: 22050,
    bitrateKbps: 32,
    tags: { title, artist: 'Feed Author', album: title },
  })
  const token = await rootToken(server)
  const library = await apiCall<{ id: string }>(server, token, 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: root }],
  })
  return { itemId: await bookId(server, title, token), libraryId: library.id }
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The page's width past the viewport (0 when nothing sticks out sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport })

    test('an admin opens a feed from the item page, a podcast app reads it, and closing it makes it 404', async ({
      page,
      server,
    }) => {
      test.setTimeout(180_000)
      await logIn(page, server)
      const title = 'Feed Tale'
      const { itemId, libraryId } = await bookLibrary(server, title)

      await page.goto(`/item/${itemId}`)
      await expect(page.getByTestId('item-title')).toHaveText(title)
      await page.getByTestId('item-more').getByRole('button', { name: 'More' }).click()
      await page.getByTestId('menu-rss-feed').click()
      const modal = page.getByTestId('rss-feed-modal')
      await expect(modal.getByRole('heading', { name: 'Open RSS feed' })).toBeVisible()
      // Spec §5: the slug defaults to the item id; prevent indexing is on.
      const slug = modal.getByLabel('RSS feed slug')
      await expect(slug).toHaveValue(itemId)
      await expect(slug).toBeFocused()
      await expect(modal.getByRole('checkbox', { name: /Prevent indexing/ })).toBeChecked()
      // Served over plain http here: the podcast-app warning shows.
      await expect(modal.getByRole('alert')).toContainText('https')
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)

      // By keyboard: a slug that is not one is replaced by its sanitised form, with a warning; Enter opens.
      await slug.fill('Feed Tale!')
      await slug.press('Enter')
      await expect(
        page.getByTestId('toast').filter({ hasText: 'The slug was changed to “feed-tale”' }),
      ).toBeVisible()
      await expect(modal.getByRole('heading', { name: 'RSS feed is open' })).toBeVisible()
      const feedUrl = `${server.url}/feed/feed-tale`
      await expect(modal.getByTestId('rss-feed-url')).toHaveText(feedUrl)
      await expect(modal.getByRole('button', { name: 'Copy feed URL' })).toBeVisible()
      await expect(modal.getByTestId('rss-feed-meta')).toContainText('Yes')
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)

      // What a podcast app reads: RSS with the book's title, no login.
      const xml = await fetch(feedUrl)
      expect(xml.status).toBe(200)
      const body = await xml.text()
      expect(body).toContain('<rss')
      expect(body).toContain(title)

      await page.keyboard.press('Escape')
      await expect(modal).toBeHidden()
      // The item page shows the open feed without a reload; so does the cover on the bookshelf.
      await expect(page.getByTestId('item-rss-feed')).toContainText('RSS feed')
      if (viewport.width === 1280) {
        // The open feed's modal in every theme: no serious or critical axe violation.
        for (const theme of ['dark', 'light', 'sepia']) {
          await page.evaluate((value) => localStorage.setItem('theme', value), theme)
          await page.reload()
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
          await page.getByTestId('item-rss-feed').click()
          await expect(modal.getByTestId('rss-feed-url')).toHaveText(feedUrl)
          expect.soft(await seriousAxeViolations(page), `modal ${theme}`).toEqual([])
          await page.keyboard.press('Escape')
          await expect(modal).toBeHidden()
        }
      }
      await page.goto(`/library/${libraryId}/bookshelf`)
      await expect(page.getByTestId('item-card-rss')).toHaveCount(1)

      // Settings > RSS Feeds lists it.
      await page.goto('/config')
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'RSS Feeds' })
        .click()
      await expect(page.getByRole('heading', { name: 'RSS Feeds', level: 1 })).toBeVisible()
      const row = page.getByTestId('rss-feed-row')
      await expect(row).toHaveCount(1)
      await expect(row.getByTestId('rss-feed-title')).toHaveText(title)
      await expect(row.getByTestId('rss-feed-row-url')).toHaveText(feedUrl)
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)

      // Its channel and episodes.
      await row.getByRole('button', { name: `View feed ${title}` }).click()
      const details = page.getByTestId('rss-feed-details')
      await expect(details.getByRole('heading', { name: title })).toBeVisible()
      await expect(details.getByTestId('rss-feed-episodes').getByRole('listitem')).toHaveCount(1)
      await page.keyboard.press('Escape')
      await expect(details).toBeHidden()

      if (viewport.width === 1280) {
        for (const theme of ['dark', 'light', 'sepia']) {
          await page.evaluate((value) => localStorage.setItem('theme', value), theme)
          await page.reload()
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
          await expect(row).toHaveCount(1)
          expect.soft(await seriousAxeViolations(page), theme).toEqual([])
        }
      }

      // Close it, by keyboard, after the confirm.
      await row.getByRole('button', { name: `Close feed ${title}` }).focus()
      await page.keyboard.press('Enter')
      const confirm = page.getByTestId('rss-feed-close-confirm')
      await expect(confirm).toContainText(`Close the RSS feed of “${title}”?`)
      await confirm.getByRole('button', { name: 'Close feed' }).click()
      await expect(page.getByText('No RSS feeds are open')).toBeVisible()
      await expect(page.getByTestId('toast').filter({ hasText: 'RSS feed closed' })).toBeVisible()

      // The URL is gone for podcast apps, and the item page shows the feed closed.
      expect((await fetch(feedUrl)).status).toBe(404)
      await page.goto(`/item/${itemId}`)
      await expect(page.getByTestId('item-title')).toHaveText(title)
      await expect(page.getByTestId('item-rss-feed')).toHaveCount(0)
    })
  })
}
