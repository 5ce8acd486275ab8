import type { Page } from '@playwright/test'
import { format } from 'date-fns'
import { de } from 'date-fns/locale/de'
import { fr } from 'date-fns/locale/fr'
import { apiCall, logIn, rootToken } from './player-helpers.ts'
import { expect, test } from './server-fixture.ts'

/**
 * Dates follow the language: with the server's date format "MMMM do, yyyy" and time format "h:mma", choosing
 * German on the account page shows the backups table's date with German month names, ordinals and day period
 * (as date-fns writes them with its German locale) on the first render after the switch; a reload keeps it;
 * French follows. The date-fns locale is fetched only when a language needs it.
 */

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 800 } })

/** A client-side navigation (no reload): what the app renders next is its first render after the switch. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

async function chooseLanguage(page: Page, code: string) {
  await navigateInApp(page, '/account')
  await page.getByLabel(/^(Language|Sprache|Langue)$/).selectOption(code)
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${code}`))
  await navigateInApp(page, '/config/backups')
}

test('the backups table shows its dates in the chosen language', async ({ page, server }) => {
  test.setTimeout(120_000)
  await logIn(page, server)
  const token = await rootToken(server)
  await apiCall(server, token, 'PATCH', '/api/settings', { dateFormat: 'MMMM do, yyyy', timeFormat: 'h:mma' })
  const { backups } = await apiCall<{ backups: { createdAt: number }[] }>(
    server,
    token,
    'POST',
    '/api/backups',
  )
  const at = new Date(backups[0]!.createdAt)
  // The browser runs in UTC: the same wall-clock time here, whatever this machine's zone.
  const wallClock = new Date(
    at.getUTCFullYear(),
    at.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
  )
  const dateFnsRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('date-fns-locales')) dateFnsRequests.push(request.url())
  })
  const date = page.getByTestId('backup-row').locator('time')

  await page.goto('/config/backups')
  await expect(date).toHaveText(format(wallClock, 'MMMM do, yyyy h:mma'))
  expect(dateFnsRequests).toEqual([])

  await chooseLanguage(page, 'de')
  const german = format(wallClock, 'MMMM do, yyyy h:mma', { locale: de })
  await expect(date).toHaveText(german)
  expect(dateFnsRequests).toHaveLength(1)

  await page.reload()
  await expect(date).toHaveText(german)

  await chooseLanguage(page, 'fr')
  await expect(date).toHaveText(format(wallClock, 'MMMM do, yyyy h:mma', { locale: fr }))
})
