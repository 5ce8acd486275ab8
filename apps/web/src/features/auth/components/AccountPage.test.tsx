import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'
import { leavePage } from '../model/leave-page.ts'

vi.mock('../model/leave-page.ts', () => ({ leavePage: vi.fn() }))

function accountServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /status': () =>
      json({
        app: 'audiobookshelf',
        serverVersion: '0.1.0',
        isInit: true,
        language: 'en-us',
        authMethods: ['local'],
        authFormData: {},
      }),
    ...routes,
  })
}

async function openAccount(routes?: Parameters<typeof fakeServer>[0]) {
  useSessionStore.getState().setSession(loginResponseFixture(userFixture('admin')))
  const server = accountServer(routes)
  const app = renderApp('/account', server)
  const form = (await screen.findByRole('heading', { name: 'Change password' })).closest('form')!
  return { ...app, server, form }
}

describe('account page', () => {
  it('shows the username and account type', async () => {
    await openAccount()
    expect(screen.getByTestId('account-username').textContent).toBe('a-admin')
    expect(screen.getByText('Admin')).toBeTruthy()
  })

  it('checks the new password before sending it', async () => {
    const { user, form, server } = await openAccount()
    await user.type(within(form).getByLabelText('Current password'), 'old')
    await user.type(within(form).getByLabelText('New password'), 'new')
    await user.type(within(form).getByLabelText('Confirm new password'), 'other')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(within(form).getByRole('alert').textContent).toBe('Passwords do not match')

    await user.clear(within(form).getByLabelText('New password'))
    await user.type(within(form).getByLabelText('New password'), 'old')
    await user.clear(within(form).getByLabelText('Confirm new password'))
    await user.type(within(form).getByLabelText('Confirm new password'), 'old')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(within(form).getByRole('alert').textContent).toBe('New password cannot match old password')
    expect(server.requests.some((r) => r.path === '/api/me/password')).toBe(false)
  })

  it('changes the password with PATCH /api/me/password and says so', async () => {
    const { user, form, server } = await openAccount({
      'PATCH /api/me/password': () => json({ success: true }),
    })
    await user.type(within(form).getByLabelText('Current password'), 'old')
    await user.type(within(form).getByLabelText('New password'), 'new')
    await user.type(within(form).getByLabelText('Confirm new password'), 'new')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect((await screen.findByTestId('toast')).textContent).toContain('Password changed successfully')
    expect(server.requests.find((r) => r.path === '/api/me/password')).toMatchObject({
      method: 'PATCH',
      body: { password: 'old', newPassword: 'new' },
    })
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe('')
  })

  it('shows the server refusal as an error toast', async () => {
    const { user, form } = await openAccount({
      'PATCH /api/me/password': () => text('Invalid password', 400),
    })
    await user.type(within(form).getByLabelText('Current password'), 'bad')
    await user.type(within(form).getByLabelText('New password'), 'new')
    await user.type(within(form).getByLabelText('Confirm new password'), 'new')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Invalid password')
    expect(toast.getAttribute('data-kind')).toBe('error')
  })

  it('applies the theme to the whole document and remembers it', async () => {
    const { user } = await openAccount()
    await user.selectOptions(screen.getByLabelText('Theme'), 'sepia')
    expect(document.documentElement.dataset.theme).toBe('sepia')
    expect(localStorage.getItem('theme')).toBe('sepia')
  })

  it('switches the language of the whole UI', async () => {
    const { user } = await openAccount()
    await user.selectOptions(screen.getByLabelText('Language'), 'de')
    expect(await screen.findByRole('heading', { name: 'Passwort ändern' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy()
    expect(localStorage.getItem('lang')).toBe('de')
  })

  it('logs out: POST /logout, forgets the session, goes to /login', async () => {
    const { user, server, router } = await openAccount({ 'POST /logout': () => json({ redirect_url: null }) })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await screen.findByTestId('login-form')
    expect(currentPath(router)).toBe('/login')
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/logout')).toBe(true)
    expect(useSessionStore.getState().user).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('logs out at the OpenID provider when the logout answer gives its end-session URL', async () => {
    vi.mocked(leavePage).mockClear()
    const endSession = 'https://idp.example/session/end?id_token_hint=abc'
    const { user } = await openAccount({ 'POST /logout': () => json({ redirect_url: endSession }) })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(endSession))
    expect(useSessionStore.getState().user).toBeNull()
  })

  it('logs out locally even when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, router } = await openAccount({
      'POST /logout': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(useSessionStore.getState().accessToken).toBeNull()
  })

  it('lists the signed-in devices and signs another one out', async () => {
    const device = (id: string, isCurrent: boolean, browserName: string | null) => ({
      id,
      createdAt: Date.now() - 3_600_000,
      lastUsedAt: Date.now() - 3_600_000,
      expiresAt: Date.now() + 86_400_000,
      ip: '192.0.2.7',
      userAgent: browserName ? `${browserName}/1.0` : 'curl/8.0',
      browserName,
      osName: browserName ? 'Linux' : null,
      isCurrent,
    })
    let devices = [device('here', true, 'Firefox'), device('old-phone', false, null)]
    const { user, server } = await openAccount({
      'GET /api/me/sessions': () =>
        json({ total: devices.length, numPages: 1, page: 0, itemsPerPage: 50, sessions: devices }),
      'DELETE /api/me/sessions/old-phone': () => {
        devices = devices.filter((d) => d.id !== 'old-phone')
        return json({ success: true })
      },
    })
    const list = await screen.findByTestId('signed-in-devices')
    await waitFor(() => expect(within(list).getAllByTestId('device-row')).toHaveLength(2))
    const [here, phone] = within(list).getAllByTestId('device-row')
    expect(here!.textContent).toContain('Firefox · Linux')
    expect(here!.textContent).toContain('This device')
    expect(within(here!).queryByTestId('device-sign-out')).toBeNull()
    expect(phone!.textContent).toContain('curl/8.0')
    expect(phone!.textContent).toContain('192.0.2.7')
    await user.click(within(phone!).getByRole('button', { name: 'Sign out curl/8.0' }))
    await waitFor(() => expect(within(list).getAllByTestId('device-row')).toHaveLength(1))
    expect(
      server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/me/sessions/old-phone'),
    ).toBe(true)
    expect(
      screen
        .getAllByTestId('toast')
        .map((t) => t.textContent)
        .join(),
    ).toContain('Device signed out')
  })
})
