import type { User } from '@shelfcast/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installPlayerController, usePlayerStore } from '@/features/player/index.ts'
import { PlayerController } from '@/features/player/on-demand.ts'
import { closeAddToList, useAddToListModal } from '@/lib/add-to-list-modal.ts'
import { useItemSelection } from '@/lib/item-selection.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { itemsRoute, libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text, type RecordedRequest } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'
import { expandedBookFixture } from '../model/batch-fixtures.test-support.ts'

function signIn(user: User) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>

function server(routes: Routes = {}) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'book')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a', 'book'),
    'GET /api/libraries/a/items': itemsRoute(6),
    ...routes,
  })
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)
const selectBox = (n: number) =>
  screen.getByRole('checkbox', { name: `Select Book ${String(n).padStart(5, '0')}` })

async function openShelf(user: User, routes: Routes = {}) {
  signIn(user)
  const fake = server(routes)
  const view = renderApp('/library/a/bookshelf', fake)
  await screen.findByText('6 books')
  await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(6))
  return { ...view, fake }
}

afterEach(() => {
  installPlayerController(null)
  useItemSelection.setState({
    selectedMediaItems: [],
    processingBatch: false,
    anchorIndex: null,
    batchEditItemIds: [],
  })
  useToastStore.getState().clear()
  localStorage.clear()
})

