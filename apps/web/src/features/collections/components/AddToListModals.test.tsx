import type { Collection, Playlist } from '@shelfcast/contracts'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAddToList, openAddToCollection, openAddToPlaylist } from '@/lib/add-to-list-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { libraryDetailReply, listedItemFixture } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const collection = (id: string, name: string, bookIds: number[]): Collection => ({
  id,
  libraryId: 'a',
  name,
  description: null,
  books: bookIds.map((i) => listedItemFixture(i)),
  lastUpdate: 0,
  createdAt: 0,
})

function app(routes: Parameters<typeof fakeServer>[0]) {
  useSessionStore.getState().setSession(loginResponseFixture(userFixture()))
  const fake = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a'),
    ...routes,
  })
  return { fake, ...renderApp('/account', fake) }
}

afterEach(closeAddToList)

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)

describe('globally mounted add modals', () => {
  it('lists the collections holding the item first and adds it to another in one call', async () => {
    const { fake, user } = app({
      'GET /api/libraries/a/collections': () =>
        json({ results: [collection('c1', 'Alpha', [5]), collection('c2', 'Beta', [1, 2])], total: 2 }),
      'POST /api/collections/c1/batch/add': () => json(collection('c1', 'Alpha', [5, 2])),
    })
    act(() => openAddToCollection('a', ['item-2']))
    const rows = await screen.findAllByTestId('add-to-list-row')
    expect(rows.map((r) => r.dataset.contains)).toEqual(['true', 'false'])
    await user.click(screen.getByRole('button', { name: 'Add to Alpha' }))
    await waitFor(() =>
      expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({ books: ['item-2'] }),
    )
  })

  it('creates a collection with the item and closes', async () => {
    const { fake, user } = app({
      'GET /api/libraries/a/collections': () => json({ results: [], total: 0 }),
      'POST /api/collections': () => json(collection('c9', 'Favourites', [2])),
    })
    act(() => openAddToCollection('a', ['item-2']))
    await screen.findByTestId('add-to-list-empty')
    await user.type(screen.getByLabelText('New collection'), 'Favourites{Enter}')
    await waitFor(() => expect(screen.queryByTestId('add-to-collection-modal')).toBeNull())
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      libraryId: 'a',
      name: 'Favourites',
      books: ['item-2'],
    })
    expect(toasts()).toContain('Collection created')
  })

  it("shows the server's reason when a playlist cannot be created", async () => {
    const { user } = app({
      'GET /api/libraries/a/playlists': () => json({ results: [] as Playlist[], total: 0 }),
      'POST /api/playlists': () => text('Some items are not in this library', 400),
    })
    act(() => openAddToPlaylist('a', [{ libraryItemId: 'item-2', episodeId: null }]))
    await user.type(await screen.findByLabelText('New playlist'), 'Commute{Enter}')
    await waitFor(() =>
      expect(toasts()).toContain('Failed to create playlist: Some items are not in this library'),
    )
    expect(screen.getByTestId('add-to-playlist-modal')).toBeTruthy()
  })
})
