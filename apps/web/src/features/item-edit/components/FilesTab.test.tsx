import type { BookLibraryItem, User } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { FilesTab } from './FilesTab.tsx'

/** A book of three tracks and one supplementary ebook. */
function bookWithEbook(): BookLibraryItem {
  const item = bookItemFixture('b1', { audio: 3 })
  const epub = {
    ino: 'eb',
    metadata: {
      ...item.libraryFiles[0]!.metadata,
      filename: 'extra.epub',
      relPath: 'extra.epub',
      ext: '.epub',
    },
    isSupplementary: true,
    addedAt: 0,
    updatedAt: 0,
    fileType: 'ebook' as const,
  }
  return { ...item, libraryFiles: [...item.libraryFiles, epub] }
}

function setup(user: User, routes: Parameters<typeof fakeServer>[0] = {}) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const item = bookWithEbook()
  const server = fakeServer({ 'GET /api/items/b1': () => json(item), ...routes })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  render(
    <AppProviders services={{ api: fakeApiClient(server.fetch), queryClient, i18n }}>
      <FilesTab item={item} />
    </AppProviders>,
  )
  return { server, item, user: userEvent.setup() }
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)
const rowNames = () => screen.getAllByTestId('track-order-name').map((n) => n.textContent)
const openMenuOf = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('button', { name: new RegExp(`Actions for ${name}`) }))
  return screen.findByRole('menu')
}

afterEach(() => useToastStore.setState({ toasts: [] }))

describe('FilesTab', () => {
  it('reorders tracks with the move buttons and saves the order and exclusions', async () => {
    const { server, item, user } = setup(userFixture('root'), {
      'PATCH /api/items/b1/tracks': () => json(item),
    })
    expect(rowNames()).toEqual(['part 1.mp3', 'part 2.mp3', 'part 3.mp3'])
    const save = screen.getByTestId('track-order-save')
    expect((save as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Move part 3.mp3 up' }))
    await user.click(screen.getByRole('button', { name: 'Move part 3.mp3 up' }))
    expect(rowNames()).toEqual(['part 3.mp3', 'part 1.mp3', 'part 2.mp3'])
    // At the top, "up" does nothing (and keeps focus where it is).
    await user.click(screen.getByRole('button', { name: 'Move part 3.mp3 up' }))
    expect(rowNames()[0]).toBe('part 3.mp3')
    await user.click(screen.getByRole('checkbox', { name: 'Exclude part 2.mp3' }))
    await user.click(save)
    await waitFor(() => expect(toasts()).toContain('Track order saved'))
    const patch = server.requests.find((r) => r.method === 'PATCH')
    expect(patch?.body).toEqual({
      orderedFileData: [
        { ino: 'ino-2', exclude: false },
        { ino: 'ino-0', exclude: false },
        { ino: 'ino-1', exclude: true },
      ],
    })
  })

  it('resets to the saved order, and shows the server message when saving fails', async () => {
    const { user } = setup(userFixture('root'), {
      'PATCH /api/items/b1/tracks': () => text('Not an audio file of this item: x', 400),
    })
    await user.click(screen.getByRole('button', { name: 'Move part 1.mp3 down' }))
    expect(rowNames()[0]).toBe('part 2.mp3')
    await user.click(screen.getByTestId('track-order-save'))
    await waitFor(() => expect(toasts()).toContain('Failed to update: Not an audio file of this item: x'))
    expect(rowNames()[0]).toBe('part 2.mp3')
    await user.click(screen.getByTestId('track-order-reset'))
    expect(rowNames()).toEqual(['part 1.mp3', 'part 2.mp3', 'part 3.mp3'])
  })

  it('shows ffprobe data to admins in a dialog with a copy button', async () => {
    const { user } = setup(userFixture('root'), {
      'GET /api/items/b1/ffprobe/ino-0': () => json({ format: { format_name: 'mp3' } }),
    })
    const menu = await openMenuOf(user, 'part 1.mp3')
    await user.click(within(menu).getByRole('menuitem', { name: 'FFprobe data' }))
    const pre = await screen.findByTestId('ffprobe-json')
    expect(pre.textContent).toContain('"format_name": "mp3"')
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeTruthy()
  })

  it('deletes a file after a confirm naming it, and toasts a failure', async () => {
    let fail = true
    const { server, user } = setup(userFixture('root'), {
      'DELETE /api/items/b1/file/ino-1': () =>
        fail ? text('The file is outside the item folder', 400) : text('OK', 200),
    })
    let menu = await openMenuOf(user, 'part 2.mp3')
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }))
    const prompt = await screen.findByTestId('file-delete-prompt')
    expect(prompt.textContent).toContain('part 2.mp3')
    await user.click(within(prompt).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(toasts()).toContain('Failed to delete file: The file is outside the item folder'),
    )
    fail = false
    await user.click(within(screen.getByTestId('file-delete-prompt')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(toasts()).toContain('part 2.mp3 deleted'))
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2)
    menu = await openMenuOf(user, 'extra.epub')
    expect(within(menu).queryByRole('menuitem', { name: 'FFprobe data' })).toBeNull()
  })

  it('makes a supplementary ebook primary', async () => {
    const { server, user } = setup(userFixture('root'), {
      'PATCH /api/items/b1/ebook/eb/status': () => text('OK', 200),
    })
    const menu = await openMenuOf(user, 'extra.epub')
    await user.click(within(menu).getByRole('menuitem', { name: 'Set as primary' }))
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.method === 'PATCH' && r.path === '/api/items/b1/ebook/eb/status'),
      ).toBe(true),
    )
  })

  it('gives a user without update, delete or admin rights the plain track list and a download-only menu', async () => {
    const reader = userFixture('user', {
      permissions: { ...userFixture('user').permissions, update: false, delete: false, download: true },
    })
    const { user } = setup(reader)
    expect(screen.queryByTestId('track-order-editor')).toBeNull()
    expect(screen.getByTestId('tracks-table')).toBeTruthy()
    const menu = await openMenuOf(user, 'extra.epub')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Download'])
  })
})
