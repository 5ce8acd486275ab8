import type { Page } from '@playwright/test'

/** The middle value of a run's timings (NaN for none). */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** Signs the benchmark's root user (root / rootpass) in through the login form and waits for the app bar. */
export async function logInAsRoot(page: Page, url: string) {
  await page.goto(`${url}/login`)
  const form = page.getByTestId('login-form')
  await form.getByLabel('Username').fill('root')
  await form.getByLabel('Password', { exact: true }).fill('rootpass')
  await form.getByRole('button', { name: 'Submit' }).click()
  await page.getByTestId('app-bar').waitFor()
}
