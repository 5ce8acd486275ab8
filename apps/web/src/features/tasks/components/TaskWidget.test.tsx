import type { Task } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { createApiClient } from '@/lib/api/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { getAccessToken, useSessionStore } from '@/lib/session-store.ts'
import type { SocketClient } from '@/lib/socket/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { registerTaskSocketHandlers } from '../socket-handlers.ts'
import { useToolEventsStore } from '../tool-events.ts'
import { TaskWidget } from './TaskWidget.tsx'

const scan = (over: Partial<Task> = {}): Task => ({
  id: 'task-1',
  action: 'library-scan',
  data: { libraryId: 'lib-1' },
  title: 'Scanning "Demo"',
  titleKey: 'MessageTaskScanningLibrary',
  titleSubs: ['Demo'],
  description: null,
  descriptionKey: null,
  error: null,
  errorKey: null,
  showSuccess: false,
  isFailed: false,
  isFinished: false,
  startedAt: Date.now(),
  finishedAt: null,
  progress: 40,
  ...over,
})

function renderWidget(
  tasks: Task[],
  type: 'root' | 'user' = 'root',
  embedQueue?: { libraryItemId: string }[],
) {
  useSessionStore.getState().setSession(loginResponseFixture(userFixture(type)))
  const emit = vi.fn()
  const socket = { connect: vi.fn(), disconnect: vi.fn(), emit } as unknown as SocketClient
  const server = fakeServer({
    'GET /api/tasks': () =>
      json({ tasks, ...(embedQueue && { queuedTaskData: { embedMetadata: embedQueue } }) }),
  })
  const { fetch } = server
  const api = createApiClient({
    basePath: '',
    fetch,
    getAccessToken,
    onSessionRefreshed: () => {},
    onSessionExpired: () => {},
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([{ path: '*', element: <TaskWidget /> }])
  render(
    <AppProviders services={{ api, queryClient, i18n, socket }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { emit, requests: server.requests, user: userEvent.setup() }
}

describe('task widget', () => {
  it('shows a running scan with its progress, and cancels it over the socket', async () => {
    const { emit, user } = renderWidget([scan()])
    expect(await screen.findByTestId('tasks-running')).toHaveProperty('textContent', '1')
    await user.click(screen.getByRole('button', { name: 'Tasks' }))
    const card = screen.getByTestId('task-card')
    expect(card.dataset.status).toBe('running')
    expect(card.textContent).toContain('Scanning "Demo" library')
    expect(card.textContent).toContain('40%')

    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(emit).toHaveBeenCalledWith('cancel_scan', 'lib-1')
    expect(card.dataset.status).toBe('canceling')
    expect(card.textContent).toContain('Canceling...')
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull()
  })

  it('asks for the recently finished tasks too, which a server lists only on request', async () => {
    const { requests } = renderWidget([], 'user')
    await waitFor(() => expect(requests.some((r) => r.path === '/api/tasks')).toBe(true))
    const request = requests.find((r) => r.path === '/api/tasks')
    expect(new URLSearchParams(request?.search).get('include')).toBe('finished')
  })

  it('asks admins for the embed queue as well, and shows how many items wait in it', async () => {
    const { requests, user } = renderWidget([], 'root', [{ libraryItemId: 'a' }, { libraryItemId: 'b' }])
    await waitFor(() => expect(requests.some((r) => r.path === '/api/tasks')).toBe(true))
    const request = requests.find((r) => r.path === '/api/tasks')
    expect(new URLSearchParams(request?.search).get('include')).toBe('finished,queue')
    await waitFor(() => expect(Object.keys(useToolEventsStore.getState().embedQueue)).toEqual(['a', 'b']))
    await user.click(screen.getByRole('button', { name: 'Tasks' }))
    expect(screen.getByTestId('tasks-embed-queue').textContent).toBe('Queued for metadata embed (2 in queue)')
    const off = registerTaskSocketHandlers()
    const context = { queryClient: new QueryClient() }
    act(() =>
      socketEvents.dispatch(context, 'metadata_embed_queue_update', [{ libraryItemId: 'a', queued: false }]),
    )
    expect(screen.getByTestId('tasks-embed-queue').textContent).toBe('Queued for metadata embed (1 in queue)')
    off()
  })

  it("fills a failed task's message with its substitutions (the file the encoder could not write)", async () => {
    const failed = scan({
      id: 'f',
      action: 'encode-m4b',
      data: { libraryItemId: 'item-1' },
      isFailed: true,
      isFinished: true,
      finishedAt: Date.now(),
      error: 'Audio file "01.mp3" is not writable',
      errorKey: 'MessageTaskAudioFileNotWritable',
      errorSubs: ['01.mp3'],
    })
    const { user } = renderWidget([failed])
    await user.click(await screen.findByRole('button', { name: 'Tasks' }))
    const card = await screen.findByTestId('task-card')
    expect(card.textContent).toContain('Audio file "01.mp3" is not writable')
  })

  it('links encode and embed cards to the manage page of their item', async () => {
    const encode = scan({
      id: 'e',
      action: 'encode-m4b',
      data: { libraryItemId: 'item-1' },
      title: 'Encoding',
      titleKey: null,
    })
    const embed = scan({
      id: 'm',
      action: 'embed-metadata',
      data: { libraryItemId: 'item-2' },
      title: 'Embedding',
      titleKey: null,
    })
    const { user } = renderWidget([encode, embed])
    await screen.findByTestId('tasks-running')
    await user.click(screen.getByRole('button', { name: 'Tasks' }))
    expect(screen.getByRole('link', { name: 'Encoding' }).getAttribute('href')).toBe(
      '/audiobook/item-1/manage?tool=m4b',
    )
    expect(screen.getByRole('link', { name: 'Embedding' }).getAttribute('href')).toBe(
      '/audiobook/item-2/manage?tool=embed',
    )
  })

  it('does not offer cancel to users who are not admins', async () => {
    const { user } = renderWidget([scan()], 'user')
    await screen.findByTestId('tasks-running')
    await user.click(screen.getByRole('button', { name: 'Tasks' }))
    expect(within(screen.getByTestId('task-card')).queryByRole('button', { name: 'Cancel' })).toBeNull()
  })

  it('follows task events: a quiet success disappears, a failure stays with its error', async () => {
    const off = registerTaskSocketHandlers()
    try {
      const { user } = renderWidget([])
      await user.click(screen.getByRole('button', { name: 'Tasks' }))
      expect(screen.getByText('No tasks running')).toBeTruthy()
      const context = { queryClient: new QueryClient() }
      act(() => socketEvents.dispatch(context, 'task_started', [scan({ id: 'ok' })]))
      expect(screen.getByTestId('task-card').dataset.status).toBe('running')
      act(() =>
        socketEvents.dispatch(context, 'task_finished', [
          scan({ id: 'ok', isFinished: true, finishedAt: Date.now() }),
        ]),
      )
      expect(screen.queryByTestId('task-card')).toBeNull()
      act(() =>
        socketEvents.dispatch(context, 'task_finished', [
          scan({ id: 'bad', isFinished: true, isFailed: true, error: 'Scan failed', finishedAt: Date.now() }),
        ]),
      )
      expect(screen.getByTestId('task-card').dataset.status).toBe('failed')
      expect(screen.getByTestId('task-card').textContent).toContain('Scan failed')
    } finally {
      off()
    }
  })

  it('marks an unseen success with a dot until the menu is opened', async () => {
    const { user } = renderWidget([
      scan({ id: 's', isFinished: true, showSuccess: true, finishedAt: Date.now() }),
    ])
    expect(await screen.findByTestId('tasks-unseen')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Tasks' }))
    expect(screen.queryByTestId('tasks-unseen')).toBeNull()
    expect(screen.getByTestId('task-card').dataset.status).toBe('succeeded')
  })
})
