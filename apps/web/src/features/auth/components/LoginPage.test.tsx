import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'

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
})
