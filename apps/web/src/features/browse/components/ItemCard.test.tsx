import { QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { i18n } from '@/lib/i18n/index.ts'
import { useItemEditModal } from '@/lib/item-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { listedItemFixture } from '@/test/browse-fixtures.ts'
import { fakeApiClient, fakeServer } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { ItemCard } from './ItemCard.tsx'

function renderCard(item = listedItemFixture(1, { title: 'Dune' })) {
  const queryClient = new QueryClient()
  render(
    <AppProviders services={{ api: fakeApiClient(fakeServer({}).fetch), queryClient, i18n }}>
      <MemoryRouter>
        <ItemCard item={item} width={120} aspectRatio={1.6} />
      </MemoryRouter>
    </AppProviders>,
  )
}

afterEach(() => useItemEditModal.setState(useItemEditModal.getInitialState(), true))

describe('ItemCard edit pencil', () => {
  it('is there for users who may update, and opens the edit modal on the details tab', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('admin')))
    renderCard()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit Dune' }))
    expect(useItemEditModal.getState()).toMatchObject({
      showEditModal: true,
      selectedLibraryItem: 'item-1',
      editModalTab: 'details',
    })
  })

  it('is not there without the update permission', () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    renderCard()
    expect(screen.queryByTestId('item-card-edit')).toBeNull()
  })
})

describe('ItemCard issue badge', () => {
  it('tells why the item is invalid when the server says so', () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const item = {
      ...listedItemFixture(1, { title: 'Dune' }),
      isInvalid: true,
      invalidReason: 'dune.epub: file is empty',
    }
    renderCard(item)
    expect(screen.getByTitle('Invalid: dune.epub: file is empty')).toBeTruthy()
  })
})
