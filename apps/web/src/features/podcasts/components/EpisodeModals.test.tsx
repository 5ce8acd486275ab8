import type { FeedEpisode, PodcastEpisode } from '@shelfcast/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installPlayerController, usePlayerStore, type PlayerController } from '@/features/player/index.ts'
import { ApiClientProvider } from '@/lib/api/index.ts'
import {
  openEpisodeEdit,
  openEpisodeView,
  openRemoveEpisodes,
  setEpisodeTableEpisodeIds,
  useEpisodeModals,
} from '@/lib/episode-modals.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { fakeApiClient, fakeServer, json, text, type RecordedRequest } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { podcastEpisodeFixture, podcastItemFixture } from '@/test/podcast-download-fixtures.ts'
import { EpisodeModals } from './EpisodeModals.tsx'

function episodeFixture(id: string, over: Partial<PodcastEpisode> = {}): PodcastEpisode {
  return podcastEpisodeFixture(id, {
    season: '2',
    episode: '7',
    enclosure: null,
    audioFile: {
      ino: '9',
      metadata: { filename: `${id}.mp3`, size: 2_500_000 },
    } as PodcastEpisode['audioFile'],
    publishedAt: null,
    duration: 3600,
    size: 2_500_000,
    ...over,
  })
}

const item = podcastItemFixture('pod1', { episodes: ['e1', 'e2', 'e3'].map((id) => episodeFixture(id)) })

type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>

function renderModals(routes: Routes) {
  useSessionStore.getState().setSession(loginResponseFixture(userFixture()))
  const server = fakeServer({ 'GET /api/items/pod1': () => json(item), ...routes })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={fakeApiClient(server.fetch)}>
          <EpisodeModals />
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return { server, user: userEvent.setup() }
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)
const episodeRoute = (episode: PodcastEpisode) => () => json(episode)

afterEach(() => {
  installPlayerController(null)
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
  useEpisodeModals.setState(useEpisodeModals.getInitialState(), true)
})

describe('episode view modal', () => {
  it('shows the podcast, a safe description and the file; a time stamp plays the episode from there', async () => {
    const play = vi.fn(async () => {})
    installPlayerController({
      attach: () => {},
      play,
      seek: vi.fn(),
      playPause: vi.fn(),
    } as unknown as PlayerController)
    const description =
      '<p>Intro.</p><p>Guest at <b>12:34</b>, outro 59:00 <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://show.test/notes">notes</a><img src=x onerror="window.__hit=1"><script>window.__hit=2</script></p>'
    const { user } = renderModals({
      'GET /api/podcasts/pod1/episode/e1': episodeRoute(episodeFixture('e1', { description })),
    })
    act(() => openEpisodeView({ libraryItemId: 'pod1', episodeId: 'e1' }))
    const modal = await screen.findByTestId('episode-view-modal')
    await within(modal).findByText('Intro.')
    expect(within(modal).getByRole('heading', { name: 'Episode e1' })).toBeTruthy()
    expect(within(modal).getByTestId('episode-view-podcast').textContent).toBe('The Show · Host')
    expect(within(modal).getByText('e1.mp3')).toBeTruthy()
    expect(within(modal).getByText('2.38 MB')).toBeTruthy()
    expect(within(modal).getByText('1 hr')).toBeTruthy()
    // Only the https link survives, opening apart from this page; nothing executable is in the page.
    const links = within(modal).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://show.test/notes'])
    expect(links[0]!.getAttribute('target')).toBe('_blank')
    expect(links[0]!.getAttribute('rel')).toContain('noopener')
    expect(modal.querySelector('script, img, [onerror]')).toBeNull()
    expect((window as unknown as { __hit?: number }).__hit).toBeUndefined()

    await user.click(within(modal).getByRole('button', { name: 'Play from 12:34' }))
    expect(play).toHaveBeenCalledWith(
      expect.objectContaining({ libraryItemId: 'pod1', episodeId: 'e1', startTime: 754 }),
    )
    expect(screen.queryByTestId('episode-view-modal')).toBeNull()
  })

  it('seeks when the episode is already playing', async () => {
    const play = vi.fn(async () => {})
    const seek = vi.fn()
    installPlayerController({
      attach: () => {},
      play,
      seek,
      playPause: vi.fn(),
    } as unknown as PlayerController)
    usePlayerStore.setState({
      libraryItemId: 'pod1',
      episodeId: 'e1',
      state: 'PLAYING',
      session: {} as never,
    })
    const { user } = renderModals({
      'GET /api/podcasts/pod1/episode/e1': episodeRoute(
        episodeFixture('e1', { description: 'Jump to 1:02:03', duration: 5000 }),
      ),
    })
    act(() => openEpisodeView({ libraryItemId: 'pod1', episodeId: 'e1' }))
    await user.click(await screen.findByRole('button', { name: 'Play from 1:02:03' }))
    expect(seek).toHaveBeenCalledWith(3723)
    expect(play).not.toHaveBeenCalled()
  })

  it('closes when the episode cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderModals({ 'GET /api/podcasts/pod1/episode/e1': () => text('Not found', 404) })
    act(() => openEpisodeView({ libraryItemId: 'pod1', episodeId: 'e1' }))
    await waitFor(() => expect(useEpisodeModals.getState().view).toBeNull())
  })
})

