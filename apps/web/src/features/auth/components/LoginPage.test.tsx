import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'
import { leavePage } from '../model/leave-page.ts'

vi.mock('../model/leave-page.ts', () => ({ leavePage: vi.fn() }))

const status = (isInit: boolean) => ({
  app: 'audiobookshelf',
  serverVersion: '0.1.0',
  isInit,
  language: 'en-us',
  authMethods: ['local'],
  authFormData: {},
})

describe('login page', () => {
  it('on first run shows the setup form and validates it before calling /init', async () => {
    let initialised = false
    const server = fakeServer({
      'GET /status': () => json(status(initialised)),
      'POST /init': () => {
        initialised = true
        return text('OK', 200)
      },
    })
    const { user } = renderApp('/login', server)
    const form = await screen.findByTestId('setup-form')
    expect(screen.queryByTestId('login-form')).toBeNull()

    const username = within(form).getByLabelText('Root username')
    await user.clear(username)
    await user.click(within(form).getByRole('button', { name: 'Create root user' }))
    expect(within(form).getByRole('alert').textContent).toContain('Must enter a root username')

    await user.type(username, 'admin')
    await user.type(within(form).getByLabelText('Password'), 'one')
    await user.type(within(form).getByLabelText('Confirm password'), 'two')
    await user.click(within(form).getByRole('button', { name: 'Create root user' }))
    expect(within(form).getByRole('alert').textContent).toContain('Passwords do not match')
    expect(server.requests.some((r) => r.path === '/init')).toBe(false)

    await user.clear(within(form).getByLabelText('Confirm password'))
    await user.type(within(form).getByLabelText('Confirm password'), 'one')
    await user.click(within(form).getByRole('button', { name: 'Create root user' }))

    const login = await screen.findByTestId('login-form')
    expect(server.requests.find((r) => r.path === '/init')?.body).toEqual({
      newRoot: { username: 'admin', password: 'one' },
    })
    expect((within(login).getByLabelText('Username') as HTMLInputElement).value).toBe('admin')
    expect(login.textContent).toContain('Root user created')
  })

  it('shows the server message of a refused login inline and stays on /login', async () => {
    const server = fakeServer({
      'GET /status': () => json(status(true)),
      'POST /login': () => text('Invalid username or password', 401),
    })
    const { user, router } = renderApp('/login', server)
    const form = await screen.findByTestId('login-form')
    await user.type(within(form).getByLabelText('Username'), 'root')
    await user.type(within(form).getByLabelText('Password'), 'nope')
    await user.click(within(form).getByRole('button', { name: 'Submit' }))
    expect((await within(form).findByRole('alert')).textContent).toContain('Invalid username or password')
    expect(currentPath(router)).toBe('/login')
    expect(server.requests.some((r) => r.path === '/auth/refresh')).toBe(false)
  })

  it('shows the rate-limit message', async () => {
    const server = fakeServer({
      'GET /status': () => json(status(true)),
      'POST /login': () => text('Too many requests, please try again later.', 429),
    })
    const { user } = renderApp('/login', server)
    const form = await screen.findByTestId('login-form')
    await user.type(within(form).getByLabelText('Username'), 'root')
    await user.click(within(form).getByRole('button', { name: 'Submit' }))
    expect((await within(form).findByRole('alert')).textContent).toContain('Too many requests')
  })

  it('asks for a username before calling the server', async () => {
    const server = fakeServer({ 'GET /status': () => json(status(true)) })
    const { user } = renderApp('/login', server)
    const form = await screen.findByTestId('login-form')
    await user.click(within(form).getByRole('button', { name: 'Submit' }))
    expect(within(form).getByRole('alert').textContent).toContain('Enter a username')
    expect(server.requests.some((r) => r.path === '/login')).toBe(false)
  })

  it('signs in, keeps the token, and follows a same-app redirect', async () => {
    const server = fakeServer({
      'GET /status': () => json(status(true)),
      'POST /login': () => json(loginResponseFixture()),
      'GET /api/libraries': () => json({ libraries: [] }),
    })
    const { user, router } = renderApp(
      `/login?redirect=${encodeURIComponent('/account?tab=password')}`,
      server,
    )
    const form = await screen.findByTestId('login-form')
    await user.type(within(form).getByLabelText('Username'), 'root')
    await user.type(within(form).getByLabelText('Password'), 'secret')
    await user.click(within(form).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(currentPath(router)).toBe('/account?tab=password'))
    expect(server.requests.find((r) => r.path === '/login')?.body).toEqual({
      username: 'root',
      password: 'secret',
    })
    expect(localStorage.getItem('token')).toBe('access-1')
    expect((await screen.findByTestId('account-link')).textContent).toContain('root')
  })

  it('never follows a redirect to another site', async () => {
    const server = fakeServer({
      'GET /status': () => json(status(true)),
      'POST /login': () => json(loginResponseFixture()),
      'GET /api/libraries': () => json({ libraries: [] }),
    })
    const { user, router } = renderApp(`/login?redirect=${encodeURIComponent('//evil.example/x')}`, server)
    const form = await screen.findByTestId('login-form')
    await user.type(within(form).getByLabelText('Username'), 'root')
    await user.click(within(form).getByRole('button', { name: 'Submit' }))
    await screen.findByTestId('no-libraries')
    expect(currentPath(router)).toBe('/')
  })

  it("starts home's shelves with the login answer, before /api/libraries has answered", async () => {
    const heldLibraries: ((response: Response) => void)[] = []
    const server = fakeServer({
      'GET /status': () => json(status(true)),
      'POST /login': () => json({ ...loginResponseFixture(), userDefaultLibraryId: 'lib1' }),
      // Held back: the shelves request must not wait for it.
      'GET /api/libraries': () => new Promise<Response>((resolve) => heldLibraries.push(resolve)),
      'GET /api/libraries/lib1/personalized': () => json([]),
    })
    const { user } = renderApp('/login', server)
    const form = await screen.findByTestId('login-form')
    await user.type(within(form).getByLabelText('Username'), 'root')
    await user.type(within(form).getByLabelText('Password'), 'secret')
    await user.click(within(form).getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(server.requests.map((r) => r.path)).toContain('/api/libraries/lib1/personalized'),
    )
    // (With no library in the list, the home page itself never asks for shelves: this came from the login.)
    expect(heldLibraries.length).toBeGreaterThan(0)
    for (const answer of heldLibraries) answer(json({ libraries: [] }))
    await screen.findByTestId('no-libraries')
  })

  it('starts no shelves when signing in leads elsewhere than home', async () => {
    const server = fakeServer({
      'GET /status': () => json(status(true)),
      'POST /login': () => json({ ...loginResponseFixture(), userDefaultLibraryId: 'lib1' }),
      'GET /api/libraries': () => json({ libraries: [] }),
    })
    const { user, router } = renderApp(`/login?redirect=${encodeURIComponent('/account')}`, server)
    const form = await screen.findByTestId('login-form')
    await user.type(within(form).getByLabelText('Username'), 'root')
    await user.type(within(form).getByLabelText('Password'), 'secret')
    await user.click(within(form).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(currentPath(router)).toBe('/account'))
    expect(server.requests.some((r) => r.path.endsWith('/personalized'))).toBe(false)
  })

  describe('with OpenID', () => {
    const openIdStatus = (authMethods: string[], formData: Record<string, unknown> = {}) => ({
      ...status(true),
      authMethods,
      authFormData: { authOpenIDButtonText: 'Sign in with Pocket ID', ...formData },
    })
    const providerUrl = () => vi.mocked(leavePage).mock.calls.at(-1)?.[0]
    beforeEach(() => vi.mocked(leavePage).mockClear())

    it('shows the button with the configured text beside the form, and it goes to /auth/openid', async () => {
      const server = fakeServer({ 'GET /status': () => json(openIdStatus(['local', 'openid'])) })
      const { user } = renderApp('/login', server)
      const button = await screen.findByTestId('openid-login')
      expect(button.textContent).toBe('Sign in with Pocket ID')
      expect(screen.getByTestId('login-form')).toBeTruthy()
      expect(leavePage).not.toHaveBeenCalled()
      await user.click(button)
      const url = new URL(providerUrl() ?? '', 'http://app.test')
      expect(url.pathname).toBe('/auth/openid')
      expect(url.searchParams.get('callback')).toBe(`${window.location.origin}/login`)
    })

    it('keeps the page to return to in the callback', async () => {
      const server = fakeServer({ 'GET /status': () => json(openIdStatus(['local', 'openid'])) })
      const { user } = renderApp(`/login?redirect=${encodeURIComponent('/account')}`, server)
      await user.click(await screen.findByTestId('openid-login'))
      const callback = new URL(providerUrl() ?? '', 'http://app.test').searchParams.get('callback')
      expect(callback).toBe(`${window.location.origin}/login?redirect=%2Faccount`)
    })

    it('hides the password fields when password login is off, with a default text', async () => {
      const server = fakeServer({
        'GET /status': () => json(openIdStatus(['openid'], { authOpenIDButtonText: '' })),
      })
      renderApp('/login', server)
      expect((await screen.findByTestId('openid-login')).textContent).toBe('Login with OpenID')
      expect(screen.queryByTestId('login-form')).toBeNull()
      expect(screen.queryByLabelText('Password')).toBeNull()
    })

    it('auto-launches when configured, but not with autoLaunch=0', async () => {
      const status = () => json(openIdStatus(['local', 'openid'], { authOpenIDAutoLaunch: true }))
      const first = renderApp('/login', fakeServer({ 'GET /status': status }))
      await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1))
      expect(new URL(providerUrl() ?? '', 'http://app.test').pathname).toBe('/auth/openid')
      first.unmount()

      vi.mocked(leavePage).mockClear()
      renderApp('/login?autoLaunch=0', fakeServer({ 'GET /status': status }))
      await screen.findByTestId('login-form')
      expect(screen.getByTestId('openid-login')).toBeTruthy()
      expect(leavePage).not.toHaveBeenCalled()
    })

    it('shows the message of a failed OpenID sign-in on the form, without auto-launching again', async () => {
      const server = fakeServer({
        'GET /status': () => json(openIdStatus(['local', 'openid'], { authOpenIDAutoLaunch: true })),
      })
      const { router } = renderApp(
        `/login?error=${encodeURIComponent('You are in no allowed group')}`,
        server,
      )
      const form = await screen.findByTestId('login-form')
      expect(within(form).getByRole('alert').textContent).toContain('You are in no allowed group')
      expect(leavePage).not.toHaveBeenCalled()
      await waitFor(() => expect(currentPath(router)).toBe('/login'))
    })
  })
})
