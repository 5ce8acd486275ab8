import type { LibraryItem, User } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { i18n } from '@/lib/i18n/index.ts'
import { openEditModal, publishBookshelfPage, useItemEditModal } from '@/lib/item-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { filterDataFixture, libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { ItemEditModal } from './ItemEditModal.tsx'

function setup(user: User, items: Record<string, LibraryItem>, extra: Parameters<typeof fakeServer>[0] = {}) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const routes: Parameters<typeof fakeServer>[0] = {
    'GET /api/libraries/lib1': () =>
      libraryDetailReply(
        'lib1',
        'book',
        filterDataFixture({ authors: [{ id: 'au2', name: 'Brian Herbert' }] }),
      ),
  }
  for (const item of Object.values(items)) {
    routes[`GET /api/items/${item.id}`] = () => json(item)
    routes[`PATCH /api/items/${item.id}/media`] = (request) => {
      const body = request.body as { metadata?: { title?: string } }
      const media = item.media
      return json({
        updated: true,
        libraryItem: { ...item, media: { ...media, metadata: { ...media.metadata, ...body.metadata } } },
      })
    }
    routes[`POST /api/items/${item.id}/chapters`] = () => json({ success: true, updated: true })
  }
  const server = fakeServer({ ...routes, ...extra })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  render(
    <AppProviders services={{ api: fakeApiClient(server.fetch), queryClient, i18n }}>
      {/* The tools tab links to the manage page. */}
      <MemoryRouter>
        <ItemEditModal />
      </MemoryRouter>
    </AppProviders>,
  )
  return { server, user: userEvent.setup() }
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)
const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent)
const writes = (server: ReturnType<typeof fakeServer>) => server.requests.filter((r) => r.method !== 'GET')

afterEach(() => useItemEditModal.setState(useItemEditModal.getInitialState(), true))