describe('episode edit modal', () => {
  it('saves only the changed fields and says when nothing changed', async () => {
    const { server, user } = renderModals({
      'GET /api/podcasts/pod1/episode/e1': episodeRoute(episodeFixture('e1')),
      'PATCH /api/podcasts/pod1/episode/e1': () => json(item),
    })
    act(() => openEpisodeEdit({ libraryItemId: 'pod1', episodeId: 'e1' }))
    const modal = await screen.findByTestId('episode-edit-modal')
    const title = await within(modal).findByRole('textbox', { name: 'Title' })
    await user.click(within(modal).getByTestId('episode-edit-save'))
    expect(toasts()).toContain('No updates necessary')
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false)

    await user.clear(title)
    await user.type(title, 'Renamed')
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Episode type' }), 'bonus')
    await user.clear(within(modal).getByRole('textbox', { name: 'Season' }))
    await user.click(within(modal).getByTestId('episode-edit-save'))
    await waitFor(() => expect(toasts()).toContain('Episode updated'))
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      title: 'Renamed',
      season: null,
      episodeType: 'bonus',
    })
  })

  it('closes when the first read of the episode fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderModals({ 'GET /api/podcasts/pod1/episode/e1': () => text('Not found', 404) })
    act(() => openEpisodeEdit({ libraryItemId: 'pod1', episodeId: 'e1' }))
    await waitFor(() => expect(useEpisodeModals.getState().edit).toBeNull())
  })

  it("shows the server's message when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderModals({
      'GET /api/podcasts/pod1/episode/e1': episodeRoute(episodeFixture('e1')),
      'PATCH /api/podcasts/pod1/episode/e1': () => text('Title is too long', 400),
    })
    act(() => openEpisodeEdit({ libraryItemId: 'pod1', episodeId: 'e1' }))
    await user.type(await screen.findByRole('textbox', { name: 'Subtitle' }), 'x')
    await user.click(screen.getByTestId('episode-edit-save'))
    await waitFor(() => expect(toasts()).toContain('Title is too long'))
  })

  it('steps through the table order with the arrows and keys; a failed read keeps the episode', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderModals({
      'GET /api/podcasts/pod1/episode/e1': episodeRoute(episodeFixture('e1')),
      'GET /api/podcasts/pod1/episode/e2': episodeRoute(episodeFixture('e2')),
      'GET /api/podcasts/pod1/episode/e3': () => new Response('', { status: 500 }),
      'GET /api/podcasts/pod1/episode/e4': () => text('Episode not found', 404),
    })
    setEpisodeTableEpisodeIds(['e2', 'e1', 'e3', 'e4'])
    act(() => openEpisodeEdit({ libraryItemId: 'pod1', episodeId: 'e1' }))
    expect(await screen.findByRole('heading', { name: 'Episode e1' })).toBeTruthy()
    await user.click(screen.getByTestId('episode-edit-previous'))
    expect(await screen.findByRole('heading', { name: 'Episode e2' })).toBeTruthy()
    expect(screen.getByTestId('episode-edit-previous')).toHaveProperty('disabled', true)
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Episode e2')

    // Right arrow outside the fields: back to e1, then e3 fails with the fallback message.
    ;(document.activeElement as HTMLElement | null)?.blur()
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('heading', { name: 'Episode e1' })).toBeTruthy()
    await user.click(screen.getByTestId('episode-edit-next'))
    await waitFor(() => expect(toasts()).toContain('Failed to fetch book or episode'))
    expect(screen.getByRole('heading', { name: 'Episode e1' })).toBeTruthy()
    expect(useEpisodeModals.getState().edit?.episodeId).toBe('e1')

    setEpisodeTableEpisodeIds(['e1', 'e4'])
    await user.click(await screen.findByTestId('episode-edit-next'))
    await waitFor(() => expect(toasts()).toContain('Episode not found'))
    expect(useEpisodeModals.getState().edit?.episodeId).toBe('e1')
  })

  it("matches against the feed and puts the result's fields into the details to save", async () => {
    const feed: FeedEpisode = {
      guid: 'feed-guid',
      title: 'Episode e1: The Real Title',
      subtitle: 'From the feed',
      description: '<p>Feed notes</p>',
      descriptionPlain: 'Feed notes',
      pubDate: null,
      publishedAt: null,
      season: '2',
      episode: '7',
      episodeType: 'full',
      explicit: false,
      duration: 3600,
      enclosure: { url: 'https://feeds.test/e1.mp3', type: 'audio/mpeg', length: '1' },
      chaptersUrl: null,
      transcriptUrl: null,
    }
    const { server, user } = renderModals({
      'GET /api/podcasts/pod1/episode/e1': episodeRoute(episodeFixture('e1')),
      'GET /api/podcasts/pod1/search-episode': () => json({ episodes: [{ episode: feed, levenshtein: 3 }] }),
      'PATCH /api/podcasts/pod1/episode/e1': () => json(item),
    })
    act(() => openEpisodeEdit({ libraryItemId: 'pod1', episodeId: 'e1' }))
    await user.click(await screen.findByRole('tab', { name: 'Match' }))
    await user.click(screen.getByTestId('episode-match-search'))
    expect(server.requests.find((r) => r.path.endsWith('/search-episode'))?.search).toBe('?title=Episode+e1')
    await user.click(await screen.findByRole('button', { name: /The Real Title/ }))
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Episode e1: The Real Title',
    )
    await user.click(screen.getByTestId('episode-edit-save'))
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PATCH')).toBe(true))
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      title: 'Episode e1: The Real Title',
      subtitle: 'From the feed',
      description: '<p>Feed notes</p>',
      guid: 'feed-guid',
      enclosure: { url: 'https://feeds.test/e1.mp3', type: 'audio/mpeg', length: '1' },
    })
  })
})

