import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { apiCall, logIn, rootToken } from './player-helpers.ts'
import { expect, test } from './server-fixture.ts'

/**
 * The server settings page: an admin changes the date format on the Display tab and the backups table shows
 * dates in it (after a reload too); the tabs work by keyboard, fit a phone and pass axe in every theme.
 */

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })
const pad = (n: number) => String(n).padStart(2, '0')

async function noSeriousAxeViolations(page: Page, selector: string) {
  for (const theme of ['dark', 'light', 'sepia']) {
    await page.evaluate((name) => (document.documentElement.dataset.theme = name), theme)
    // Colours ease between themes: measure contrast once every transition has ended.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
    const { violations } = await new AxeBuilder({ page }).include(selector).analyze()
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${selector} in ${theme}`,
    ).toEqual([])
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
}

async function openBackups(page: Page) {
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Backups' })
    .click()
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible()
}

test.use({ timezoneId: 'UTC' })

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport })

    test('an admin changes the date format and sees it in the backups table', async ({ page, server }) => {
      test.setTimeout(120_000)
      await logIn(page, server)
      const token = await rootToken(server)
      const { backups } = await apiCall<{ backups: { createdAt: number }[] }>(
        server,
        token,
        'POST',
        '/api/backups',
      )
      const at = new Date(backups[0]!.createdAt)
      const [y, m, d] = [at.getUTCFullYear(), pad(at.getUTCMonth() + 1), pad(at.getUTCDate())]
      const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`

      // The default format first: MM/dd/yyyy HH:mm.
      await page.goto('/config')
      await openBackups(page)
      const date = page.getByTestId('backup-row').locator('time')
      await expect(date).toHaveText(`${m}/${d}/${y} ${time}`)

      // Display tab, reached by keyboard from the General tab.
      await page.goto('/config')
      const general = page.getByRole('tab', { name: 'General' })
      await general.focus()
      await page.keyboard.press('ArrowRight')
      await expect(page.getByRole('tab', { name: 'Display' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('tab', { name: 'Display' })).toBeFocused()
      await page.getByLabel('Date format').selectOption('yyyy-MM-dd')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(toast(page, 'Server settings updated')).toBeVisible()

      await openBackups(page)
      await expect(date).toHaveText(`${y}-${m}-${d} ${time}`)

      // Stored on the server: a reload keeps it, and the next change shows too.
      await page.reload()
      await expect(date).toHaveText(`${y}-${m}-${d} ${time}`)
      await page.goto('/config')
      await page.getByRole('tab', { name: 'Display' }).click()
      await expect(page.getByLabel('Date format')).toHaveValue('yyyy-MM-dd')
      await page.getByLabel('Date format').selectOption('dd.MM.yyyy')
      await page.getByLabel('Time format').selectOption('h:mma')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(toast(page, 'Server settings updated')).toBeVisible()
      await openBackups(page)
      const hours12 = at.getUTCHours() % 12 || 12
      const ampm = at.getUTCHours() < 12 ? 'AM' : 'PM' // the day period as Intl and date-fns write it in en-us
      await expect(date).toHaveText(`${d}.${m}.${y} ${hours12}:${pad(at.getUTCMinutes())}${ampm}`)
    })

    test('every settings tab fits the screen and passes axe in the three themes', async ({
      page,
      server,
    }) => {
      test.setTimeout(180_000)
      await logIn(page, server)
      await page.goto('/config')
      for (const name of ['General', 'Display', 'Scanner', 'Security', 'Web client', 'Experimental']) {
        await page.getByRole('tab', { name }).click()
        const panel = page.getByRole('tabpanel', { name })
        await expect(panel).toBeVisible()
        // Find covers shows the provider it searches (not saved: the check only needs the field on screen).
        if (name === 'Scanner') {
          await panel.getByRole('switch', { name: 'Find covers' }).click()
          await expect(panel.getByLabel('Cover provider')).toBeVisible()
          await expect(panel.getByRole('option', { name: 'Open Library' })).toBeAttached()
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow, `${name} overflows`).toBeLessThanOrEqual(0)
        await noSeriousAxeViolations(page, '[role="tabpanel"]')
      }
    })
  })
}
