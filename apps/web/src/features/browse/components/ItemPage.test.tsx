import type { MediaProgress, User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { progressFixture } from '@/test/item-fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const book = bookItemFixture('b1')

const progressOf = (over: Partial<MediaProgress> = {}) =>
  progressFixture('b1', null, { duration: 60, progress: 0.5, currentTime: 30, ...over })

function open(user: User, routes: Parameters<typeof fakeServer>[0] = {}) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('lib1', 'book')] }),
    'GET /api/libraries/lib1': () => libraryDetailReply('lib1'),
    'GET /api/items/b1': () => json(book),
    ...routes,
  })
  return { server, ...renderApp('/item/b1', server) }
}

describe("a book's item page: progress and download actions", () => {
  it('marks the book finished, then not finished, reading the record back each time', async () => {
    let finished = false
    const { server, user } = open(userFixture('root'), {
      'PATCH /api/me/progress/b1': (request) => {
        finished = (request.body as { isFinished: boolean }).isFinished
        return text('OK', 200)
      },
      'GET /api/me/progress/b1': () =>
        json(progressOf({ isFinished: finished, progress: finished ? 1 : 0.5 })),
    })
    const toggle = await screen.findByTestId('item-toggle-finished')
    expect(toggle.getAttribute('aria-label')).toBe('Mark as finished')
    await user.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'))
    expect(toggle.getAttribute('aria-label')).toBe('Mark as not finished')
    expect(screen.getByTestId('item-progress').textContent).toContain('Finished')
    await user.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'))
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { isFinished: true },
      { isFinished: false },
    ])
  })

  it('discards the progress after asking, and the progress bar goes', async () => {
    const { server, user } = open(userFixture('root', { mediaProgress: [progressOf()] }), {
      'DELETE /api/me/progress/mp-b1': () => text('OK', 200),
    })
    expect((await screen.findByTestId('item-progress')).textContent).toContain('50% listened')
    await user.click(within(screen.getByTestId('item-more')).getByRole('button', { name: 'More' }))
    await user.click(await screen.findByTestId('menu-discard-progress'))
    const prompt = await screen.findByTestId('discard-progress-prompt')
    expect(prompt.textContent).toContain('Are you sure you want to reset your progress?')
    await user.click(within(prompt).getByRole('button', { name: 'Discard progress' }))
    await waitFor(() => expect(screen.queryByTestId('item-progress')).toBeNull())
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/me/progress/mp-b1')).toBe(
      true,
    )
    expect(useSessionStore.getState().user?.mediaProgress).toEqual([])
  })

  it('offers no discard without progress', async () => {
    const { user } = open(userFixture('root'))
    await user.click(within(await screen.findByTestId('item-more')).getByRole('button', { name: 'More' }))
    await screen.findByTestId('menu-add-to-collection')
    expect(screen.queryByTestId('menu-discard-progress')).toBeNull()
  })

  it('links the download (with the token) only for users who may download', async () => {
    open(userFixture('root'))
    const link = await screen.findByTestId('item-download')
    const href = new URL(link.getAttribute('href') ?? '', 'http://x')
    expect(href.pathname).toBe('/api/items/b1/download')
    expect(href.searchParams.get('token')).toBe(useSessionStore.getState().accessToken)
  })

  it('shows no download link without the download permission', async () => {
    const root = userFixture('root')
    open(userFixture('user', { permissions: { ...root.permissions, download: false } }))
    await screen.findByTestId('item-toggle-finished')
    expect(screen.queryByTestId('item-download')).toBeNull()
  })
})

describe("a book's item page: the files section", () => {
  it('offers each file a menu; deleting one asks first, naming it', async () => {
    const { server, user } = open(userFixture('root'), {
      'DELETE /api/items/b1/file/ino-1': () => text('OK', 200),
    })
    const files = await screen.findByTestId('library-files-table')
    await user.click(within(files).getByRole('button', { name: /Actions for part 2\.mp3/ }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Download', 'FFprobe data', 'Delete'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }))
    const prompt = await screen.findByTestId('file-delete-prompt')
    expect(prompt.textContent).toContain('part 2.mp3')
    await user.click(within(prompt).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/items/b1/file/ino-1'),
      ).toBe(true),
    )
  })

  it('gives a listener without rights no file menu', async () => {
    const listener = userFixture('user', {
      permissions: { ...userFixture('user').permissions, download: false, update: false, delete: false },
    })
    open(listener)
    const files = await screen.findByTestId('library-files-table')
    expect(within(files).queryByRole('button', { name: /Actions for/ })).toBeNull()
  })
})