const twoEpisodes = {
  libraryItemId: 'pod1',
  episodes: [
    { id: 'e1', title: 'First' },
    { id: 'e2', title: 'Second' },
  ],
}

describe('remove episodes modal', () => {
  it('deletes each chosen episode with the files when asked, then reports once', async () => {
    const onDone = vi.fn()
    const { server, user } = renderModals({
      'DELETE /api/podcasts/pod1/episode/e1': () => json(item),
      'DELETE /api/podcasts/pod1/episode/e2': () => json(item),
    })
    act(() => openRemoveEpisodes({ ...twoEpisodes, onDone }))
    const modal = await screen.findByTestId('remove-episodes-modal')
    expect(within(modal).getByRole('heading', { name: 'Remove 2 episodes' })).toBeTruthy()
    expect(within(within(modal).getByTestId('remove-episodes-list')).getAllByRole('listitem')).toHaveLength(2)
    await user.click(
      within(modal).getByRole('checkbox', { name: 'Also delete the file(s) from the file system' }),
    )
    await user.click(within(modal).getByTestId('remove-episodes-confirm'))
    await waitFor(() => expect(toasts()).toContain('2 episodes removed'))
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => `${r.path}${r.search}`)).toEqual([
      '/api/podcasts/pod1/episode/e1?hard=1',
      '/api/podcasts/pod1/episode/e2?hard=1',
    ])
    expect(onDone).toHaveBeenCalled()
    expect(screen.queryByTestId('remove-episodes-modal')).toBeNull()
  })

  it('keeps the files unless asked and counts the failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { server, user } = renderModals({
      'DELETE /api/podcasts/pod1/episode/e1': () => json(item),
      'DELETE /api/podcasts/pod1/episode/e2': () => text('Forbidden', 403),
    })
    act(() => openRemoveEpisodes(twoEpisodes))
    await user.click(await screen.findByTestId('remove-episodes-confirm'))
    await waitFor(() => expect(toasts()).toContain('Failed to remove 1 of 2 episodes'))
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.search)).toEqual(['', ''])
  })
})