describe('ItemEditModal', () => {
  it('shows every book tab to a root user, titled with the item', async () => {
    setup(userFixture('root'), { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1'))
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeTruthy()
    expect(tabNames()).toEqual(['Details', 'Cover', 'Chapters', 'Files', 'Match', 'Tools'])
  })

  it("gives admins a tools tab leading to the book's M4B encoder and metadata embed", async () => {
    setup(userFixture('root'), { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1', 'tools'))
    await screen.findByTestId('tools-tab')
    expect(screen.getByTestId('tools-m4b').getAttribute('href')).toBe('/audiobook/b1/manage?tool=m4b')
    expect(screen.getByTestId('tools-embed').getAttribute('href')).toBe('/audiobook/b1/manage?tool=embed')
    await userEvent.setup().click(screen.getByTestId('tools-embed'))
    expect(useItemEditModal.getState().showEditModal).toBe(false)
  })

  it('hides the tools tab from users who are not admins', async () => {
    const editor = userFixture('user', {
      permissions: { ...userFixture('user').permissions, update: true, download: true },
    })
    setup(editor, { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1'))
    await screen.findByRole('heading', { name: 'Dune' })
    expect(tabNames()).not.toContain('Tools')
  })

  it('titles an untitled item No Title and hides chapters for ebook-only books', async () => {
    setup(userFixture('root'), {
      b1: bookItemFixture('b1', { title: null as unknown as string, audio: 0, ebook: true }),
    })
    act(() => openEditModal('b1'))
    expect(await screen.findByRole('heading', { name: 'No Title' })).toBeTruthy()
    expect(tabNames()).toEqual(['Details', 'Cover', 'Files', 'Match'])
  })

  it('gives a download-only user the files tab alone, switching to it', async () => {
    const reader = userFixture('user', {
      permissions: { ...userFixture('user').permissions, update: false, download: true },
    })
    setup(reader, { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1', 'details'))
    await screen.findByTestId('edit-files')
    expect(tabNames()).toEqual(['Files'])
    expect(useItemEditModal.getState().editModalTab).toBe('files')
    expect(screen.getAllByTestId('file-menu')).toHaveLength(2)
  })

  it('closes when the user may neither update nor download', async () => {
    const guest = userFixture('guest')
    setup(guest, { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1'))
    await waitFor(() => expect(useItemEditModal.getState().showEditModal).toBe(false))
    expect(screen.queryByTestId('item-edit-modal')).toBeNull()
  })

  it('closes with Failed to load data when the item cannot be fetched', async () => {
    setup(userFixture('root'), {})
    act(() => openEditModal('missing'))
    await waitFor(() => expect(useItemEditModal.getState().showEditModal).toBe(false))
    expect(toasts()).toContain('Failed to load data')
  })

  it('saves only the changed fields, and sends nothing when nothing changed', async () => {
    const { server, user } = setup(userFixture('root'), { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1'))
    const title = await screen.findByTestId('edit-title')

    await user.click(screen.getByTestId('edit-save'))
    expect(writes(server)).toEqual([])
    expect(toasts()).toContain('No updates necessary')

    await user.clear(title)
    await user.type(title, 'Dune Messiah')
    await user.click(within(screen.getByTestId('edit-authors')).getByRole('combobox'))
    await user.keyboard('Brian Herbert{Enter}')
    await user.click(screen.getByTestId('edit-save'))
    await waitFor(() => expect(writes(server)).toHaveLength(1))
    expect(writes(server)[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/items/b1/media',
      body: {
        metadata: {
          title: 'Dune Messiah',
          authors: [
            { id: 'au1', name: 'Frank Herbert' },
            { id: 'au2', name: 'Brian Herbert' },
          ],
        },
      },
    })
    await waitFor(() => expect(toasts()).toContain('Item updated'))

    // Saved: the same form again is no change.
    await user.click(screen.getByTestId('edit-save'))
    expect(writes(server)).toHaveLength(1)
  })

  it('refuses an empty title and a series sequence with spaces without a request', async () => {
    const { server, user } = setup(userFixture('root'), { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1'))
    await user.clear(await screen.findByTestId('edit-title'))
    await user.click(screen.getByTestId('edit-save'))
    expect(toasts()).toContain('Title is required')
    await user.type(screen.getByTestId('edit-title'), 'Dune')
    await user.click(screen.getByRole('button', { name: 'Add series' }))
    await user.type(screen.getByRole('combobox', { name: 'Series' }), 'Dune')
    await user.type(screen.getByRole('textbox', { name: 'Sequence' }), '1 b')
    await user.click(screen.getByTestId('edit-save'))
    expect(toasts()).toContain('Series sequence cannot contain spaces')
    expect(writes(server)).toEqual([])
  })

  it('edits chapters, refuses locked rows and posts the chapters', async () => {
    const { server, user } = setup(userFixture('root'), { b1: bookItemFixture('b1') })
    act(() => openEditModal('b1', 'chapters'))
    await screen.findByTestId('edit-chapters')
    const titles = screen.getAllByTestId('chapter-title')
    await user.clear(titles[1]!)
    await user.type(titles[1]!, 'Second')

    await user.click(screen.getAllByTestId('chapter-lock')[0]!)
    await user.type(screen.getAllByTestId('chapter-title')[0]!, 'x')
    expect(toasts()).toContain('Chapter is locked')
    expect((screen.getAllByTestId('chapter-title')[0] as HTMLInputElement).value).toBe('One')

    await user.type(screen.getByTestId('chapters-bulk-input'), '151')
    await user.click(screen.getByTestId('chapters-bulk'))
    expect(toasts()).toContain('Enter a number between 1 and 150')

    await user.click(screen.getByTestId('chapters-save'))
    await waitFor(() => expect(writes(server)).toHaveLength(1))
    expect(writes(server)[0]).toMatchObject({
      method: 'POST',
      path: '/api/items/b1/chapters',
      body: {
        chapters: [
          { start: 0, end: 30, title: 'One' },
          { start: 30, end: 60, title: 'Second' },
        ],
      },
    })
  })

  it('steps to the next and previous book of the shelf with the arrow keys', async () => {
    const { user } = setup(userFixture('root'), {
      b1: bookItemFixture('b1'),
      b2: bookItemFixture('b2', { title: 'Emma' }),
    })
    act(() => publishBookshelfPage(0, ['b1', 'b2']))
    act(() => openEditModal('b1', 'cover'))
    await screen.findByRole('heading', { name: 'Dune' })
    ;(document.activeElement as HTMLElement | null)?.blur()
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('heading', { name: 'Emma' })).toBeTruthy()
    expect(useItemEditModal.getState().editModalTab).toBe('cover')
    await user.click(screen.getByTestId('edit-previous'))
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeTruthy()
  })
})

describe('ItemEditModal match tab', () => {
  it('searches a provider, applies the ticked fields of a result and shows the details', async () => {
    const match = {
      title: 'Dune (Deluxe)',
      subtitle: null,
      author: 'Frank Herbert',
      narrator: 'Scott Brick, Simon Vance',
      publisher: 'Ace',
      publishedYear: '1990',
      description: null,
      cover: 'https://covers.example/dune.jpg',
      isbn: null,
      asin: null,
      genres: [],
      tags: null,
      series: [],
      language: null,
      duration: null,
    }
    const { server, user } = setup(
      userFixture('root'),
      { b1: bookItemFixture('b1') },
      {
        'GET /api/search/providers': () =>
          json({
            providers: { books: [{ value: 'audible', text: 'Audible.com' }], booksCovers: [], podcasts: [] },
          }),
        'GET /api/search/books': () => json([match]),
        'POST /api/items/b1/cover': () => json({ success: true, cover: '/m/b1/cover.jpg' }),
      },
    )
    act(() => openEditModal('b1', 'match'))
    await user.click(await screen.findByTestId('match-search'))
    const search = server.requests.find((r) => r.path === '/api/search/books')
    expect(Object.fromEntries(new URLSearchParams(search?.search))).toEqual({
      provider: 'audible',
      title: 'Dune',
      author: 'Frank Herbert',
      id: 'b1',
    })
    await user.click(await screen.findByTestId('match-result'))
    await user.click(screen.getByRole('checkbox', { name: 'Publisher' }))
    await user.click(screen.getByRole('checkbox', { name: 'Authors' }))
    await user.click(screen.getByTestId('match-apply'))
    await waitFor(() => expect(writes(server)).toHaveLength(2))
    expect(writes(server)[0]).toMatchObject({
      method: 'PATCH',
      body: {
        metadata: {
          title: 'Dune (Deluxe)',
          narrators: ['Scott Brick', 'Simon Vance'],
          publishedYear: '1990',
        },
      },
    })
    expect(writes(server)[1]).toMatchObject({
      method: 'POST',
      path: '/api/items/b1/cover',
      body: { url: 'https://covers.example/dune.jpg' },
    })
    await waitFor(() => expect(useItemEditModal.getState().editModalTab).toBe('details'))
    expect(toasts()).toContain('Item updated')
  })
})

describe('ItemEditModal errors', () => {
  it('toasts Failed to update with the server message', async () => {
    const { user } = setup(
      userFixture('root'),
      { b1: bookItemFixture('b1') },
      { 'PATCH /api/items/b1/media': () => text('Cannot add two series with the same name', 400) },
    )
    act(() => openEditModal('b1'))
    await user.type(await screen.findByTestId('edit-title'), ' II')
    await user.click(screen.getByTestId('edit-save'))
    await waitFor(() =>
      expect(toasts()).toContain('Failed to update: Cannot add two series with the same name'),
    )
  })
})

describe('ItemEditModal chapter lookup', () => {
  // Audnexus's answer: a 5 s intro and outro around three chapters, 70 s in all (the book has 60 s).
  const found = {
    asin: 'B0TESTBOOK',
    brandIntroDurationMs: 5000,
    brandOutroDurationMs: 5000,
    chapters: [
      { lengthMs: 20_000, startOffsetMs: 0, startOffsetSec: 0, title: 'Opening Credits' },
      { lengthMs: 25_000, startOffsetMs: 20_000, startOffsetSec: 20, title: 'Chapter 1' },
      { lengthMs: 25_000, startOffsetMs: 45_000, startOffsetSec: 45, title: 'Chapter 2' },
    ],
    isAccurate: true,
    region: 'uk',
    runtimeLengthMs: 70_000,
    runtimeLengthSec: 70,
  }
  const withAsin = () => {
    const book = bookItemFixture('b1')
    return { ...book, media: { ...book.media, metadata: { ...book.media.metadata, asin: 'B0TESTBOOK' } } }
  }

  it('finds chapters by the book ASIN, warns on a runtime mismatch, applies without branding and saves', async () => {
    const { server, user } = setup(
      userFixture('root'),
      { b1: withAsin() },
      { 'GET /api/search/chapters': () => json(found) },
    )
    act(() => openEditModal('b1', 'chapters'))
    await screen.findByTestId('edit-chapters')
    expect((screen.getByTestId('chapter-lookup-asin') as HTMLInputElement).value).toBe('B0TESTBOOK')
    await user.selectOptions(screen.getByTestId('chapter-lookup-region'), 'uk')
    await user.click(screen.getByTestId('chapter-lookup-find'))

    const dialog = await screen.findByTestId('found-chapters')
    const lookup = server.requests.find((r) => r.path === '/api/search/chapters')
    expect(new URLSearchParams(lookup?.search).get('asin')).toBe('B0TESTBOOK')
    expect(new URLSearchParams(lookup?.search).get('region')).toBe('uk')
    expect(
      within(dialog)
        .getAllByTestId('found-chapter')
        .map((row) => row.textContent),
    ).toEqual(['1Opening Credits0:00:000:00:20', '2Chapter 10:00:200:00:25', '3Chapter 20:00:450:00:25'])
    expect(within(dialog).getByTestId('found-chapters-runtime').textContent).toBe('0:01:10 (0:10 longer)')
    expect(within(dialog).getByTestId('found-chapters-warning')).toBeTruthy()

    await user.click(within(dialog).getByLabelText('Remove Audible intro and outro from chapters'))
    expect(within(dialog).getByTestId('found-chapters-runtime').textContent).toBe('0:01:00 (exact match)')
    expect(within(dialog).queryByTestId('found-chapters-warning')).toBeNull()
    await user.click(within(dialog).getByLabelText('Keep the current chapter titles'))
    await user.click(within(dialog).getByTestId('found-chapters-apply'))

    await waitFor(() => expect(screen.queryByTestId('found-chapters')).toBeNull())
    expect(writes(server)).toEqual([])
    expect(screen.getAllByTestId('chapter-start').map((input) => (input as HTMLInputElement).value)).toEqual([
      '00:00:00',
      '00:00:15',
      '00:00:40',
    ])
    await user.click(screen.getByTestId('chapters-save'))
    await waitFor(() => expect(writes(server)).toHaveLength(1))
    expect(writes(server)[0]).toMatchObject({
      body: {
        chapters: [
          { start: 0, end: 15, title: 'One' },
          { start: 15, end: 40, title: 'Two' },
          { start: 40, end: 60, title: 'Chapter 2' },
        ],
      },
    })
  })

  it('says so when no ASIN is given, when Audnexus has no chapters and when the lookup fails', async () => {
    let answer = () => json({ error: 'Chapters not found' })
    const { server, user } = setup(
      userFixture('root'),
      { b1: bookItemFixture('b1') },
      { 'GET /api/search/chapters': () => answer() },
    )
    act(() => openEditModal('b1', 'chapters'))
    await screen.findByTestId('edit-chapters')
    await user.click(screen.getByTestId('chapter-lookup-find'))
    expect(toasts()).toContain('ASIN required')
    expect(server.requests.some((r) => r.path === '/api/search/chapters')).toBe(false)

    await user.type(screen.getByTestId('chapter-lookup-asin'), 'B000000000{Enter}')
    await waitFor(() => expect(toasts()).toContain('Chapters not found'))

    answer = () => text('Error fetching metadata: The provider did not answer in time', 400)
    await user.click(screen.getByTestId('chapter-lookup-find'))
    await waitFor(() =>
      expect(toasts()).toContain('Error fetching metadata: The provider did not answer in time'),
    )
    expect(screen.queryByTestId('found-chapters')).toBeNull()
    expect(screen.getAllByTestId('chapter-title').map((input) => (input as HTMLInputElement).value)).toEqual([
      'One',
      'Two',
    ])
  })
})
