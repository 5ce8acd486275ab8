import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { apiCall, logIn, rootToken } from './player-helpers.ts'
import { expect, test as serverTest, type ShelfcastServer } from './server-fixture.ts'

/**
 * The update check (issue #18): the server reads releases from RELEASES_URL (a test releases server here, in
 * GitHub's shape); the version label opens the changelog of the running 0.1.x, and the update toast shows once.
 */

const githubReleases = [
  {
    tag_name: 'v0.2.0',
    name: 'Shelfcast v0.2.0',
    published_at: '2026-03-01T12:00:00Z',
    body: 'Newer things',
    html_url: 'https://example.test/releases/tag/v0.2.0',
  },
  { tag_name: 'nightly', name: 'Nightly', published_at: '2026-02-20T12:00:00Z', body: 'not semver' },
  {
    tag_name: 'v0.1.0',
    name: 'Shelfcast v0.1.0',
    published_at: '2026-02-01T12:00:00Z',
    body: '- First release\n- <script>alert(1)</script> stays text',
    html_url: 'https://example.test/releases/tag/v0.1.0',
  },
  { tag_name: 'v0.0.9', name: 'Shelfcast v0.0.9', published_at: '2026-01-01T12:00:00Z', body: 'Older minor' },
]

interface ReleasesServer {
  url: string
  requests: () => number
  close: () => Promise<void>
}

async function startReleasesServer(): Promise<ReleasesServer> {
  let count = 0
  const server = http.createServer((_req, res) => {
    count++
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(githubReleases))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/repos/shelfcast/shelfcast/releases`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// The releases server starts before the Shelfcast server, whose environment points at it.
const test = serverTest.extend<{ releases: ReleasesServer }>({
  // eslint-disable-next-line no-empty-pattern
  releases: async ({}, use) => {
    const releases = await startReleasesServer()
    await use(releases)
    await releases.close()
  },
  serverEnv: async ({ releases }, use) => {
    await use({ RELEASES_URL: releases.url, SSRF_REQUEST_FILTER_WHITELIST: '127.0.0.1' })
  },
})

const folders: string[] = []
test.afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** Signs in with an (empty) book library, so the library navigation (side rail, bottom bar) shows. */
async function signInWithLibrary(page: Page, server: ShelfcastServer) {
  await server.initRoot()
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-changelog-'))
  folders.push(folder)
  await apiCall(server, await rootToken(server), 'POST', '/api/libraries', {
    name: 'Books',
    mediaType: 'book',
    folders: [{ fullPath: folder }],
  })
  await logIn(page, { ...server, initRoot: async () => {} })
}

const toastText = 'Update is available! Check release notes for v0.2.0'

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the changelog lists the running 0.1.x releases; the update toast shows once', async ({
    page,
    server,
    releases,
  }) => {
    test.setTimeout(120_000)
    await signInWithLibrary(page, server)

    // The update notice: top of the screen, once.
    const top = page.getByTestId('toast-stack-top')
    await expect(top.getByText(toastText)).toBeVisible({ timeout: 20_000 })
    const rail = page.getByTestId('side-rail')
    const update = rail.getByTestId('version-update-link')
    await expect(update).toHaveText('Update')
    await expect(update).toHaveAttribute('href', 'https://example.test/releases/tag/v0.2.0')

    // The changelog, by keyboard.
    const label = rail.getByRole('button', { name: 'Changelog of v0.1.0' })
    await label.focus()
    await page.keyboard.press('Enter')
    const modal = page.getByTestId('changelog-modal')
    await expect(modal.getByRole('heading', { name: 'Changelog' })).toBeVisible()
    const entries = modal.getByTestId('changelog-release')
    await expect(entries).toHaveCount(1)
    await expect(entries.first().getByRole('heading')).toHaveText('Shelfcast v0.1.0')
    await expect(entries.first()).toContainText('- <script>alert(1)</script> stays text')
    await expect(entries.first()).toContainText('02/01/2026')
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(label).toBeFocused()

    // Closing the toast ignores v0.2.0: a reload shows the Update link but no toast.
    await top.getByRole('button', { name: 'Close' }).click()
    await expect(top).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('ignoreVersion'))).toBe('0.2.0')
    await page.reload()
    await expect(page.getByTestId('side-rail').getByTestId('version-update-link')).toBeVisible()
    await page.waitForTimeout(2000)
    await expect(page.getByText(toastText)).toHaveCount(0)
    // One outward call: the server caches the releases for 5 minutes (the client its version data too).
    expect(releases.requests()).toBe(1)

    // Label, Update link and changelog in each theme: no serious or critical axe violations.
    for (const theme of ['dark', 'light', 'sepia']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme)
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByTestId('side-rail').getByTestId('version-update-link')).toBeVisible()
      await page.getByTestId('side-rail').getByRole('button', { name: 'Changelog of v0.1.0' }).click()
      await expect(page.getByTestId('changelog-release')).toHaveCount(1)
      const { violations } = await new AxeBuilder({ page })
        .include('[data-testid="side-rail"]')
        .include('[data-testid="changelog-modal"]')
        .analyze()
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${theme}: ${v.id}`)).toEqual([])
      await page.keyboard.press('Escape')
    }
  })
})

test.describe('375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('the version label sits in the navigation sheet and opens the changelog', async ({ page, server }) => {
    test.setTimeout(120_000)
    await signInWithLibrary(page, server)
    await page.getByTestId('bottom-nav-more').click()
    const sheet = page.getByTestId('bottom-nav-sheet')
    await expect(sheet.getByTestId('version-update-link')).toBeVisible()
    await sheet.getByRole('button', { name: 'Changelog of v0.1.0' }).click()
    const modal = page.getByTestId('changelog-modal')
    await expect(modal.getByTestId('changelog-release')).toHaveCount(1)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
  })
})
