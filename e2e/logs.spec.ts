import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { apiCall, logIn, ROOT, rootToken } from './player-helpers.ts'
import { expect, test } from './server-fixture.ts'

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport })

    test('the Logs page shows a new server line live, filters it, and downloads it without secrets', async ({
      page,
      server,
    }) => {
      test.setTimeout(120_000)
      await logIn(page, server)
      const token = await rootToken(server)
      // The server starts at warn (LOG_LEVEL); the setting takes it to Info at once, no restart.
      await apiCall(server, token, 'PATCH', '/api/settings', { logLevel: 2 })
      // A day the server kept (7 days by default): the page lists it among the older days.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
      const logDir = path.join(server.dataDir, 'metadata', 'logs')
      fs.mkdirSync(logDir, { recursive: true })
      fs.writeFileSync(
        path.join(logDir, `${yesterday}.log`),
        `${JSON.stringify({ level: 40, time: `${yesterday}T12:00:00.000Z`, msg: 'yesterday marker' })}\n`,
      )

      await page.goto('/config')
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Logs' })
        .click()
      await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible()
      const lines = page.getByTestId('log-line')
      const created = lines.filter({ hasText: 'backup created' })
      // Loaded: the lines so far, or none (nothing was logged at Info or above yet).
      await expect(
        page.getByRole('region', { name: 'Logs' }).or(page.getByText('No log lines')),
      ).toBeVisible()
      await expect(created).toHaveCount(0)

      // A server event logged after the page opened: its line arrives over the socket, no reload.
      await apiCall(server, token, 'POST', '/api/backups')
      await expect(created).toHaveCount(1, { timeout: 30_000 })
      await expect(created).toContainText('INFO')

      // Level and text filters.
      await page.getByLabel('Log level').selectOption({ label: 'Warn' })
      await expect(created).toHaveCount(0)
      await page.getByLabel('Log level').selectOption({ label: 'Info' })
      await page.getByLabel('Filter').fill('backup created')
      await expect(created).toHaveCount(1)
      await expect(lines).toHaveCount(1)

      // The download holds the lines shown; no password or token was ever logged.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ])
      const file = await download.path()
      const text = fs.readFileSync(file, 'utf8')
      expect(text).toContain('backup created')
      const all = await apiCall<{ currentDailyLogs: unknown[] }>(server, token, 'GET', '/api/logger-data')
      const everything = JSON.stringify(all)
      expect(everything).toContain('backup created')
      expect(everything).not.toContain(ROOT.password)
      expect(everything).not.toContain(token)

      // An older day: picked, its lines shown (no live lines), its file downloaded as it is kept.
      await page.getByLabel('Filter').fill('')
      await page.getByLabel('Day').selectOption(yesterday)
      await expect(lines.filter({ hasText: 'yesterday marker' })).toHaveCount(1)
      await expect(created).toHaveCount(0)
      const [dayFile] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download' }).click(),
      ])
      expect(dayFile.suggestedFilename()).toBe(`${yesterday}.log`)
      expect(fs.readFileSync(await dayFile.path(), 'utf8')).toContain('yesterday marker')
      await page.getByLabel('Day').selectOption({ label: 'Today (live)' })
      await expect(created).toHaveCount(1)

      // Every theme: no serious or critical axe violation with lines of each level on screen.
      await page.getByLabel('Log level').selectOption({ label: 'Debug' })
      await page.getByLabel('Filter').fill('')
      for (const theme of ['dark', 'light', 'sepia']) {
        await page.evaluate((value) => localStorage.setItem('theme', value), theme)
        await page.reload()
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(created).toHaveCount(1)
        const { violations } = await new AxeBuilder({ page }).analyze()
        const serious = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
        expect.soft(serious, theme).toEqual([])
      }
      // Keyboard: the list is reachable and scrolls with the keys.
      await page.getByRole('region', { name: 'Logs' }).focus()
      await expect(page.getByRole('region', { name: 'Logs' })).toBeFocused()
    })
  })
}
