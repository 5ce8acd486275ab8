import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from '@/app/providers.tsx'
import { i18n } from '@/lib/i18n/index.ts'
import { openDeleteItem, useItemEditModal } from '@/lib/item-edit-modal.ts'
import { storageKeys } from '@/lib/storage.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import { ItemDeletePrompt } from './ItemDeletePrompt.tsx'

function setup(answer: () => Response = () => json({})) {
  const server = fakeServer({ 'DELETE /api/items/b1': answer })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      { path: '/item/:id', element: <ItemDeletePrompt /> },
      { path: '/library/:libraryId', element: <p>library page</p> },
    ],
    { initialEntries: ['/item/b1'] },
  )
  render(
    <AppProviders services={{ api: fakeApiClient(server.fetch), queryClient, i18n }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  act(() => openDeleteItem({ id: 'b1', libraryId: 'lib1', title: 'Dune' }))
  return { server, router, user: userEvent.setup() }
}

afterEach(() => useItemEditModal.setState(useItemEditModal.getInitialState(), true))

describe('ItemDeletePrompt', () => {
  it('deletes from the library only by default, then goes back to the library', async () => {
    const { server, router, user } = setup()
    expect(screen.getByText('Delete "Dune" from the library?')).toBeTruthy()
    expect(
      (screen.getByRole('checkbox', { name: 'Also delete files from disk' }) as HTMLInputElement).checked,
    ).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/lib1'))
    expect(server.requests.find((r) => r.method === 'DELETE')).toMatchObject({
      path: '/api/items/b1',
      search: '',
    })
    expect(useItemEditModal.getState().deleteRequest).toBeNull()
    expect(localStorage.getItem(storageKeys.hardDeleteDefault)).toBe('0')
  })

  it('sends hard=1 with the box ticked and remembers the choice for next time', async () => {
    localStorage.setItem(storageKeys.hardDeleteDefault, '1')
    const { server, user } = setup()
    const box = screen.getByRole('checkbox', { name: 'Also delete files from disk' }) as HTMLInputElement
    expect(box.checked).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true))
    expect(server.requests.find((r) => r.method === 'DELETE')?.search).toBe('?hard=1')
    expect(localStorage.getItem(storageKeys.hardDeleteDefault)).toBe('1')
  })

  it('stays open with the server reason when the delete is refused', async () => {
    const { router, user } = setup(() => text('Forbidden', 403))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Failed to delete: Forbidden'),
    )
    expect(router.state.location.pathname).toBe('/item/b1')
    expect(useItemEditModal.getState().deleteRequest).not.toBeNull()
  })
})
