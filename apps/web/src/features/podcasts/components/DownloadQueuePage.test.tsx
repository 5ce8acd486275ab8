import type { EpisodeDownloadQueue, User } from '@shelfcast/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { downloadFixture } from '@/test/podcast-download-fixtures.ts'
import { renderRoute } from '@/test/render-route.tsx'
import { useFinishedDownloads } from '../finished-downloads.ts'
import { registerPodcastSocketHandlers } from '../socket-handlers.ts'
import { DownloadQueuePage } from './DownloadQueuePage.tsx'

function signIn(user: User = userFixture('root')) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

function server(queue: EpisodeDownloadQueue) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'podcast')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a', 'podcast'),
    'GET /api/libraries/a/episode-downloads': () => json(queue),
    'DELETE /api/podcasts/downloads/d2': () => new Response(null, { status: 200 }),
    'GET /api/podcasts/pod1/clear-queue': () => new Response(null, { status: 200 }),
  })
}

const renderQueue = (fake: ReturnType<typeof server>) =>
  renderRoute(
    '/library/a/podcast/download-queue',
    '/library/:libraryId/podcast/download-queue',
    <DownloadQueuePage />,
    fake,
  )

const running = downloadFixture('d1', { progress: 10, startedAt: 2 })
const queued = downloadFixture('d2')
const otherPodcast = downloadFixture('d3', { libraryItemId: 'pod2', podcastTitle: 'Other Show' })

beforeAll(() => {
  registerPodcastSocketHandlers()
})
afterEach(() => useFinishedDownloads.setState({ byLibrary: {} }))

describe('download queue page', () => {
  it('shows running and queued downloads, and follows the socket events', async () => {
    signIn()
    const fake = server({
      currentDownload: running,
      currentDownloads: [running],
      queue: [queued, otherPodcast],
    })
    const { queryClient } = renderQueue(fake)
    const row = await screen.findByTestId('download-row-running')
    expect(within(row).getByText('Episode d1')).toBeTruthy()
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10')
    expect(screen.getAllByTestId('download-queue-group')).toHaveLength(2)

    act(() =>
      socketEvents.dispatch({ queryClient }, 'episode_download_progress', [{ ...running, progress: 55 }]),
    )
    await waitFor(() =>
      expect(
        within(screen.getByTestId('download-row-running')).getByTestId('download-percent').textContent,
      ).toBe('55%'),
    )

    // d1 finishes (failed), d2 starts: the queue moves up and the failure shows with its error.
    act(() => {
      socketEvents.dispatch({ queryClient }, 'episode_download_finished', [
        { ...running, isFinished: true, failed: true, error: 'Host answered 404' },
      ])
      socketEvents.dispatch({ queryClient }, 'episode_download_started', [{ ...queued, progress: 0 }])
    })
    await waitFor(() =>
      expect(within(screen.getByTestId('download-row-running')).getByText('Episode d2')).toBeTruthy(),
    )
    expect(screen.getByTestId('download-row-finished').textContent).toContain('Host answered 404')
    expect(screen.getAllByTestId('download-row-queued')).toHaveLength(1)

    act(() =>
      socketEvents.dispatch({ queryClient }, 'episode_download_queue_updated', [
        { libraryId: 'a', currentDownload: null, currentDownloads: [], queue: [] },
      ]),
    )
    expect(await screen.findByTestId('download-queue-empty')).toBeTruthy()
  })

  it('cancels one download and clears a podcast queue', async () => {
    signIn()
    const fake = server({ currentDownload: null, currentDownloads: [], queue: [queued, otherPodcast] })
    const { user } = renderQueue(fake)
    await screen.findAllByTestId('download-row-queued')
    await user.click(screen.getByRole('button', { name: 'Cancel download of Episode d2' }))
    await waitFor(() =>
      expect(
        fake.requests.some((r) => r.method === 'DELETE' && r.path === '/api/podcasts/downloads/d2'),
      ).toBe(true),
    )
    await user.click(
      within(screen.getAllByTestId('download-queue-group')[0]!).getByTestId('download-queue-clear'),
    )
    await waitFor(() =>
      expect(fake.requests.some((r) => r.path === '/api/podcasts/pod1/clear-queue')).toBe(true),
    )
  })

  it('shows the empty state', async () => {
    signIn()
    renderQueue(server({ currentDownload: null, currentDownloads: [], queue: [] }))
    expect(await screen.findByTestId('download-queue-empty')).toBeTruthy()
  })

  it('is for admins only', async () => {
    signIn(userFixture('user'))
    const fake = server({ currentDownload: null, currentDownloads: [], queue: [] })
    const { router } = renderQueue(fake)
    await waitFor(() => expect(router.state.location.pathname).not.toContain('download-queue'))
    expect(fake.requests.some((r) => r.path.endsWith('/episode-downloads'))).toBe(false)
  })
})
