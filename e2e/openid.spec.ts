import type { Page } from '@playwright/test'
import type { User } from '@shelfcast/contracts'
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../apps/server/src/test-support/oidc-test-provider.ts'
import { apiCall, rootToken, ROOT } from './player-helpers.ts'
import { expect, test as base, type ShelfcastServer } from './server-fixture.ts'

/** oidc-provider on 127.0.0.1, for the test's server: a user of group admin, one in no mapped group. */
const test = base.extend<{ idp: TestOidcProvider }>({
  idp: async ({ server }, use) => {
    const idp = await startTestOidcProvider({
      accounts: [
        {
          sub: 'ada-sub',
          preferred_username: 'ada',
          email: 'ada@example.org',
          email_verified: true,
          groups: ['admin'],
        },
        { sub: 'nog-sub', preferred_username: 'nog', email: 'nog@example.org', groups: ['staff'] },
      ],
      redirectUris: [`${server.url}/auth/openid/callback`],
      postLogoutRedirectUris: [`${server.url}/login`],
    })
    await use(idp)
    await idp.close()
  },
})

/** Sets the server up with OpenID sign-in through the API (the settings page is another journey's). */
async function configureOpenID(
  server: ShelfcastServer,
  idp: TestOidcProvider,
  extra: Record<string, unknown> = {},
) {
  await server.initRoot(ROOT.username, ROOT.password)
  const token = await rootToken(server)
  await apiCall(server, token, 'PATCH', '/api/auth-settings', {
    authActiveAuthMethods: ['local', 'openid'],
    authOpenIDIssuerURL: idp.issuer,
    authOpenIDClientID: idp.clientId,
    authOpenIDClientSecret: idp.clientSecret,
    authOpenIDAutoRegister: true,
    authOpenIDGroupClaim: 'groups',
    ...extra,
  })
  return token
}

/** The provider's login form: the test provider asks for a username only. */
async function signInAtProvider(page: Page, username: string) {
  await page.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

// The provider runs on 127.0.0.1: a local provider is reached only when the admin allows its host.
test.use({
  viewport: { width: 1280, height: 800 },
  serverEnv: { SSRF_REQUEST_FILTER_WHITELIST: '127.0.0.1' },
})

test('a new user in group admin signs in with OpenID and lands in the app as an admin; unlink works', async ({
  page,
  server,
  idp,
}) => {
  const token = await configureOpenID(server, idp)
  // The login page's OpenID button starts the flow (GET /auth/openid with this origin's /login as callback).
  await page.goto('/login')
  await page.getByTestId('openid-login').click()
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`))
  await signInAtProvider(page, 'ada')

  await expect(page.getByTestId('app-bar')).toBeVisible()
  // The access token left the address bar at once.
  expect(page.url()).not.toContain('setToken')
  await page.goto('/config')
  await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeVisible()

  const { users } = await apiCall<{ users: User[] }>(server, token, 'GET', '/api/users')
  const ada = users.find((u) => u.username === 'ada')
  expect(ada).toMatchObject({ type: 'admin', hasOpenIDLink: true })
  const unlinked = await apiCall<{ user: User }>(
    server,
    token,
    'PATCH',
    `/api/users/${ada?.id}/openid-unlink`,
  )
  expect(unlinked.user).toMatchObject({ id: ada?.id, username: 'ada', type: 'admin', hasOpenIDLink: false })
})

test('a user in no mapped group is refused with the message, and gets no session', async ({
  page,
  server,
  idp,
}) => {
  await configureOpenID(server, idp)
  await page.goto('/auth/openid?callback=/login')
  await signInAtProvider(page, 'nog')
  // The login page shows the server's message (the ?error= query, as Audiobookshelf sends it) on its form.
  await expect(page.getByTestId('login-form').getByRole('alert')).toContainText(/no group allowed/)
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByTestId('login-form')).toBeVisible()
  await expect(page.getByTestId('app-bar')).toHaveCount(0)
})

test('auto-launch sends the login page to the provider, and autoLaunch=0 shows the form', async ({
  page,
  server,
  idp,
}) => {
  await configureOpenID(server, idp, { authOpenIDAutoLaunch: true })
  await page.goto('/login?autoLaunch=0')
  await expect(page.getByTestId('login-form')).toBeVisible()
  await page.goto('/login')
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`))
  await signInAtProvider(page, 'ada')
  await expect(page.getByTestId('app-bar')).toBeVisible()
})
