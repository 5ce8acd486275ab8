import type { Page } from '@playwright/test'
import { expect, test } from './server-fixture.ts'

async function logIn(page: Page, username: string, password: string) {
  const form = page.getByTestId('login-form')
  await form.getByLabel('Username').fill(username)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Submit' }).click()
}

test('first run: create the root user, log in, land in the app shell', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  const setup = page.getByTestId('setup-form')
  await setup.getByLabel('Root username').fill('admin')
  await setup.getByLabel('Password', { exact: true }).fill('s3cret-pass')
  await setup.getByLabel('Confirm password').fill('s3cret-pass')
  await setup.getByRole('button', { name: 'Create root user' }).click()

  await logIn(page, 'admin', 's3cret-pass')
  await expect(page.getByTestId('app-bar')).toBeVisible()
  await expect(page.getByTestId('account-link')).toContainText('admin')
  // No libraries yet: the shell says so and invites the admin to add one.
  await expect(page.getByTestId('no-libraries')).toBeVisible()
})

test('a wrong password shows the server message and stays on the login page', async ({ page, server }) => {
  await server.initRoot('root', 'rootpass')
  await page.goto('/login')
  await logIn(page, 'root', 'wrong-password')
  await expect(page.getByTestId('login-form')).toContainText('Invalid username or password')
  await expect(page).toHaveURL(/\/login/)
})

test.describe('with short-lived access tokens', () => {
  test.use({ serverEnv: { ACCESS_TOKEN_EXPIRY_SEC: '10' } })

  test('an expired access token is refreshed without the user noticing', async ({ page, server }) => {
    await server.initRoot('root', 'rootpass')
    await page.goto('/login')
    await logIn(page, 'root', 'rootpass')
    await expect(page.getByTestId('app-bar')).toBeVisible()

    // Wait until the server refuses the stored token (its 10 s life is over), not for a fixed time.
    const token = await page.evaluate(() => localStorage.getItem('token'))
    expect(token).toBeTruthy()
    await expect
      .poll(
        async () =>
          (await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status(),
        {
          timeout: 30_000,
        },
      )
      .toBe(401)
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/auth/refresh') && r.status() === 200)
    await page.reload()
    await refreshed
    await expect(page.getByTestId('app-bar')).toBeVisible()
    await expect(page).not.toHaveURL(/\/login/)
  })
})

test('logout returns to the login page and the session is gone', async ({ page, server }) => {
  await server.initRoot('root', 'rootpass')
  await page.goto('/login')
  await logIn(page, 'root', 'rootpass')
  await expect(page.getByTestId('app-bar')).toBeVisible()
  await page.getByTestId('account-link').click()
  await expect(page).toHaveURL(/\/account/)
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?redirect=/)
})

test('a guarded deep link returns to the requested page after login', async ({ page, server }) => {
  await server.initRoot('root', 'rootpass')
  await page.goto('/account?tab=password')
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%3Ftab%3Dpassword/)
  await logIn(page, 'root', 'rootpass')
  await expect(page).toHaveURL(/\/account\?tab=password$/)
})

test('the account page changes the password', async ({ page, server }) => {
  await server.initRoot('root', 'rootpass')
  await page.goto('/login')
  await logIn(page, 'root', 'rootpass')
  await expect(page.getByTestId('app-bar')).toBeVisible()
  await page.goto('/account')
  await page.getByLabel('Current password').fill('rootpass')
  await page.getByLabel('New password', { exact: true }).fill('newpass-123')
  await page.getByLabel('Confirm new password').fill('newpass-123')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Password changed successfully' })).toBeVisible()

  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'newpass-123' }),
  })
  expect(res.status).toBe(200)
})
