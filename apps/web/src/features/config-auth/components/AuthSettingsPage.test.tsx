import type { AuthSettings, OpenIDConfigResponse, UpdateAuthSettingsRequest } from '@shelfcast/contracts'
import { defaultServerSettings } from '@shelfcast/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const root = userFixture('root', { id: 'root-id' })

const settings = (overrides: Partial<AuthSettings> = {}): AuthSettings => ({
  authLoginCustomMessage: null,
  authActiveAuthMethods: ['local'],
  authOpenIDIssuerURL: null,
  authOpenIDAuthorizationURL: null,
  authOpenIDTokenURL: null,
  authOpenIDUserInfoURL: null,
  authOpenIDJwksURL: null,
  authOpenIDLogoutURL: null,
  authOpenIDClientID: null,
  authOpenIDClientSecret: null,
  authOpenIDTokenSigningAlgorithm: 'RS256',
  authOpenIDButtonText: 'Login with OpenId',
  authOpenIDAutoLaunch: false,
  authOpenIDAutoRegister: false,
  authOpenIDMatchExistingBy: null,
  authOpenIDMobileRedirectURIs: ['audiobookshelf://oauth'],
  authOpenIDGroupClaim: '',
  authOpenIDAdvancedPermsClaim: '',
  authOpenIDSubfolderForRedirectURLs: null,
  ...overrides,
})

const configured = settings({
  authActiveAuthMethods: ['local', 'openid'],
  authOpenIDIssuerURL: 'https://idp.example',
  authOpenIDAuthorizationURL: 'https://idp.example/auth',
  authOpenIDTokenURL: 'https://idp.example/token',
  authOpenIDUserInfoURL: 'https://idp.example/me',
  authOpenIDJwksURL: 'https://idp.example/jwks',
  authOpenIDClientID: 'shelfcast',
  authOpenIDClientSecret: '********',
})

const discovery: OpenIDConfigResponse = {
  issuer: 'https://idp.example',
  authorization_endpoint: 'https://idp.example/oidc/auth',
  token_endpoint: 'https://idp.example/oidc/token',
  userinfo_endpoint: 'https://idp.example/oidc/me',
  end_session_endpoint: 'https://idp.example/oidc/logout',
  jwks_uri: 'https://idp.example/oidc/jwks',
  id_token_signing_alg_values_supported: ['ES256'],
}

function server(initial: AuthSettings, patch?: (body: UpdateAuthSettingsRequest) => Response | null) {
  let current = initial
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/auth-settings': () => json(current),
    'GET /auth/openid/config': (request) =>
      new URLSearchParams(request.search).get('issuer') === 'https://idp.example'
        ? json(discovery)
        : text('Could not reach the provider', 400),
    'PATCH /api/auth-settings': (request) => {
      const body = request.body as UpdateAuthSettingsRequest
      const refusal = patch?.(body)
      if (refusal) return refusal
      current = {
        ...current,
        ...body,
        authOpenIDClientSecret: current.authOpenIDClientSecret,
      } as AuthSettings
      return json({ updated: true, serverSettings: defaultServerSettings('0.1.0'), authSettings: current })
    },
  })
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join(' | ')
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement
const patches = (fake: ReturnType<typeof server>) =>
  fake.requests.filter((r) => r.method === 'PATCH').map((r) => r.body as UpdateAuthSettingsRequest)

