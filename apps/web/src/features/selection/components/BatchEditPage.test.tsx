import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setBatchEditItemIds, useItemSelection } from '@/lib/item-selection.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, type RecordedRequest } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'
import { expandedBookFixture } from '../model/batch-fixtures.test-support.ts'

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)

const twoBooks = [
  expandedBookFixture('b1', { title: 'First' }),
  expandedBookFixture('b2', { title: 'Second' }),
]

function openBatch(books = twoBooks) {
  useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
  setBatchEditItemIds(books.map((b) => b.id))
  const updates: RecordedRequest[] = []
  const fake = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'book')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a', 'book'),
    'POST /api/items/batch/get': () => json({ libraryItems: books }),
    'POST /api/items/batch/update': (request) => {
      updates.push(request)
      return json({ success: true, updates: (request.body as unknown[]).length })
    },
  })
  return { ...renderApp('/batch', fake), updates }
}

const card = (id: string) => screen.getAllByTestId('batch-item').find((el) => el.dataset.itemId === id)!

afterEach(() => {
  useItemSelection.setState({ selectedMediaItems: [], batchEditItemIds: [] })
  useToastStore.getState().clear()
})

describe('batch edit page', () => {
  it('loads the selected books and saves nothing when nothing changed', async () => {
    const { user, updates } = openBatch()
    await screen.findByTestId('batch-edit-page')
    expect(screen.getByTestId('batch-edit-count').textContent).toBe('Editing 2 books')
    expect((within(card('b1')).getByLabelText('Title') as HTMLInputElement).value).toBe('First')
    await user.click(screen.getByTestId('batch-save'))
    expect(toasts()).toContain('No updates necessary')
    expect(updates).toHaveLength(0)
  })

  it('sends only the changed fields of the changed books, with apply-to-all, then goes back', async () => {
    const { user, updates, router } = openBatch()
    await screen.findByTestId('batch-edit-page')
    const title = within(card('b2')).getByLabelText('Title')
    await user.clear(title)
    await user.type(title, 'Second, revised')

    // Apply to all: a publisher for every book (typing ticks its box).
    const apply = screen.getByTestId('apply-to-all')
    await user.click(within(apply).getByText('Apply to all', { selector: 'summary span span' }))
    await user.type(within(apply).getByLabelText('Publisher'), 'Shared House')
    await user.click(within(apply).getByTestId('apply-to-all-button'))
    expect((within(card('b1')).getByLabelText('Publisher') as HTMLInputElement).value).toBe('Shared House')

    await user.click(screen.getByTestId('batch-save'))
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]!.body).toEqual([
      { id: 'b1', mediaPayload: { metadata: { publisher: 'Shared House' } } },
      { id: 'b2', mediaPayload: { metadata: { title: 'Second, revised', publisher: 'Shared House' } } },
    ])
    expect(toasts()).toContain('Items updated: 2')
    // Opened directly, so "back" is the library the books are in.
    await waitFor(() => expect(currentPath(router)).toBe('/library/a/bookshelf'))
  })

  it('keeps a batch of 1,000 books to a window of cards, and applies to all of them', async () => {
    const books = Array.from({ length: 1000 }, (_, i) => expandedBookFixture(`b${i}`))
    const { user, updates } = openBatch(books)
    await screen.findByTestId('batch-edit-page')
    expect(screen.getByTestId('batch-edit-count').textContent).toBe('Editing 1,000 books')
    // happy-dom lays nothing out (measured cards are 0 px high), so the window holds more than a browser's.
    expect(screen.getAllByTestId('batch-item').length).toBeLessThan(100)
    const apply = screen.getByTestId('apply-to-all')
    await user.click(within(apply).getByText('Apply to all', { selector: 'summary span span' }))
    await user.type(within(apply).getByLabelText('Language'), 'de')
    await user.click(within(apply).getByTestId('apply-to-all-button'))
    await user.click(screen.getByTestId('batch-save'))
    await waitFor(() => expect(updates).toHaveLength(1))
    const body = updates[0]!.body as { id: string; mediaPayload: unknown }[]
    expect(body).toHaveLength(1000)
    expect(body[999]).toEqual({ id: 'b999', mediaPayload: { metadata: { language: 'de' } } })
  })

  it('refuses an empty title', async () => {
    const { user, updates } = openBatch()
    await screen.findByTestId('batch-edit-page')
    await user.clear(within(card('b1')).getByLabelText('Title'))
    await user.click(screen.getByTestId('batch-save'))
    expect(toasts()).toContain('Title is required')
    expect(updates).toHaveLength(0)
  })

  it('says so when nothing was selected', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    renderApp(
      '/batch',
      fakeServer({ 'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'book')] }) }),
    )
    expect(await screen.findByTestId('batch-edit-empty')).toBeTruthy()
  })
})
