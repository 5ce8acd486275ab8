import type { User } from '@shelfcast/contracts'
import { act, screen, waitFor } from '@testing-library/react'
import { useImperativeHandle } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeEreader } from '@/lib/ereader.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text, type RecordedRequest } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { progressFixture } from '@/test/item-fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'
import type { ReaderBodyProps } from '../reader-body.ts'

/** A stand-in for the EPUB body: shows where it starts and turns "pages" numbered 1…10. */
vi.mock('../epub/EpubReader.tsx', () => ({
  EpubReader: function FakeBody(props: ReaderBodyProps) {
    let page = Number(props.initialLocation ?? '1')
    useImperativeHandle(props.navigationRef, () => ({
      next: () => {
        page += 1
        props.onRelocate(String(page), page / 10, page === 10)
      },
      prev: () => {
        page -= 1
        props.onRelocate(String(page), page / 10)
      },
    }))
    return (
      <p data-testid="fake-body">
        {props.format} from {props.initialLocation ?? 'start'} toc {String(props.tocOpen)}
      </p>
    )
  },
}))

function open(user: User, over: { audio?: number; saved?: string | null } = {}) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const book = bookItemFixture('b1', { ebook: true, audio: over.audio ?? 0 })
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('lib1', 'book')] }),
    'GET /api/libraries/lib1': () => libraryDetailReply('lib1'),
    'GET /api/items/b1': () => json(book),
    'GET /api/me/progress/b1': () =>
      over.saved === null || over.saved === undefined
        ? text('Not found', 404)
        : json(progressFixture('b1', null, { ebookLocation: over.saved, ebookProgress: 0.3 })),
    'PATCH /api/me/progress/b1': () => text('OK', 200),
  })
  return { server, ...renderApp('/item/b1', server) }
}

const patches = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'PATCH' && r.path === '/api/me/progress/b1').map((r) => r.body)

afterEach(() => act(() => closeEreader()))

describe('the reader overlay', () => {
  it('opens from the item page where the book was left, with its title and book tools', async () => {
    const { user } = open(userFixture('user'), { saved: '3' })
    await user.click(await screen.findByTestId('item-read'))
    expect((await screen.findByTestId('fake-body')).textContent).toBe('epub from 3 toc false')
    const reader = screen.getByRole('dialog', { name: 'Dune' })
    expect(reader.dataset.ebookType).toBe('epub')
    expect(screen.getByTestId('reader-title').textContent).toContain('Dune')
    await user.click(screen.getByRole('button', { name: 'Table of Contents' }))
    expect(screen.getByTestId('fake-body').textContent).toBe('epub from 3 toc true')
    // Escape closes the table of contents first, then the reader.
    await user.keyboard('{Escape}')
    expect(screen.getByTestId('fake-body').textContent).toBe('epub from 3 toc false')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('ebook-reader')).toBeNull())
  })

  it('turns pages with the arrow keys and saves the last position once, on close at the latest', async () => {
    const { user, server } = open(userFixture('user'), { saved: '8' })
    await user.click(await screen.findByTestId('item-read'))
    await screen.findByTestId('fake-body')
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}')
    expect(patches(server.requests)).toEqual([])
    await user.click(screen.getByTestId('reader-close'))
    await waitFor(() =>
      expect(patches(server.requests)).toEqual([{ ebookLocation: '9', ebookProgress: 0.9 }]),
    )
  })

  it('marks a book without audio finished at its last page, and never one with audio', async () => {
    const first = open(userFixture('user'), { saved: '9' })
    await first.user.click(await screen.findByTestId('item-read'))
    await screen.findByTestId('fake-body')
    await first.user.keyboard('{ArrowRight}')
    await first.user.click(screen.getByTestId('reader-close'))
    await waitFor(() =>
      expect(patches(first.server.requests)).toEqual([
        { ebookLocation: '10', ebookProgress: 1, isFinished: true },
      ]),
    )
    first.unmount()

    const second = open(userFixture('user'), { saved: '9', audio: 2 })
    await second.user.click(await screen.findByTestId('item-read'))
    await screen.findByTestId('fake-body')
    await second.user.keyboard('{ArrowRight}')
    await second.user.click(screen.getByTestId('reader-close'))
    await waitFor(() =>
      expect(patches(second.server.requests)).toEqual([{ ebookLocation: '10', ebookProgress: 1 }]),
    )
  })
})