describe('/config/authentication', () => {
  it('shows every OpenID field once OpenID is on, and says what is missing before saving', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(settings())
    const { user } = renderApp('/config/authentication', fake)
    const form = await screen.findByTestId('auth-settings-form')
    expect(within(form).queryByTestId('auth-openid-fields')).toBeNull()
    await user.click(within(form).getByRole('switch', { name: 'OpenID Connect authentication' }))
    for (const label of [
      'Issuer URL',
      'Authorize URL',
      'Token URL',
      'Userinfo URL',
      'JWKS URL',
      'Logout URL',
      'Client ID',
      'Client secret',
      'Signing algorithm',
      'Subfolder for redirect URLs',
      'Redirect URI 1',
      'Button text',
      'Match existing users by',
      'Group claim',
      'Advanced permissions claim',
    ])
      expect(within(form).getByLabelText(label)).toBeTruthy()
    expect(field(form, 'Redirect URI 1').value).toBe('audiobookshelf://oauth')
    expect(within(form).getByRole('switch', { name: 'Auto launch' })).toBeTruthy()
    expect(within(form).getByRole('switch', { name: 'Auto register' })).toBeTruthy()
    expect(form.textContent).toContain('"canDownload"')

    await user.click(within(form).getByTestId('auth-add-redirect-uri'))
    await user.type(field(form, 'Redirect URI 2'), 'not a uri')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getAllByText('Required while OpenID is on').length).toBeGreaterThanOrEqual(6)
    expect(within(form).getByText('Enter a URI such as audiobookshelf://oauth, or *')).toBeTruthy()
    expect(patches(fake)).toEqual([])
  })

  it('auto-populates the endpoints from the issuer, and reports a failed discovery', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(settings())
    const { user } = renderApp('/config/authentication', fake)
    const form = await screen.findByTestId('auth-settings-form')
    await user.click(within(form).getByRole('switch', { name: 'OpenID Connect authentication' }))

    await user.type(field(form, 'Issuer URL'), 'https://down.example')
    await user.click(within(form).getByRole('button', { name: 'Auto-populate' }))
    await waitFor(() =>
      expect(toasts()).toContain("Could not read the provider's configuration: Could not reach the provider"),
    )
    expect(field(form, 'Token URL').value).toBe('')

    await user.clear(field(form, 'Issuer URL'))
    await user.type(field(form, 'Issuer URL'), 'https://idp.example')
    await user.click(within(form).getByRole('button', { name: 'Auto-populate' }))
    await waitFor(() => expect(field(form, 'Token URL').value).toBe('https://idp.example/oidc/token'))
    expect(field(form, 'Authorize URL').value).toBe('https://idp.example/oidc/auth')
    expect(field(form, 'Userinfo URL').value).toBe('https://idp.example/oidc/me')
    expect(field(form, 'JWKS URL').value).toBe('https://idp.example/oidc/jwks')
    expect(field(form, 'Logout URL').value).toBe('https://idp.example/oidc/logout')
    expect(field(form, 'Signing algorithm').value).toBe('ES256')
  })

  it('shows the stored secret as the mask and sends it only when changed', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(configured)
    const { user } = renderApp('/config/authentication', fake)
    const form = await screen.findByTestId('auth-settings-form')
    expect(field(form, 'Client secret').value).toBe('********')
    expect(form.textContent).toContain('The stored secret is kept unless you type a new one.')

    await user.clear(field(form, 'Button text'))
    await user.type(field(form, 'Button text'), 'Sign in with Pocket ID')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches(fake)).toHaveLength(1))
    expect(patches(fake)[0]).toMatchObject({
      authActiveAuthMethods: ['local', 'openid'],
      authOpenIDButtonText: 'Sign in with Pocket ID',
      authOpenIDClientID: 'shelfcast',
    })
    expect(patches(fake)[0]).not.toHaveProperty('authOpenIDClientSecret')
    await waitFor(() => expect(toasts()).toContain('Authentication settings saved'))

    const form2 = await screen.findByTestId('auth-settings-form')
    await user.clear(field(form2, 'Client secret'))
    await user.type(field(form2, 'Client secret'), 'new-secret')
    await user.click(within(form2).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches(fake)).toHaveLength(2))
    expect(patches(fake)[1]?.authOpenIDClientSecret).toBe('new-secret')
  })

  it("shows the server's refusal to turn password login off as a toast", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(settings(), (body) =>
      body.authActiveAuthMethods?.includes('local') === false
        ? text('Password sign-in can be turned off only while OpenID sign-in works', 400)
        : null,
    )
    const { user } = renderApp('/config/authentication', fake)
    const form = await screen.findByTestId('auth-settings-form')
    await user.click(within(form).getByRole('switch', { name: 'Password authentication' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(toasts()).toContain(
        'Failed to save authentication settings: Password sign-in can be turned off only while OpenID sign-in works',
      ),
    )
    expect(patches(fake)[0]?.authActiveAuthMethods).toEqual([])
    expect(
      within(form).getByRole('switch', { name: 'Password authentication' }).getAttribute('aria-checked'),
    ).toBe('false')
  })
})
