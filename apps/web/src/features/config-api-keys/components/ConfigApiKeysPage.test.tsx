import type { ApiKey } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { useFakeClock } from '@/test/fake-clock.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const root = userFixture('root', { id: 'root-id' })
const bob = userFixture('user', { id: 'bob-id', username: 'bob' })
const now = Date.now()

const key = (overrides: Partial<ApiKey>): ApiKey => ({
  id: 'k1',
  name: 'Sync script',
  userId: 'bob-id',
  user: { id: 'bob-id', username: 'bob', type: 'user' },
  isActive: true,
  expiresAt: null,
  lastUsedAt: null,
  createdAt: now - 1000,
  createdByUserId: 'root-id',
  ...overrides,
})

function server(keys: ApiKey[]) {
  let list = keys
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/users': () => json({ users: [root, bob] }),
    'GET /api/api-keys': () => json({ apiKeys: list }),
    'POST /api/api-keys': (request) => {
      const body = request.body as { name: string; userId: string }
      const created = key({ id: 'k2', name: body.name, createdAt: now })
      list = [...list, created]
      return json({ apiKey: { ...created, apiKey: 'secret.jwt.value' } })
    },
    'PATCH /api/api-keys/k1': (request) => {
      list = list.map((k) => (k.id === 'k1' ? { ...k, ...(request.body as object) } : k))
      return json({ apiKey: list[0] })
    },
    'DELETE /api/api-keys/k1': () => text('Forbidden', 403),
  })
}

describe('/config/api-keys', () => {
  it('lists keys with user, state, expiry and last use', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    renderApp(
      '/config/api-keys',
      server([
        key({}),
        key({ id: 'k3', name: 'Old', expiresAt: now - 60_000, lastUsedAt: now - 3 * 3600_000, createdAt: 0 }),
      ]),
    )
    const rows = await screen.findAllByTestId('api-key-row')
    expect(rows[0]!.textContent).toContain('Sync script')
    expect(rows[0]!.textContent).toContain('bob')
    expect(rows[0]!.textContent).toContain('Never')
    expect(rows[1]!.textContent).toContain('Expired')
    expect(rows[1]!.textContent).toContain('3 hours ago')
  })

  it('creates a key: spec messages first, then the secret once with a copy button', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const clock = useFakeClock()
    const fake = server([])
    const { user } = renderApp('/config/api-keys', fake)
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await user.click(await screen.findByRole('button', { name: 'Add API key' }))
    const modal = await screen.findByTestId('api-key-modal')
    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    expect(within(modal).getByText('Name is required')).toBeTruthy()
    expect(within(modal).getByText('Must select a user')).toBeTruthy()

    await user.type(within(modal).getByLabelText('Name'), 'Home Assistant')
    await user.selectOptions(within(modal).getByLabelText('Acts as user'), 'bob-id')
    await user.selectOptions(within(modal).getByLabelText('Expires in'), 'days')
    await user.clear(within(modal).getByLabelText('Number of days'))
    await user.type(within(modal).getByLabelText('Number of days'), '7')
    await user.click(within(modal).getByRole('button', { name: 'Create' }))

    const created = await screen.findByTestId('api-key-created')
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Home Assistant',
      userId: 'bob-id',
      isActive: true,
      expiresIn: 7 * 86400,
    })
    expect((within(created).getByTestId('api-key-secret') as HTMLTextAreaElement).value).toBe(
      'secret.jwt.value',
    )
    expect(created.textContent).toContain('It will not be shown again')

    await user.click(within(created).getByRole('button', { name: 'Copy to clipboard' }))
    expect(writeText).toHaveBeenCalledWith('secret.jwt.value')
    await within(created).findByRole('button', { name: 'Copied' })
    await clock.advance(1900)
    expect(within(created).getByRole('button', { name: 'Copied' })).toBeTruthy()
    await clock.advance(100)
    expect(within(created).getByRole('button', { name: 'Copy to clipboard' })).toBeTruthy()

    await user.click(within(created).getByRole('button', { name: 'Done' }))
    expect(screen.queryByTestId('api-key-secret')).toBeNull()
    expect((await screen.findAllByTestId('api-key-row')).map((r) => r.textContent).join()).toContain(
      'Home Assistant',
    )
  })

  it('switches a key off, and a refused delete shows the server message', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server([key({})])
    const { user } = renderApp('/config/api-keys', fake)
    const toggle = await screen.findByRole('switch', { name: 'API key Sync script active' })
    await user.click(toggle)
    await waitFor(() =>
      expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: false }),
    )
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))

    await user.click(screen.getByRole('button', { name: 'Delete API key Sync script' }))
    await user.click(
      within(await screen.findByTestId('confirm-prompt')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast')
          .map((t) => t.textContent)
          .join(),
      ).toContain('Forbidden'),
    )
    expect(screen.getAllByTestId('api-key-row')).toHaveLength(1)
  })
})
