import os from 'node:os'
import type { Page } from '@playwright/test'

/** The middle value of a run's timings (NaN for none). */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** The p-th percentile (nearest rank) of a run's timings (NaN for none). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return (
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  )
}

/** The machine's load when the figures were taken: printed under every benchmark's results. */
export const loadAverageLine = (): string =>
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (${os.cpus().length} cores)`

/** Signs the benchmark's root user (root / rootpass) in through the login form and waits for the app bar. */
export async function logInAsRoot(page: Page, url: string) {
  await page.goto(`${url}/login`)
  const form = page.getByTestId('login-form')
  await form.getByLabel('Username').fill('root')
  await form.getByLabel('Password', { exact: true }).fill('rootpass')
  await form.getByRole('button', { name: 'Submit' }).click()
  await page.getByTestId('app-bar').waitFor()
}
