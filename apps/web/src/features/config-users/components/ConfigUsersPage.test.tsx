import type { User } from '@shelfcast/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'
import { registerUserAdminSocketHandlers } from '../socket-handlers.ts'

const root = userFixture('root', { id: 'root-id', username: 'root' })
const bob = userFixture('user', { id: 'bob-id', username: 'bob', lastSeen: Date.now() - 5 * 60_000 })
const admin = userFixture('admin', { id: 'admin-id', username: 'ada' })

function server(users: User[] = [root, bob, admin]) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a'), libraryFixture('b')] }),
    'GET /api/users': () => json({ users }),
    'GET /api/users/online': () => json({ usersOnline: [{ ...root, online: true }], openSessions: [] }),
    'POST /api/users': (request) => json({ user: { ...bob, ...(request.body as object), id: 'new' } }),
    'PATCH /api/users/bob-id': (request) =>
      json({ success: true, user: { ...bob, ...(request.body as object) } }),
    'DELETE /api/users/bob-id': () => json({ success: true }),
  })
}

describe('/config/users', () => {
  it('lists accounts with type, state, last seen and online dots that follow socket events', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const off = registerUserAdminSocketHandlers()
    const { queryClient } = renderApp('/config/users', server())
    const table = await screen.findByTestId('users-table')
    const rows = within(table).getAllByTestId('user-row')
    expect(rows.map((r) => r.dataset.username)).toEqual(['root', 'ada', 'bob'])
    const bobRow = rows[2]!
    expect(bobRow.textContent).toContain('User')
    expect(bobRow.textContent).toContain('5 minutes ago')
    await waitFor(() => expect(within(rows[0]!).getByTestId('online-dot').dataset.online).toBe('true'))
    expect(within(bobRow).getByTestId('online-dot').dataset.online).toBe('false')

    act(() => socketEvents.dispatch({ queryClient }, 'user_online', [{ ...bob, online: true }]))
    await waitFor(() => expect(within(bobRow).getByTestId('online-dot').dataset.online).toBe('true'))
    act(() => socketEvents.dispatch({ queryClient }, 'user_offline', [{ ...bob, online: true }]))
    await waitFor(() => expect(within(bobRow).getByTestId('online-dot').dataset.online).toBe('false'))
    off()

    // Root and oneself cannot be deleted.
    expect(within(rows[0]!).queryByRole('button', { name: /Delete user/ })).toBeNull()
    expect(within(bobRow).getByRole('button', { name: 'Delete user bob' })).toBeTruthy()
  })

  it('the new-account modal shows the spec messages and sends the permission switches as set', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server()
    const { user } = renderApp('/config/users', fake)
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    const modal = await screen.findByTestId('user-modal')

    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    expect(within(modal).getByText('Enter a username')).toBeTruthy()
    expect(
      within(modal).getByText('Must have a password, only root user can have an empty password'),
    ).toBeTruthy()

    await user.type(within(modal).getByLabelText('Username'), 'carol')
    await user.type(within(modal).getByLabelText('Password'), 'pw-123')
    // Root may create admins.
    expect(
      within(within(modal).getByLabelText('Account type')).getByRole('option', { name: 'Admin' }),
    ).toBeTruthy()
    await user.click(within(modal).getByRole('switch', { name: 'Can upload' }))
    await user.click(within(modal).getByRole('switch', { name: 'Can access explicit content' }))
    await user.click(within(modal).getByRole('switch', { name: 'Can access all libraries' }))
    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    expect(within(modal).getByText('Must select at least one library, tag or user')).toBeTruthy()

    await user.click(within(modal).getByLabelText('Library b'))
    await user.click(within(modal).getByRole('switch', { name: 'Can access all tags' }))
    await user.type(within(modal).getByLabelText('Tags this user can access'), 'kids{Enter}')
    await user.click(within(modal).getByRole('switch', { name: 'Selected tags are not accessible' }))
    await user.click(within(modal).getByRole('button', { name: 'Create' }))

    await waitFor(() => expect(screen.queryByTestId('user-modal')).toBeNull())
    expect(fake.requests.find((r) => r.method === 'POST' && r.path === '/api/users')?.body).toEqual({
      username: 'carol',
      password: 'pw-123',
      type: 'user',
      isActive: true,
      permissions: {
        download: true,
        update: false,
        delete: false,
        upload: true,
        createEreader: false,
        accessAllLibraries: false,
        accessAllTags: false,
        accessExplicitContent: false,
        selectedTagsNotAccessible: true,
      },
      librariesAccessible: ['b'],
      itemTagsSelected: ['kids'],
    })
    expect((await screen.findByTestId('toast')).textContent).toContain('New account created')
  })

  it("holds a username to the server's rule and shows its message before sending", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server()
    const { user } = renderApp('/config/users', fake)
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    const modal = await screen.findByTestId('user-modal')
    const name = within(modal).getByLabelText('Username')
    await user.type(within(modal).getByLabelText('Password'), 'pw-123')

    // Latin r and t around Cyrillic o's; then a zero-width space.
    await user.type(name, 'r\u043e\u043et')
    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    expect(
      within(modal).getByText(
        'Username cannot mix letters of different alphabets (for example Latin and Cyrillic)',
      ),
    ).toBeTruthy()
    await user.clear(name)
    await user.type(name, 'ro\u200bot')
    expect(within(modal).getByText('Username cannot contain invisible or control characters')).toBeTruthy()
    expect(fake.requests.some((r) => r.path === '/api/users' && r.method === 'POST')).toBe(false)
  })

  it('an admin cannot make admins; editing leaves the password alone unless typed; delete asks first', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(admin))
    const fake = server()
    const { user } = renderApp('/config/users', fake)
    await user.click(await screen.findByRole('button', { name: 'Edit user bob' }))
    const modal = await screen.findByTestId('user-modal')
    const types = within(within(modal).getByLabelText('Account type')).getAllByRole('option')
    expect(types.map((o) => o.textContent)).toEqual(['User', 'Guest'])
    await user.click(within(modal).getByRole('switch', { name: 'Can delete' }))
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByTestId('user-modal')).toBeNull())
    const body = fake.requests.find((r) => r.method === 'PATCH')?.body as Record<string, unknown>
    expect(body.password).toBeUndefined()
    expect(body.permissions).toMatchObject({ delete: true })

    // No edit for another admin or root when signed in as an admin.
    expect(screen.queryByRole('button', { name: 'Edit user root' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Delete user bob' }))
    const prompt = await screen.findByTestId('confirm-prompt')
    expect(prompt.textContent).toContain('permanently delete user "bob"')
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }))
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Delete user bob' }))
    await user.click(
      within(await screen.findByTestId('confirm-prompt')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true))
  })

  it('is for admins only', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const { router } = renderApp('/config/users', server())
    await waitFor(() => expect(currentPath(router)).not.toBe('/config/users'))
  })

  it('shows an OpenID-linked account as such and unlinks it after a confirm', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const linkedBob = { ...bob, hasOpenIDLink: true }
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
      'GET /api/users': () => json({ users: [root, linkedBob] }),
      'GET /api/users/online': () => json({ usersOnline: [], openSessions: [] }),
      'PATCH /api/users/bob-id/openid-unlink': () => json({ user: { ...bob, hasOpenIDLink: false } }),
    })
    const { user } = renderApp('/config/users', fake)
    await user.click(await screen.findByRole('button', { name: 'Edit user bob' }))
    const modal = await screen.findByTestId('user-modal')
    expect(within(modal).getByTestId('user-openid-link').textContent).toContain('Linked to OpenID')

    await user.click(within(modal).getByRole('button', { name: 'Unlink OpenID' }))
    const prompt = await screen.findByTestId('user-openid-unlink-confirm')
    expect(prompt.textContent).toContain('Unlink bob from OpenID?')
    expect(fake.requests.some((r) => r.path.endsWith('/openid-unlink'))).toBe(false)
    await user.click(within(prompt).getByRole('button', { name: 'Unlink OpenID' }))
    await waitFor(() => expect(within(modal).queryByTestId('user-openid-link')).toBeNull())
    expect(
      fake.requests.filter((r) => r.path === '/api/users/bob-id/openid-unlink').map((r) => r.method),
    ).toEqual(['PATCH'])
  })

  it('offers no unlink for an account without an OpenID link', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const { user } = renderApp('/config/users', server())
    await user.click(await screen.findByRole('button', { name: 'Edit user bob' }))
    const modal = await screen.findByTestId('user-modal')
    expect(within(modal).queryByTestId('user-openid-link')).toBeNull()
  })
})
