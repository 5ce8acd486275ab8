import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { logIn } from './player-helpers.ts'
import { expect, test as base } from './server-fixture.ts'

/** A discovery document on 127.0.0.1, as an identity provider publishes it (only what the form reads). */
const test = base.extend<{ issuer: string }>({
  // Playwright reads a fixture's dependencies from this destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  issuer: async ({}, use) => {
    let origin = ''
    const provider = http.createServer((request, response) => {
      if (request.url !== '/.well-known/openid-configuration') {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer: origin,
          authorization_endpoint: `${origin}/auth`,
          token_endpoint: `${origin}/token`,
          userinfo_endpoint: `${origin}/me`,
          jwks_uri: `${origin}/jwks`,
          end_session_endpoint: `${origin}/session/end`,
          id_token_signing_alg_values_supported: ['RS256'],
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
        }),
      )
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
    await use(origin)
    await new Promise((resolve) => provider.close(resolve))
  },
})

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text })

for (const { viewport, touch } of [
  { viewport: { width: 375, height: 812 }, touch: true },
  { viewport: { width: 1280, height: 800 }, touch: false },
]) {
  test.describe(`${viewport.width} px`, () => {
    // The discovery server runs on 127.0.0.1: reached only when the admin allows its host.
    test.use({
      viewport,
      hasTouch: touch,
      isMobile: touch,
      serverEnv: { SSRF_REQUEST_FILTER_WHITELIST: '127.0.0.1' },
    })

    test('an admin cannot drop password sign-in alone, fills OpenID from the issuer and saves it', async ({
      page,
      server,
      issuer,
    }) => {
      await logIn(page, server)
      await page.goto('/config/authentication')
      const form = page.getByTestId('auth-settings-form')
      await expect(form).toBeVisible()

      // Password off without OpenID: the server refuses, and says why.
      await form.getByRole('switch', { name: 'Password authentication' }).click()
      await form.getByTestId('auth-save').click()
      await expect(toast(page, 'Failed to save authentication settings:')).toBeVisible()
      await form.getByRole('switch', { name: 'Password authentication' }).click()

      await form.getByRole('switch', { name: 'OpenID Connect authentication' }).click()
      await form.getByTestId('auth-issuer-url').fill(issuer)
      await form.getByTestId('auth-auto-populate').click()
      await expect(form.getByLabel('Token URL')).toHaveValue(`${issuer}/token`)
      await expect(form.getByLabel('Logout URL')).toHaveValue(`${issuer}/session/end`)
      await form.getByTestId('auth-client-id').fill('shelfcast')
      await form.getByTestId('auth-client-secret').fill('e2e-client-Secret')
      await form.getByTestId('auth-button-text').fill('Sign in with the test provider')
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      await form.getByTestId('auth-save').click()
      await expect(toast(page, 'Authentication settings saved')).toBeVisible()

      // The stored secret comes back masked, and the login page offers the provider's button.
      await page.reload()
      await expect(page.getByTestId('auth-client-secret')).toHaveValue('********')
      const status = (await (await fetch(`${server.url}/status`)).json()) as { authMethods: string[] }
      expect(status.authMethods).toContain('openid')
      const visitor = await page.context().browser()!.newPage({ viewport })
      await visitor.goto(`${server.url}/login`)
      await expect(visitor.getByTestId('openid-login')).toHaveText('Sign in with the test provider')
      await expect(visitor.getByTestId('login-form')).toBeVisible()
      await visitor.close()
    })
  })
}
