import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { ApiClientProvider } from '@/lib/api/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { fakeApiClient, fakeServer } from '@/test/fake-server.ts'
import type { NamedListView } from '../model/list-view.ts'
import { AddToListModal, type PickableList } from './AddToListModal.tsx'

const named = (id: string, name: string): NamedListView => ({
  kind: 'collection',
  id,
  libraryId: 'a',
  name,
  description: null,
  userId: null,
  entries: [],
  partial: false,
  total: 0,
})

function renderModal({ entryCount = 1, lists = [] as PickableList[] } = {}) {
  const handlers = {
    onAdd: vi.fn(async () => {}),
    onRemove: vi.fn(async () => {}),
    onCreate: vi.fn(async () => true),
    onClose: vi.fn(),
  }
  render(
    <I18nextProvider i18n={i18n}>
      <ApiClientProvider client={fakeApiClient(fakeServer({}).fetch)}>
        <AddToListModal
          kind="collection"
          entryCount={entryCount}
          aspectRatio={1.6}
          lists={{ data: lists, isError: false, error: null, refetch: () => {} }}
          {...handlers}
        />
      </ApiClientProvider>
    </I18nextProvider>,
  )
  return { user: userEvent.setup(), ...handlers }
}

describe('AddToListModal', () => {
  it('creates only with a name (an empty one is silently not sent)', async () => {
    const { user, onCreate } = renderModal()
    await user.click(screen.getByRole('button', { name: 'Create' }))
    await user.type(screen.getByLabelText('New collection'), '   ')
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(onCreate).not.toHaveBeenCalled()
    await user.clear(screen.getByLabelText('New collection'))
    await user.type(screen.getByLabelText('New collection'), ' Favourites {Enter}')
    expect(onCreate).toHaveBeenCalledWith('Favourites')
  })

  it('creates nothing without an item to put in it', async () => {
    const { user, onCreate } = renderModal({ entryCount: 0 })
    await user.type(screen.getByLabelText('New collection'), 'Favourites')
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(onCreate).not.toHaveBeenCalled()
  })

  it('shows the empty state with its help text', () => {
    renderModal()
    expect(screen.getByTestId('add-to-list-empty').textContent).toContain('No collections')
  })

  it('lists the collections holding the item first, with remove; the others with add', async () => {
    const { user, onAdd, onRemove } = renderModal({
      lists: [
        { list: named('c1', 'Alpha'), contains: false },
        { list: named('c2', 'Beta'), contains: true },
      ],
    })
    const rows = screen.getAllByTestId('add-to-list-row')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Beta'),
      expect.stringContaining('Alpha'),
    ])
    await user.click(within(rows[0]!).getByRole('button', { name: 'Remove from Beta' }))
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2' }))
    await user.click(within(rows[1]!).getByRole('button', { name: 'Add to Alpha' }))
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }))
  })
})