describe('selection bar', () => {
  it('replaces the app bar while items are selected, selects ranges with shift, and Escape clears', async () => {
    const { user } = await openShelf(userFixture('root'))
    await user.click(selectBox(0))
    const bar = await screen.findByTestId('selection-bar')
    expect(screen.queryByTestId('app-bar')).toBeNull()
    expect(within(bar).getByTestId('selection-count').textContent).toBe('1 item selected')

    fireEvent.click(selectBox(3), { shiftKey: true })
    expect(within(bar).getByTestId('selection-count').textContent).toBe('4 items selected')
    expect(selectBox(2).getAttribute('aria-checked')).toBe('true')
    expect(selectBox(4).getAttribute('aria-checked')).toBe('false')

    // A root user gets every action, the admin menu too.
    for (const id of ['play', 'finished', 'collection', 'edit', 'delete', 'menu'])
      expect(within(bar).getByTestId(`selection-${id}`)).toBeTruthy()
    await user.click(within(bar).getByRole('button', { name: 'More' }))
    expect(screen.getByTestId('selection-quick-match')).toBeTruthy()
    expect(screen.getByTestId('selection-rescan')).toBeTruthy()
    expect(screen.getByTestId('selection-download')).toBeTruthy()
    // The first Escape only closes the menu; the next one leaves selection mode.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('selection-rescan')).toBeNull())
    expect(screen.getByTestId('selection-bar')).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull())
    expect(screen.getByTestId('app-bar')).toBeTruthy()
  })

  it('plays the selection: the queue is the books in the order chosen and the first starts', async () => {
    const controller = new PlayerController()
    const play = vi.spyOn(controller, 'play').mockResolvedValue()
    installPlayerController(controller)
    const withTrack = (id: string) => {
      const item = expandedBookFixture(id, { title: `Title ${id}` })
      return { ...item, media: { ...item.media, tracks: [{ index: 1 }] } }
    }
    const { user, fake } = await openShelf(userFixture('root'), {
      'POST /api/items/batch/get': (request) =>
        json({ libraryItems: (request.body as { libraryItemIds: string[] }).libraryItemIds.map(withTrack) }),
    })
    await user.click(selectBox(3))
    await user.click(selectBox(1))
    await user.click(screen.getByTestId('selection-play'))
    await waitFor(() => expect(play).toHaveBeenCalled())
    expect(fake.requests.find((r) => r.path === '/api/items/batch/get')?.body).toEqual({
      libraryItemIds: ['item-3', 'item-1'],
    })
    expect(usePlayerStore.getState().queue.map((q) => q.title)).toEqual(['Title item-3', 'Title item-1'])
    expect(play).toHaveBeenCalledWith(expect.objectContaining({ libraryItemId: 'item-3' }))
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull())
  })

  it('quick matches with the chosen provider and overrides, then closes with an info toast', async () => {
    const { user, fake } = await openShelf(userFixture('root'), {
      'GET /api/search/providers': () =>
        json({
          providers: {
            books: [
              { value: 'google', text: 'Google Books' },
              { value: 'audible.uk', text: 'Audible.co.uk' },
            ],
            booksCovers: [],
            podcasts: [],
          },
        }),
      'POST /api/items/batch/quickmatch': () => text('OK', 200),
    })
    await user.click(selectBox(0))
    await user.click(selectBox(5))
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('selection-quick-match'))
    const modal = await screen.findByTestId('quick-match-modal')
    const provider = within(modal).getByLabelText('Provider')
    await waitFor(() => expect(within(provider).getAllByRole('option')).toHaveLength(2))
    await user.selectOptions(provider, 'audible.uk')
    await user.click(within(modal).getByRole('switch', { name: 'Override cover' }))
    await user.click(within(modal).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.queryByTestId('quick-match-modal')).toBeNull())
    expect(fake.requests.find((r) => r.path === '/api/items/batch/quickmatch')?.body).toEqual({
      options: { provider: 'audible.uk', overrideCover: false, overrideDetails: true },
      libraryItemIds: ['item-0', 'item-5'],
    })
    expect(toasts()).toContain('Quick match started. Books: 2')
  })

  it('builds the download link with the ids and the token', async () => {
    const { user } = await openShelf(userFixture('root'))
    const clicked: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href)
    })
    await user.click(selectBox(1))
    await user.click(selectBox(2))
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('selection-download'))
    click.mockRestore()
    expect(clicked).toHaveLength(1)
    const url = new URL(clicked[0]!)
    expect(url.pathname).toBe('/api/libraries/a/download')
    expect(url.searchParams.get('ids')).toBe('item-1,item-2')
    expect(url.searchParams.get('token')).toBeTruthy()
  })

  it('opens the global add-to-collection modal with the selected ids', async () => {
    const { user } = await openShelf(userFixture('root'))
    await user.click(selectBox(2))
    await user.click(selectBox(0))
    await user.click(screen.getByTestId('selection-collection'))
    expect(useAddToListModal.getState().request).toEqual({
      kind: 'collection',
      libraryId: 'a',
      itemIds: ['item-2', 'item-0'],
    })
    closeAddToList()
  })

  it('offers a reader without permissions only play and mark finished', async () => {
    const { user } = await openShelf(userFixture('user'))
    await user.click(selectBox(1))
    const bar = await screen.findByTestId('selection-bar')
    expect(within(bar).getByTestId('selection-play')).toBeTruthy()
    expect(within(bar).getByTestId('selection-finished')).toBeTruthy()
    for (const id of ['collection', 'edit', 'delete', 'menu'])
      expect(within(bar).queryByTestId(`selection-${id}`)).toBeNull()
  })

  it('marks the selection finished in one call, waits while it runs, and clears after', async () => {
    const root = userFixture('root')
    let release: () => void = () => {}
    const { user, fake } = await openShelf(root, {
      'PATCH /api/me/progress/batch/update': () =>
        new Promise((resolve) => {
          release = () => resolve(text('OK', 200))
        }),
      'GET /api/me': () =>
        json({
          ...root,
          mediaProgress: ['item-0', 'item-1'].map((libraryItemId) => ({
            id: `p-${libraryItemId}`,
            libraryItemId,
            episodeId: null,
            duration: 60,
            progress: 1,
            currentTime: 60,
            isFinished: true,
            hideFromContinueListening: false,
            lastUpdate: 1,
            startedAt: 1,
            finishedAt: 1,
            ebookLocation: null,
            ebookProgress: null,
          })),
        }),
    })
    await user.click(selectBox(0))
    await user.click(selectBox(1))
    await user.click(screen.getByRole('button', { name: 'Mark as finished' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark as finished' }).hasAttribute('disabled')).toBe(true),
    )
    expect(screen.getByRole('status', { name: 'Please wait...' })).toBeTruthy()
    release()
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull())
    const patch = fake.requests.find((r) => r.method === 'PATCH')
    expect(patch?.body).toEqual([
      { libraryItemId: 'item-0', isFinished: true },
      { libraryItemId: 'item-1', isFinished: true },
    ])
    expect(toasts()).toContain('Marked as finished')
    expect(useSessionStore.getState().user?.mediaProgress.filter((p) => p.isFinished)).toHaveLength(2)
  })

  it('deletes after the prompt, soft unless the box is ticked, and remembers the choice', async () => {
    const { user, fake } = await openShelf(userFixture('root'), {
      'POST /api/items/batch/delete': () => json({}),
    })
    await user.click(selectBox(2))
    await user.click(selectBox(4))
    await user.click(screen.getByTestId('selection-delete'))
    const prompt = await screen.findByTestId('selection-delete-prompt')
    expect(within(prompt).getByText('Delete 2 items? They are removed from the library.')).toBeTruthy()
    const box = within(prompt).getByRole('checkbox', {
      name: 'Also delete files from disk',
    }) as HTMLInputElement
    expect(box.checked).toBe(false)
    await user.click(within(prompt).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByTestId('selection-delete-prompt')).toBeNull())
    const call = fake.requests.find((r) => r.path === '/api/items/batch/delete')
    expect(call?.search).toBe('?hard=0')
    expect(call?.body).toEqual({ libraryItemIds: ['item-2', 'item-4'] })
    expect(toasts()).toContain('Items deleted: 2')
    expect(localStorage.getItem('hardDeleteDefault')).toBe('0')
    expect(screen.queryByTestId('selection-bar')).toBeNull()
  })

  it('keeps the selection and says why when the server refuses', async () => {
    const { user } = await openShelf(userFixture('root'), {
      'POST /api/items/batch/delete': () => text('Forbidden', 403),
    })
    await user.click(selectBox(0))
    await user.click(screen.getByTestId('selection-delete'))
    await user.click(
      within(await screen.findByTestId('selection-delete-prompt')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(toasts().some((t) => t.startsWith('Batch delete failed'))).toBe(true))
    expect(screen.getByTestId('selection-count').textContent).toBe('1 item selected')
  })
  it('quick embeds after the warning: the items join the embed queue and the selection clears', async () => {
    const { user, fake } = await openShelf(userFixture('root'), {
      'POST /api/tools/batch/embed-metadata': () => json({ numQueued: 2 }),
    })
    await user.click(selectBox(0))
    await user.click(selectBox(5))
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('selection-quick-embed'))
    const prompt = await screen.findByTestId('selection-quick-embed-prompt')
    expect(prompt.textContent).toContain('Quick embed will not backup your audio files')
    await user.click(within(prompt).getByRole('button', { name: 'Quick Embed' }))
    await waitFor(() => expect(toasts()).toContain('Items queued for metadata embed: 2'))
    expect(fake.requests.find((r) => r.path === '/api/tools/batch/embed-metadata')?.body).toEqual({
      libraryItemIds: ['item-0', 'item-5'],
    })
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull())
  })

  it("shows the server's reason when a quick embed is refused, and keeps the selection", async () => {
    const { user } = await openShelf(userFixture('root'), {
      'POST /api/tools/batch/embed-metadata': () => text('An item without audio or of a podcast', 400),
    })
    await user.click(selectBox(0))
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('selection-quick-embed'))
    const prompt = await screen.findByTestId('selection-quick-embed-prompt')
    await user.click(within(prompt).getByRole('button', { name: 'Quick Embed' }))
    await waitFor(() => expect(toasts()).toContain('An item without audio or of a podcast'))
    expect(screen.getByTestId('selection-count').textContent).toBe('1 item selected')
  })
})
