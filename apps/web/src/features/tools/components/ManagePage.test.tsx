import type { LibraryItem, Task, User } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { registerTaskSocketHandlers, useToolEventsStore } from '@/features/tasks/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { ManagePage } from './ManagePage.tsx'

const task = (over: Partial<Task> = {}): Task => ({
  id: 'run-1',
  action: 'encode-m4b',
  data: { libraryItemId: 'b1' },
  title: 'Encoding',
  titleKey: null,
  titleSubs: null,
  description: null,
  descriptionKey: null,
  error: null,
  errorKey: null,
  showSuccess: true,
  isFailed: false,
  isFinished: false,
  startedAt: Date.now(),
  finishedAt: null,
  progress: 0,
  ...over,
})

function setup(
  path: string,
  item: LibraryItem,
  extra: Parameters<typeof fakeServer>[0] = {},
  user: User = userFixture('root'),
) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const server = fakeServer({
    [`GET /api/items/${item.id}`]: () => json(item),
    [`GET /api/tools/item/${item.id}/log`]: () => json({ task: null, lines: [] }),
    ...extra,
  })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      { path: '/audiobook/:id/manage', element: <ManagePage /> },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  )
  render(
    <AppProviders services={{ api: fakeApiClient(server.fetch), queryClient, i18n }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { server, router, user: userEvent.setup() }
}

const dispatch = (event: string, payload: unknown) =>
  act(() => socketEvents.dispatch({ queryClient: new QueryClient() }, event, [payload]))
const toasts = () => useToastStore.getState().toasts.map((t) => t.message)

describe('ManagePage', () => {
  it("shows the book, the encoder's options, its files, the chapters and the metadata to write", async () => {
    setup('/audiobook/b1/manage?tool=m4b', bookItemFixture('b1', { audio: 3 }))
    expect(await screen.findByTestId('encode-panel')).toBeTruthy()
    expect(within(screen.getByTestId('manage-item')).getByRole('link', { name: 'Dune' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'M4B Encoder' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByTestId('tool-file-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('part 1.mp3'),
      expect.stringContaining('part 2.mp3'),
      expect.stringContaining('part 3.mp3'),
    ])
    // MP3 inputs cannot be copied: AAC only, and the item's two chapters.
    const codec = screen.getByLabelText('Audio Codec') as HTMLSelectElement
    expect([...codec.options].map((o) => o.value)).toEqual(['aac'])
    expect(screen.getAllByTestId('tool-chapter-row').map((row) => row.textContent)).toEqual([
      '0:00One',
      '0:30Two',
    ])
    expect(within(screen.getByTestId('tool-metadata')).getByText('Frank Herbert')).toBeTruthy()
  })

  it('switches the chapters to one per file', async () => {
    const { user } = setup('/audiobook/b1/manage', bookItemFixture('b1', { audio: 3 }))
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Chapters' }), 'files')
    expect(screen.getAllByTestId('tool-chapter-row').map((row) => row.textContent)).toEqual([
      '0:00part 1',
      '0:30part 2',
      '1:00part 3',
    ])
  })

  it('starts the encode with the chosen options, shows its progress, cancels it, and shows the outcome', async () => {
    const off = registerTaskSocketHandlers()
    const { server, user } = setup('/audiobook/b1/manage?tool=m4b', bookItemFixture('b1'), {
      'POST /api/tools/item/b1/encode-m4b': () => json({ task: task() }),
      'DELETE /api/tools/item/b1/encode-m4b': () => text('No encode is running for this item', 404),
    })
    await user.selectOptions(await screen.findByLabelText('Audio Bitrate (e.g. 128k)'), '64k')
    await user.click(screen.getByTestId('encode-start'))
    const post = await waitFor(() => {
      const found = server.requests.find((r) => r.method === 'POST')
      expect(found).toBeTruthy()
      return found!
    })
    expect(Object.fromEntries(new URLSearchParams(post.search))).toEqual({
      codec: 'aac',
      chapters: 'item',
      bitrate: '64k',
      channels: '1',
    })
    dispatch('task_progress', task({ progress: 42 }))
    expect((await screen.findByTestId('tool-run-progress')).textContent).toContain('42%')

    await user.click(screen.getByTestId('encode-cancel'))
    await waitFor(() =>
      expect(toasts()).toEqual(['Failed to cancel encode: No encode is running for this item']),
    )

    dispatch('task_finished', task({ isFinished: true, finishedAt: Date.now(), progress: 100 }))
    const outcome = await screen.findByTestId('tool-run-succeeded')
    expect(within(outcome).getByRole('link', { name: 'Go to item' }).getAttribute('href')).toBe('/item/b1')
    expect(screen.getByTestId('encode-start')).toBeTruthy()
    off()
  })

  it("shows a failed run's error and the run's log", async () => {
    const failed = task({
      isFinished: true,
      isFailed: true,
      finishedAt: Date.now(),
      error: 'Failed to merge audio files',
    })
    setup('/audiobook/b1/manage', bookItemFixture('b1'), {
      'GET /api/tools/item/b1/log': () =>
        json({
          task: failed,
          lines: [{ timestamp: Date.now(), level: 'error', message: 'ffmpeg exited with code 1' }],
        }),
    })
    expect((await screen.findByTestId('tool-run-failed')).textContent).toBe('Failed to merge audio files')
    expect(screen.getByTestId('tool-log').textContent).toContain('ffmpeg exited with code 1')
  })

  it('embeds with the chosen options and shows each file as the run reports it', async () => {
    const off = registerTaskSocketHandlers()
    const embedTask = task({ action: 'embed-metadata' })
    const { server, user } = setup('/audiobook/b1/manage?tool=embed', bookItemFixture('b1'), {
      'POST /api/tools/item/b1/embed-metadata': () => json({ task: embedTask }),
    })
    await screen.findByTestId('embed-panel')
    await user.click(screen.getByLabelText('Embed chapters into every file anyway'))
    await user.click(screen.getByTestId('embed-start'))
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true))
    const post = server.requests.find((r) => r.method === 'POST')!
    expect(Object.fromEntries(new URLSearchParams(post.search))).toEqual({
      backup: '1',
      forceEmbedChapters: '1',
    })

    dispatch('task_started', embedTask)
    dispatch('track_started', { libraryItemId: 'b1', ino: 'ino-0' })
    dispatch('track_progress', { libraryItemId: 'b1', ino: 'ino-0', progress: 50 })
    await waitFor(() => {
      const bars = screen.getAllByTestId('tool-file-row').map((row) => within(row).queryByRole('progressbar'))
      expect(bars.map((bar) => bar?.getAttribute('aria-valuenow') ?? null)).toEqual(['50', null])
    })
    dispatch('track_finished', { libraryItemId: 'b1', ino: 'ino-0' })
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('tool-file-row')[0]!)
          .getByRole('progressbar')
          .getAttribute('aria-valuenow'),
      ).toBe('100'),
    )
    off()
  })

  it('shows a book waiting in the embed queue as queued', async () => {
    useToolEventsStore.getState().setQueued('b1', true)
    setup('/audiobook/b1/manage?tool=embed', bookItemFixture('b1'))
    expect(await screen.findByTestId('embed-queued')).toBeTruthy()
    expect((screen.getByTestId('embed-start') as HTMLButtonElement).disabled).toBe(true)
  })

  it('offers the split instead of the encoder for a book that is one M4B', async () => {
    const item = bookItemFixture('b1', { audio: 1 })
    if (item.mediaType === 'book') item.media.audioFiles[0]!.metadata.ext = '.m4b'
    const { server, user } = setup('/audiobook/b1/manage', item, {
      'POST /api/tools/item/b1/split-m4b': () => json({ task: task({ action: 'split-m4b' }) }),
    })
    await screen.findByTestId('split-panel')
    expect(screen.queryByTestId('encode-panel')).toBeNull()
    await user.click(screen.getByTestId('split-start'))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ bitrate: '128k' }),
    )
  })

  it('cancels a running split, toasting the reason when the cancel fails', async () => {
    const item = bookItemFixture('b1', { audio: 1 })
    if (item.mediaType === 'book') item.media.audioFiles[0]!.metadata.ext = '.m4b'
    const running = task({ action: 'split-m4b' })
    const canceled = task({
      action: 'split-m4b',
      isFinished: true,
      finishedAt: Date.now(),
      error: 'Canceled by user',
      errorKey: 'MessageTaskCanceledByUser',
    })
    let cancels = 0
    const { server, user } = setup('/audiobook/b1/manage', item, {
      'POST /api/tools/item/b1/split-m4b': () => json({ task: running }),
      'DELETE /api/tools/item/b1/split-m4b': () =>
        ++cancels === 1 ? text('No split is running for this item', 404) : json({ task: canceled }),
    })
    await user.click(await screen.findByTestId('split-start'))
    const cancel = await screen.findByRole('button', { name: 'Cancel' })
    expect(screen.queryByTestId('split-start')).toBeNull()

    await user.click(cancel)
    await waitFor(() =>
      expect(toasts()).toContain('Failed to cancel the split: No split is running for this item'),
    )
    expect(screen.getByTestId('split-cancel')).toBeTruthy()

    await user.click(screen.getByTestId('split-cancel'))
    expect(await screen.findByTestId('tool-run-canceled')).toBeTruthy()
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/tools/item/b1/split-m4b',
      '/api/tools/item/b1/split-m4b',
    ])
    expect(await screen.findByTestId('split-start')).toBeTruthy()
  })

  it('refuses podcasts and missing books politely', async () => {
    const missing = { ...bookItemFixture('b1'), isMissing: true }
    setup('/audiobook/b1/manage', missing)
    expect((await screen.findByTestId('manage-refused')).textContent).toContain('This item is missing')
    expect(screen.queryByTestId('encode-start')).toBeNull()
  })

  it('sends users who are not admins home', async () => {
    setup('/audiobook/b1/manage', bookItemFixture('b1'), {}, userFixture('user'))
    expect(await screen.findByTestId('elsewhere')).toBeTruthy()
  })
})
