import type { MediaProgress, PodcastEpisode, User } from '@shelfcast/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { usePlayerStore } from '@/features/player/index.ts'
import { useAddToListModal } from '@/lib/add-to-list-modal.ts'
import { ApiClientProvider } from '@/lib/api/index.ts'
import { useEpisodeModals } from '@/lib/episode-modals.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { podcastEpisodeFixture } from '@/test/podcast-download-fixtures.ts'
import { EpisodeList } from './EpisodeList.tsx'
import { progressFixture } from '@/test/item-fixtures.ts'

const audioFile = {
  ino: '1',
  metadata: { filename: 'a.mp3', size: 1000 },
} as unknown as PodcastEpisode['audioFile']

function episodeFixture(id: string, over: Partial<PodcastEpisode> = {}): PodcastEpisode {
  return podcastEpisodeFixture(id, { audioFile, publishedAt: null, duration: 1800, ...over })
}

const progressOf = (episodeId: string, over: Partial<MediaProgress>) =>
  progressFixture('pod1', episodeId, over)

const podcast = { libraryItemId: 'pod1', title: 'The Show', libraryId: 'lib2', coverPath: '/covers/show.jpg' }

function signIn(user: User = userFixture()) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

function renderEpisodes(episodes: PodcastEpisode[], routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(routes)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={fakeApiClient(server.fetch)}>
          <EpisodeList episodes={episodes} podcast={podcast} />
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return { server, user: userEvent.setup() }
}

const rowTitles = () => screen.getAllByTestId('episode-title').map((el) => el.textContent)

afterEach(() => {
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
  useEpisodeModals.setState(useEpisodeModals.getInitialState(), true)
})

