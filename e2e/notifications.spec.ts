import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import {
  startAppriseTestServer,
  type AppriseTestServer,
} from '../apps/server/src/test-support/apprise-test-server.ts'
import { logIn } from './player-helpers.ts'
import { expect, test as base } from './server-fixture.ts'

/** An Apprise API server on 127.0.0.1 that records what it is sent. */
const test = base.extend<{ apprise: AppriseTestServer }>({
  // Playwright reads a fixture's dependencies from this destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  apprise: async ({}, use) => {
    const apprise = await startAppriseTestServer()
    await use(apprise)
    await apprise.close()
  },
})

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

for (const { viewport, touch } of [
  { viewport: { width: 375, height: 812 }, touch: true },
  { viewport: { width: 1280, height: 800 }, touch: false },
]) {
  test.describe(`${viewport.width} px`, () => {
    // The Apprise server runs on localhost: reached only when the admin allows its host.
    test.use({
      viewport,
      hasTouch: touch,
      isMobile: touch,
      serverEnv: { SSRF_REQUEST_FILTER_WHITELIST: 'localhost' },
    })

    test('an admin sets up Apprise, adds a notification (opened from the keyboard) and its test reaches the server', async ({
      page,
      server,
      apprise,
    }) => {
      await logIn(page, server)
      await page.goto('/config/notifications')
      const form = page.getByTestId('apprise-form')
      await form.getByLabel('Apprise API URL').fill(apprise.url)
      await page.getByTestId('apprise-save').click()
      await expect(page.getByTestId('add-notification')).toBeEnabled()

      await page.getByTestId('add-notification').focus()
      await page.keyboard.press('Enter')
      const modal = page.getByTestId('notification-modal')
      await modal.getByLabel('Event').selectOption('onTest')
      await modal.getByLabel('Apprise URL(s)').fill('json://localhost/hook')
      await modal.getByRole('button', { name: 'Add' }).click()
      await expect(modal).toBeHidden()
      const row = page.getByTestId('notification-row')
      await expect(row).toContainText('json://localhost/hook')

      await row.getByTestId('notification-test').click()
      const [sent] = await apprise.waitFor(1)
      expect(sent?.path).toBe('/notify')
      expect(sent?.body).toMatchObject({ urls: ['json://localhost/hook'] })
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)

      for (const theme of ['dark', 'light', 'sepia']) {
        await page.evaluate((value) => localStorage.setItem('theme', value), theme)
        await page.reload()
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(page.getByTestId('notification-row')).toBeVisible()
        expect.soft(await seriousAxeViolations(page), `notifications ${theme}`).toEqual([])
        await page.goto('/config/authentication')
        await expect(page.getByTestId('auth-settings-form')).toBeVisible()
        expect.soft(await seriousAxeViolations(page), `authentication ${theme}`).toEqual([])
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
        await page.goto('/config/notifications')
      }
    })
  })
}
