import type { Collection, User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installPlayerController, usePlayerStore } from '@/features/player/index.ts'
import { PlayerController } from '@/features/player/on-demand.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { libraryDetailReply, listedItemFixture } from '@/test/browse-fixtures.ts'
import { useFakeClock } from '@/test/fake-clock.ts'
import { fakeServer, json, text, type RecordedRequest } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'
import { ORDER_SAVE_DELAY_MS } from '../hooks/useOrderSave.ts'

function signIn(user: User = userFixture()) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

function collectionFixture(books: number): Collection {
  return {
    id: 'c1',
    libraryId: 'a',
    name: 'Space Operas',
    description: 'Big ships',
    books: Array.from({ length: books }, (_, i) => listedItemFixture(i)),
    lastUpdate: 0,
    createdAt: 0,
  }
}

function server(
  collection: Collection,
  patch: (request: RecordedRequest) => Response = () => json(collection),
) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a'),
    'GET /api/collections/c1': () => json(collection),
    'PATCH /api/collections/c1': patch,
  })
}

afterEach(() => {
  installPlayerController(null)
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

const titles = () => screen.getAllByTestId('list-entry-title').map((el) => el.textContent)

describe('collection page', () => {
  it('opens a collection of 5,000 books minified, rendering only a window of rows', async () => {
    signIn()
    const fake = server(collectionFixture(5000))
    renderApp('/collection/c1', fake)
    expect((await screen.findByTestId('list-name')).textContent).toBe('Space Operas')
    expect(screen.getByTestId('list-description').textContent).toBe('Big ships')
    // 5,000 books of 60 s each.
    expect(screen.getByTestId('list-summary').textContent).toBe('5,000 books · Total duration: 83 hr, 20 min')
    expect(screen.getByTestId('list-entries').dataset.count).toBe('5000')
    const rows = screen.getAllByTestId('list-entry')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(60)
    // The first screen is asked for on its own, then the whole list.
    expect(
      fake.requests
        .filter((r) => r.path === '/api/collections/c1')
        .map((r) => r.search)
        .sort(),
    ).toEqual(['?minified=1&include=rssfeed', '?minified=1&include=rssfeed&limit=40'])
    expect(screen.getByTestId('list-play-all')).toBeTruthy()
    expect(screen.getByTestId('list-edit')).toBeTruthy()
  })

  it('moves a book down with the keyboard and sends the whole new order once the moves stop', async () => {
    signIn()
    const clock = useFakeClock()
    const fake = server(collectionFixture(4))
    const patches = () => fake.requests.filter((r) => r.method === 'PATCH')
    const { user } = renderApp('/collection/c1', fake)
    await screen.findByTestId('list-entries')
    const handle = within(screen.getAllByTestId('list-entry')[0]!).getByTestId('entry-drag-handle')
    handle.focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(titles()).toEqual(['Book 00001', 'Book 00000', 'Book 00002', 'Book 00003']))
    // The moved row's handle keeps the focus: the next press moves the same book on.
    expect(document.activeElement?.getAttribute('data-handle-key')).toBe('item-0')
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(titles()).toEqual(['Book 00001', 'Book 00002', 'Book 00000', 'Book 00003']))
    await clock.advance(ORDER_SAVE_DELAY_MS - 1)
    expect(patches()).toHaveLength(0)
    await clock.advance(1)
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(patches()[0]?.body).toEqual({
      books: ['item-1', 'item-2', 'item-0', 'item-3'],
    })
  })

  it('puts the order back and says so when the server refuses it', async () => {
    signIn()
    const fake = server(collectionFixture(3), () => text('Nope', 500))
    const { user } = renderApp('/collection/c1', fake)
    await screen.findByTestId('list-entries')
    within(screen.getAllByTestId('list-entry')[2]!).getByTestId('entry-drag-handle').focus()
    await user.keyboard('{ArrowUp}')
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Failed to update'),
    )
    expect(titles()).toEqual(['Book 00000', 'Book 00001', 'Book 00002'])
  })

  it('offers no editing without the update permission', async () => {
    signIn(userFixture('user'))
    renderApp('/collection/c1', server(collectionFixture(3)))
    await screen.findByTestId('list-entries')
    expect(screen.queryByTestId('list-edit')).toBeNull()
    expect(screen.queryByTestId('entry-drag-handle')).toBeNull()
    expect(screen.queryByTestId('list-entry-remove')).toBeNull()
    expect(screen.getByTestId('list-play-all')).toBeTruthy()
  })

  it('says so when the collection is gone', async () => {
    signIn()
    renderApp('/collection/zz', server(collectionFixture(1)))
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Collection not found')
  })

  it('plays all: the queue becomes the playable books in order and the first starts', async () => {
    signIn()
    const controller = new PlayerController()
    const play = vi.spyOn(controller, 'play').mockResolvedValue()
    installPlayerController(controller)
    const collection = collectionFixture(3)
    // A book without audio (an ebook) is left out of the queue.
    const ebook = listedItemFixture(0)
    collection.books[0] = { ...ebook, media: { ...ebook.media, numTracks: 0 } }
    const { user } = renderApp('/collection/c1', server(collection))
    await user.click(await screen.findByTestId('list-play-all'))
    expect(usePlayerStore.getState().queue.map((q) => [q.libraryItemId, q.title])).toEqual([
      ['item-1', 'Book 00001'],
      ['item-2', 'Book 00002'],
    ])
    expect(play).toHaveBeenCalledWith(expect.objectContaining({ libraryItemId: 'item-1', episodeId: null }))
  })

  it('says failed to load data when the collection cannot be read', async () => {
    signIn()
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
      'GET /api/collections/c1': () => text('Database is busy', 503),
    })
    renderApp('/collection/c1', fake)
    expect(await screen.findByText('Database is busy')).toBeTruthy()
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Failed to load data')
  })
})