describe('EpisodeList', () => {
  it('keeps only a screenful of 5,000 episodes in the page and publishes the whole order', () => {
    signIn()
    const many = Array.from({ length: 5000 }, (_, i) =>
      episodeFixture(`e${i}`, { title: `Episode ${String(i).padStart(4, '0')}`, publishedAt: i * 1000 }),
    )
    renderEpisodes(many)
    expect(screen.getByTestId('episodes-count').textContent).toBe('5,000 episodes')
    const rows = screen.getAllByTestId('episode-row')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(30)
    // Newest first by default.
    expect(rows[0]!.dataset.episodeId).toBe('e4999')
    expect(useEpisodeModals.getState().episodeTableEpisodeIds).toHaveLength(5000)
    expect(useEpisodeModals.getState().episodeTableEpisodeIds[0]).toBe('e4999')
  })

  it("filters by the user's progress and searches titles", async () => {
    signIn(
      userFixture('root', {
        mediaProgress: [
          progressOf('a', { isFinished: true, progress: 1 }),
          progressOf('b', { currentTime: 600, progress: 0.33 }),
          { ...progressOf('c', { isFinished: true }), libraryItemId: 'other' },
        ],
      }),
    )
    const { user } = renderEpisodes([
      episodeFixture('a', { title: 'Alpha', publishedAt: 3 }),
      episodeFixture('b', { title: 'Beta', publishedAt: 2 }),
      episodeFixture('c', { title: 'Gamma', publishedAt: 1 }),
    ])
    expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma'])
    const state = (id: string) =>
      within(screen.getAllByTestId('episode-row').find((r) => r.dataset.episodeId === id)!).getByTestId(
        'episode-progress',
      )
    expect(state('a').dataset.state).toBe('finished')
    expect(state('a').textContent).toBe('Finished')
    expect(state('b').textContent).toContain('20:00 remaining')
    expect(state('c').dataset.state).toBe('new')

    const filter = screen.getByRole('combobox', { name: 'Filter by' })
    await user.selectOptions(filter, 'complete')
    expect(rowTitles()).toEqual(['Alpha'])
    await user.selectOptions(filter, 'inProgress')
    expect(rowTitles()).toEqual(['Beta'])
    await user.selectOptions(filter, 'incomplete')
    expect(rowTitles()).toEqual(['Beta', 'Gamma'])
    expect(screen.getByTestId('episodes-count').textContent).toBe('2 episodes')

    await user.selectOptions(filter, 'all')
    await user.type(screen.getByRole('searchbox', { name: 'Search episodes' }), 'MM')
    await waitFor(() => expect(rowTitles()).toEqual(['Gamma']))
    await user.clear(screen.getByRole('searchbox', { name: 'Search episodes' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title')
    await waitFor(() => expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma']))
    await user.click(screen.getByRole('button', { name: 'Ascending' }))
    expect(rowTitles()).toEqual(['Gamma', 'Beta', 'Alpha'])
    expect(useEpisodeModals.getState().episodeTableEpisodeIds).toEqual(['c', 'b', 'a'])
  })

  it('remembers its sort and filter on this device, for the next visit', async () => {
    signIn(userFixture('root', { mediaProgress: [progressOf('a', { isFinished: true, progress: 1 })] }))
    const episodes = [
      episodeFixture('a', { title: 'Alpha', publishedAt: 3 }),
      episodeFixture('b', { title: 'Beta', publishedAt: 2 }),
      episodeFixture('c', { title: 'Gamma', publishedAt: 1 }),
    ]
    const first = renderEpisodes(episodes)
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title')
    await first.user.click(screen.getByRole('button', { name: 'Ascending' }))
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Filter by' }), 'incomplete')
    expect(rowTitles()).toEqual(['Gamma', 'Beta'])
    cleanup()

    renderEpisodes(episodes)
    expect(rowTitles()).toEqual(['Gamma', 'Beta'])
    expect(JSON.parse(localStorage.getItem('userSettings') ?? '{}')).toMatchObject({
      episodesSortBy: 'title',
      episodesSortDesc: true,
      episodesFilterBy: 'incomplete',
    })
  })

  it('marks an episode finished and shows it at once', async () => {
    signIn()
    const { server, user } = renderEpisodes([episodeFixture('ep1')], {
      // Audiobookshelf's answer: the text OK; the record is read back.
      'PATCH /api/me/progress/pod1/ep1': () => text('OK', 200),
      'GET /api/me/progress/pod1/ep1': () => json(progressOf('ep1', { isFinished: true, progress: 1 })),
    })
    await user.click(screen.getByRole('button', { name: 'Mark as finished' }))
    await waitFor(() => expect(screen.getByTestId('episode-progress').dataset.state).toBe('finished'))
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isFinished: true })
    expect(screen.getByRole('button', { name: 'Mark as not finished' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
  })

  it('opens the episode view from a row click, and edit or remove from the more menu', async () => {
    signIn()
    const { user } = renderEpisodes([episodeFixture('ep1')])
    await user.click(screen.getByTestId('episode-row'))
    expect(useEpisodeModals.getState().view).toEqual({ libraryItemId: 'pod1', episodeId: 'ep1' })
    await user.click(within(screen.getByTestId('episode-more')).getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('episode-menu-edit'))
    expect(useEpisodeModals.getState().edit).toEqual({ libraryItemId: 'pod1', episodeId: 'ep1' })
    await user.click(within(screen.getByTestId('episode-more')).getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('episode-menu-remove'))
    expect(useEpisodeModals.getState().remove?.episodes).toEqual([{ id: 'ep1', title: 'Episode ep1' }])
  })

  it('lets admins tick episodes and remove them together; users get no boxes or menu', async () => {
    signIn()
    const { user } = renderEpisodes([episodeFixture('a'), episodeFixture('b'), episodeFixture('c')])
    await user.click(screen.getByRole('checkbox', { name: 'Select Episode a' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Episode c' }))
    await user.click(screen.getByRole('button', { name: 'Remove 2 episodes' }))
    const request = useEpisodeModals.getState().remove
    expect(request?.episodes.map((e) => e.id)).toEqual(['a', 'c'])
    act(() => request?.onDone?.())
    expect(screen.queryByTestId('episodes-selection')).toBeNull()
  })

  it('gives plain users neither selection boxes nor the edit/remove menu', () => {
    signIn(
      userFixture('user', {
        permissions: { ...userFixture('user').permissions, update: false, delete: false },
      }),
    )
    renderEpisodes([episodeFixture('a')])
    expect(screen.queryByTestId('episode-select')).toBeNull()
    expect(screen.queryByTestId('episode-more')).toBeNull()
    expect(screen.getByTestId('episode-play')).toBeTruthy()
  })

  it('queues an episode under its podcast while something else plays', async () => {
    signIn()
    const { user } = renderEpisodes([episodeFixture('ep1', { title: 'Pilot' })])
    expect(screen.queryByTestId('episode-queue-toggle')).toBeNull()
    act(() => usePlayerStore.setState({ libraryItemId: 'book1', episodeId: null }))
    await user.click(screen.getByRole('button', { name: 'Add to queue' }))
    expect(usePlayerStore.getState().queue).toEqual([
      {
        libraryItemId: 'pod1',
        episodeId: 'ep1',
        title: 'Pilot',
        subtitle: 'The Show',
        caption: null,
        duration: 1800,
        coverPath: '/covers/show.jpg',
        libraryId: 'lib2',
      },
    ])
    await user.click(screen.getByRole('button', { name: 'Remove from queue' }))
    expect(usePlayerStore.getState().queue).toEqual([])
  })

  it('adds an episode with audio to a playlist through the global modal', async () => {
    signIn()
    const { user } = renderEpisodes([episodeFixture('ep1', { audioFile: null }), episodeFixture('ep2')])
    // Only the episode with audio can be played from a playlist.
    expect(screen.getAllByTestId('episode-add-to-playlist')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Add to playlist' }))
    expect(useAddToListModal.getState().request).toEqual({
      kind: 'playlist',
      libraryId: 'lib2',
      entries: [{ libraryItemId: 'pod1', episodeId: 'ep2' }],
    })
  })
})
