import type { AuthorWithCount, UserPermissions } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useAuthorEditModal } from '@/lib/author-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text, type RecordedRequest } from '@/test/fake-server.ts'
import { filterDataFixture, libraryDetailReply } from '@/test/browse-fixtures.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'

const author = (overrides: Partial<AuthorWithCount> = {}): AuthorWithCount => ({
  id: 'a1',
  asin: null,
  name: 'Ann Leckie',
  description: 'Writes space operas.',
  imagePath: '/metadata/authors/a1.jpg',
  libraryId: 'l1',
  addedAt: 0,
  updatedAt: 1,
  numBooks: 2,
  lastFirst: 'Leckie, Ann',
  ...overrides,
})

type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>

function server(routes: Routes = {}) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [{ ...libraryFixture('l1'), provider: 'audible.uk' }] }),
    'GET /api/authors/a1': () => json({ ...author(), libraryItems: [], series: [] }),
    ...routes,
  })
}

function signIn(permissions: Partial<UserPermissions> = {}) {
  const user = userFixture('user', { id: 'u1', username: 'ann' })
  useSessionStore
    .getState()
    .setSession(loginResponseFixture({ ...user, permissions: { ...user.permissions, ...permissions } }))
}

async function openModal(routes: Routes = {}, permissions: Partial<UserPermissions> = {}) {
  signIn({ update: true, delete: true, upload: true, ...permissions })
  const fake = server(routes)
  const view = renderApp('/author/a1', fake)
  await view.user.click(await screen.findByRole('button', { name: 'Edit Ann Leckie' }))
  const modal = await screen.findByTestId('author-edit-modal')
  await within(modal).findByDisplayValue('Ann Leckie')
  return { ...view, fake, modal }
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join('|')
const writes = (fake: { requests: RecordedRequest[] }) => fake.requests.filter((r) => r.method !== 'GET')

afterEach(() => useAuthorEditModal.setState({ authorId: null }))

describe('edit author modal', () => {
  it('sends only the changed fields, then closes with the updated toast', async () => {
    const { fake, modal, user } = await openModal({
      'PATCH /api/authors/a1': (r) =>
        json({ author: author(r.body as object), merged: false, updated: true }),
    })
    await user.clear(within(modal).getByLabelText('ASIN'))
    await user.type(within(modal).getByLabelText('ASIN'), 'B004IYHWC8')
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByTestId('author-edit-modal')).toBeNull())
    expect(writes(fake)).toEqual([expect.objectContaining({ method: 'PATCH', body: { asin: 'B004IYHWC8' } })])
    expect(toasts()).toContain('Author updated')
  })

  it('sends nothing when nothing changed', async () => {
    const { fake, modal, user } = await openModal()
    await user.type(within(modal).getByLabelText('Name'), '  ')
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(toasts()).toContain('No updates necessary'))
    expect(writes(fake)).toEqual([])
    expect(screen.getByTestId('author-edit-modal')).toBeTruthy()
  })

  it('a rename that merges goes to the surviving author', async () => {
    const { router, modal, user } = await openModal({
      'PATCH /api/authors/a1': () =>
        json({ author: author({ id: 'a2', name: 'Ann Leckie Jr' }), merged: true, updated: true }),
      'GET /api/authors/a2': () =>
        json({ ...author({ id: 'a2', name: 'Ann Leckie Jr' }), libraryItems: [], series: [] }),
    })
    await user.clear(within(modal).getByLabelText('Name'))
    await user.type(within(modal).getByLabelText('Name'), 'Ann Leckie Jr')
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(currentPath(router)).toBe('/author/a2'))
    expect(toasts()).toContain('Author merged')
    expect(screen.queryByTestId('author-edit-modal')).toBeNull()
  })

  it('hides image and remove buttons without the upload and delete permissions', async () => {
    const { modal } = await openModal({}, { delete: false, upload: false })
    expect(within(modal).queryByLabelText('Image URL')).toBeNull()
    expect(within(modal).queryByRole('button', { name: 'Remove image' })).toBeNull()
    expect(within(modal).queryByRole('button', { name: 'Remove' })).toBeNull()
    expect(within(modal).getByRole('button', { name: 'Quick match' })).toBeTruthy()
  })

  it('opens from the pencil of an author card on the authors tab', async () => {
    signIn({ update: true })
    const { user } = renderApp(
      '/library/l1/bookshelf/authors',
      server({
        'GET /api/libraries/l1': () => libraryDetailReply('l1', 'book', filterDataFixture({})),
        'GET /api/libraries/l1/authors': () => json({ results: [author()], total: 1 }),
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Edit Ann Leckie' }))
    expect(
      await within(await screen.findByTestId('author-edit-modal')).findByDisplayValue('Ann Leckie'),
    ).toBeTruthy()
  })

  it('offers no pencil without the update permission', async () => {
    signIn({ update: false })
    renderApp('/author/a1', server())
    expect(await screen.findByTestId('author-name')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Edit Ann Leckie' })).toBeNull()
  })

  it('checks the image URL before sending it, and shows the server message on failure', async () => {
    const { fake, modal, user } = await openModal({
      'POST /api/authors/a1/image': () => text('URL does not point to an image', 400),
    })
    const field = within(modal).getByLabelText('Image URL')
    await user.type(field, 'ftp://example.com/a.jpg')
    await user.click(within(modal).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(toasts()).toContain('Invalid image URL'))
    expect(writes(fake)).toEqual([])
    await user.clear(field)
    await user.type(field, 'https://example.com/page.html')
    await user.click(within(modal).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(toasts()).toContain('URL does not point to an image'))
    expect(writes(fake)[0]).toMatchObject({
      path: '/api/authors/a1/image',
      body: { url: 'https://example.com/page.html' },
    })
  })

  it('quick match sends the ASIN in the library store region, and says when Audible has no such author', async () => {
    const { fake, modal, user } = await openModal({
      'POST /api/authors/a1/match': () => text('Author not found', 404),
    })
    expect((within(modal).getByLabelText('Region') as HTMLSelectElement).value).toBe('uk')
    await user.type(within(modal).getByLabelText('ASIN'), 'B0TEST')
    await user.click(within(modal).getByRole('button', { name: 'Quick match' }))
    await waitFor(() => expect(toasts()).toContain('Author "Ann Leckie" not found'))
    expect(writes(fake)[0]?.body).toEqual({ asin: 'B0TEST', region: 'uk' })
  })

  it('removes the author after asking, then shows the library authors', async () => {
    const { fake, modal, router, user } = await openModal({ 'DELETE /api/authors/a1': () => json({}) })
    await user.click(within(modal).getByRole('button', { name: 'Remove' }))
    const prompt = await screen.findByTestId('author-remove-prompt')
    await user.click(within(prompt).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(currentPath(router)).toBe('/library/l1/bookshelf/authors'))
    expect(writes(fake)).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/authors/a1' })])
    expect(toasts()).toContain('Author removed')
  })
})
