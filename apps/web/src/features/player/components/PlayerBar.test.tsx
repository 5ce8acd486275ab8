import { defaultServerSettings } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { createApiClient } from '@/lib/api/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { getAccessToken, useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { FakeAudioBackend } from '../engine/fake-audio-backend.ts'
import { installPlayerController, PlayerController } from '../player-controller.ts'
import { loadPlayer } from '../player-loader.ts'
import { usePlayerStore, type SleepTimer } from '../player-store.ts'
import { PlayerBar } from './PlayerBar.tsx'

const session = {
  id: 's1',
  libraryItemId: 'li1',
  episodeId: null,
  mediaType: 'book',
  displayTitle: 'The Ashen Gate',
  displayAuthor: 'Aldous Fenwick',
  coverPath: null,
  duration: 120,
  currentTime: 5,
  playMethod: 0,
  chapters: [
    { id: 0, start: 0, end: 40, title: 'Part 1' },
    { id: 1, start: 40, end: 80, title: 'Part 2' },
    { id: 2, start: 80, end: 120, title: 'Part 3' },
  ],
  audioTracks: [1, 2, 3].map((index) => ({
    index,
    startOffset: (index - 1) * 40,
    duration: 40,
    title: `Part ${index}`,
    contentUrl: `/public/session/s1/track/${index}`,
    mimeType: 'audio/mpeg',
  })),
  libraryItem: {
    id: 'li1',
    updatedAt: 1,
    mediaType: 'book',
    media: { coverPath: null, metadata: { authors: [{ id: 'a1', name: 'Aldous Fenwick' }] } },
  },
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

/** Each test's player: stopped after it, so its ticker cannot write into the next test's store. */
let current: PlayerController | null = null

async function setup({ phone = false }: { phone?: boolean } = {}) {
  if (phone) vi.stubGlobal('matchMedia', phoneMatchMedia)
  const backends: FakeAudioBackend[] = []
  const controller = new PlayerController(() => {
    const backend = new FakeAudioBackend()
    backends.push(backend)
    return backend
  })
  installPlayerController(controller)
  current = controller
  // The open player's code arrives with the engine's chunk (player-loader.ts): fetched here, as a hover would.
  await loadPlayer()
  const server = fakeServer({
    'POST /api/items/li1/play': () => json(session),
    'POST /api/session/s1/sync': () => json({}),
    'POST /api/session/s1/close': () => json({}),
    'POST /api/me/item/li1/bookmark': (request) =>
      json({ libraryItemId: 'li1', createdAt: 1, ...(request.body as object) }),
  })
  const api = createApiClient({
    basePath: '',
    fetch: server.fetch,
    getAccessToken,
    onSessionRefreshed: () => {},
    onSessionExpired: () => {},
  })
  const queryClient = new QueryClient()
  const router = createMemoryRouter([{ path: '*', element: <PlayerBar /> }], { initialEntries: ['/'] })
  render(
    <AppProviders services={{ api, queryClient, i18n }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  controller.attach(api)
  await act(() => controller.play({ libraryItemId: 'li1' }))
  await flush()
  await screen.findByTestId('player-bar', {}, { timeout: 10_000 })
  return {
    controller,
    backends,
    server,
    router,
    backend: () => backends.at(-1)!,
    user: userEvent.setup(),
  }
}

/** A window that matches the phone query (jsdom has no matchMedia). */
function phoneMatchMedia(query: string): MediaQueryList {
  return {
    matches: true,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  current?.engine.unload()
  current = null
  installPlayerController(null)
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

describe('PlayerBar', () => {
  it('plays the session from its position and shows title, chapter, time and remaining', async () => {
    const { backend, server } = await setup()
    expect(server.requests[0]).toMatchObject({
      path: '/api/items/li1/play',
      body: { mediaPlayer: 'html5', deviceInfo: { clientName: 'Abs Web' } },
    })
    expect(backend().src).toBe('/public/session/s1/track/1')
    expect(backend().time).toBe(5)
    expect(screen.getByTestId('player-bar').getAttribute('data-state')).toBe('PLAYING')
    expect(screen.getByTestId('player-title').textContent).toContain('The Ashen Gate')
    expect(screen.getByTestId('player-chapter').textContent).toContain('Part 1')
    expect(screen.getByTestId('player-current-time').textContent).toContain('0:05')
    expect(screen.getByTestId('player-time-remaining').textContent).toContain('-1:55')
    expect(screen.getByRole('link', { name: 'Aldous Fenwick' }).getAttribute('href')).toBe('/author/a1')
  })

  it('jumps by the user amount, goes to the next chapter (loading the next file) and closes', async () => {
    const { backend, backends, server, user } = await setup()
    await user.click(screen.getByTestId('player-jump-forward'))
    expect(backend().time).toBe(15)
    expect(screen.getByTestId('player-jump-forward').getAttribute('aria-label')).toBe(
      'Jump forward 10 seconds',
    )
    await user.click(screen.getByTestId('player-next'))
    await flush()
    expect(backends).toHaveLength(1)
    expect(backend().loads.at(-1)).toEqual({ src: '/public/session/s1/track/2', startTime: 0 })
    expect(screen.getByTestId('player-chapter').textContent).toContain('Part 2')
    await user.click(screen.getByTestId('player-close'))
    await waitFor(() => expect(screen.queryByTestId('player-bar')).toBeNull())
    expect(server.requests.some((r) => r.path === '/api/session/s1/close')).toBe(true)
  })

  it('emits a speed change only when the menu closes', async () => {
    const { backend, user } = await setup()
    await user.click(screen.getByTestId('player-speed'))
    await user.click(screen.getByRole('button', { name: '2' }))
    await user.click(screen.getByRole('button', { name: 'Increase speed' }))
    expect(useUserSettings.getState().settings.playbackRate).toBe(1)
    await user.click(screen.getByTestId('player-speed'))
    expect(useUserSettings.getState().settings.playbackRate).toBe(2.1)
    expect(backend().rate).toBe(2.1)
    expect(screen.getByTestId('player-speed').textContent).toContain('2.1x')
  })

  it('creates a bookmark at the whole second; the create row hides within 1 s of one', async () => {
    const { server, user } = await setup()
    await user.click(screen.getByTestId('player-bookmarks'))
    // The player's modals are fetched on first open (OnDemandPlayerModals).
    await user.click(await screen.findByTestId('bookmark-create'))
    await user.type(screen.getByPlaceholderText('Note'), 'Gate')
    await user.click(screen.getByTestId('bookmark-add'))
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', body: { title: 'Gate', time: 5 } })
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Bookmark added')
    await waitFor(() => expect(screen.queryByTestId('bookmarks-modal')).toBeNull())
    await user.click(screen.getByTestId('player-bookmarks'))
    expect(screen.getByTestId('bookmark-title').textContent).toContain('Gate')
    expect(screen.queryByTestId('bookmark-create')).toBeNull()
  })

  it("titles a bookmark without a note with the date and time in the server's formats", async () => {
    useSessionStore.getState().setServerSettings({
      ...defaultServerSettings('0.1.0'),
      dateFormat: 'dd.MM.yyyy',
      timeFormat: 'h:mma',
    })
    const { server, user } = await setup()
    await user.click(screen.getByTestId('player-bookmarks'))
    await user.click(await screen.findByTestId('bookmark-create'))
    await user.click(screen.getByTestId('bookmark-add'))
    const body = server.requests.at(-1)?.body as { title: string }
    expect(body.title).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2}(AM|PM)$/)
  })

  it('warns while playing when another session updates the item; follows it when paused', async () => {
    const { controller, backend } = await setup()
    const update = {
      id: 'p1',
      sessionId: 'other',
      deviceDescription: 'Phone',
      data: { libraryItemId: 'li1', episodeId: null, currentTime: 30 },
    } as never
    act(() => controller.onProgressUpdated(update))
    const warning = useToastStore.getState().toasts.find((t) => t.kind === 'warning')
    expect(warning).toMatchObject({
      message: 'Another session is open for this item on device Phone',
      timeoutMs: 20_000,
    })
    act(() => controller.engine.pause())
    act(() => controller.onProgressUpdated(update))
    expect(backend().time).toBe(30)
  })

  it('hotkeys: Space pauses, M mutes, ignored inside inputs', async () => {
    const { backend, user } = await setup()
    await user.keyboard(' ')
    expect(screen.getByTestId('player-bar').getAttribute('data-state')).toBe('PAUSED')
    await user.keyboard('m')
    expect(backend().muted).toBe(true)
    await user.keyboard('l')
    expect(screen.getByTestId('chapters-modal')).toBeTruthy()
    expect(screen.getAllByTestId('chapter-row')).toHaveLength(3)
    const input = document.createElement('input')
    document.body.append(input)
    input.focus()
    await user.keyboard(' ')
    expect(screen.getByTestId('player-bar').getAttribute('data-state')).toBe('PAUSED')
    input.remove()
  })

  it('expands to a full-screen player with cover, title, chapter and controls; collapse and Escape leave it', async () => {
    const { user } = await setup()
    await user.click(screen.getByTestId('player-expand'))
    expect(usePlayerStore.getState().playerIsFullscreen).toBe(true)
    const full = screen.getByTestId('player-fullscreen')
    expect(screen.queryByTestId('player-bar')).toBeNull()
    expect(screen.getByTestId('player-title').textContent).toBe('The Ashen Gate')
    expect(full.textContent).toContain('Aldous Fenwick')
    expect(screen.getByTestId('player-fullscreen-chapter').textContent).toBe('Part 1')
    await user.click(screen.getByTestId('player-play-pause'))
    expect(full.getAttribute('data-state')).toBe('PAUSED')
    await user.click(screen.getByTestId('player-fullscreen-collapse'))
    expect(screen.queryByTestId('player-fullscreen')).toBeNull()
    expect(screen.getByTestId('player-bar')).toBeTruthy()

    await user.click(screen.getByTestId('player-expand'))
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('player-fullscreen')).toBeNull()
    expect(screen.getByTestId('player-bar')).toBeTruthy()
  })

  it('closing while full screen exits full screen first; the next close closes', async () => {
    const { server, user } = await setup()
    await user.click(screen.getByTestId('player-expand'))
    await user.click(screen.getByTestId('player-close'))
    expect(screen.queryByTestId('player-fullscreen')).toBeNull()
    expect(screen.getByTestId('player-bar')).toBeTruthy()
    expect(server.requests.some((r) => r.path === '/api/session/s1/close')).toBe(false)
    await user.click(screen.getByTestId('player-close'))
    await waitFor(() => expect(screen.queryByTestId('player-bar')).toBeNull())
    expect(server.requests.some((r) => r.path === '/api/session/s1/close')).toBe(true)
  })

  it('the sleep button shows the countdown in seconds, minutes or hours, and EoC for end of chapter', async () => {
    await setup()
    const shown = (sleepTimer: SleepTimer) => {
      act(() => usePlayerStore.setState({ sleepTimer }))
      return screen.getByTestId('player-sleep-countdown').textContent
    }
    expect(shown({ type: 'countdown', remaining: 45 })).toBe('45 sec')
    expect(shown({ type: 'countdown', remaining: 1800 })).toBe('30 min')
    expect(shown({ type: 'countdown', remaining: 7200 })).toBe('2 hr')
    expect(shown({ type: 'chapter' })).toBe('EoC')
    expect(screen.getByTestId('player-sleep').className).toContain('text-warning')
  })

  it('the seek track is a slider: arrows jump by the user amounts, Page, Home and End seek; hotkeys do not double it', async () => {
    const { backend, user } = await setup()
    const slider = screen.getByRole('slider', { name: 'Seek' })
    expect(slider.getAttribute('aria-valuenow')).toBe('5')
    expect(slider.getAttribute('aria-valuemax')).toBe('120')
    expect(slider.getAttribute('aria-valuetext')).toBe('0:05 of 2:00')
    slider.focus()
    await user.keyboard('{ArrowRight}')
    expect(backend().time).toBe(15)
    await user.keyboard('{ArrowLeft}')
    expect(backend().time).toBe(5)
    await user.keyboard('{PageUp}')
    expect(backend().time).toBe(35)
    // End and Home load the last and the first file: give them time on a busy machine.
    await user.keyboard('{End}')
    await waitFor(() => expect(usePlayerStore.getState().currentTime).toBe(120))
    await user.keyboard('{Home}')
    await waitFor(() => expect(usePlayerStore.getState().currentTime).toBe(0))
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toBe(
        '0:00 of 2:00',
      ),
    )
  })

  it('chapter rows are buttons reached by Tab and chosen with Enter', async () => {
    const { user } = await setup()
    await user.click(screen.getByTestId('player-chapters'))
    const rows = screen.getAllByRole('button').filter((b) => b.dataset.testid === 'chapter-row')
    expect(rows).toHaveLength(3)
    rows[2]!.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByTestId('chapters-modal')).toBeNull())
    await waitFor(() => expect(screen.getByTestId('player-chapter').textContent).toContain('Part 3'))
  })

  it('the full-screen view owns a history entry: Back closes it, its close button drops the entry', async () => {
    const { router, user } = await setup()
    const before = router.state.historyAction
    await user.click(screen.getByTestId('player-expand'))
    await waitFor(() => expect(router.state.location.state).toMatchObject({ nowPlaying: true }))
    await act(() => router.navigate(-1))
    await waitFor(() => expect(screen.queryByTestId('player-fullscreen')).toBeNull())
    expect(screen.getByTestId('player-bar')).toBeTruthy()
    expect(router.state.location.state).toBeNull()

    await user.click(screen.getByTestId('player-expand'))
    await waitFor(() => expect(router.state.location.state).toMatchObject({ nowPlaying: true }))
    await user.click(screen.getByTestId('player-fullscreen-collapse'))
    await waitFor(() => expect(router.state.location.state).toBeNull())
    expect(router.state.historyAction).toBe('POP')
    expect(before).toBe('POP')
  })

  it('on a phone: a one-row mini player (cover, title, play/pause, progress) that opens now-playing', async () => {
    const { user } = await setup({ phone: true })
    const bar = screen.getByTestId('player-bar')
    expect(screen.getByTestId('mini-player')).toBeTruthy()
    expect(bar.querySelector('[role="slider"]')).toBeNull()
    expect(screen.getByTestId('player-title').textContent).toBe('The Ashen Gate')
    expect(screen.getByTestId('mini-player-progress').style.width).toBe(`${(5 / 120) * 100}%`)
    await user.click(screen.getByTestId('player-play-pause'))
    expect(bar.getAttribute('data-state')).toBe('PAUSED')
    const open = screen.getByRole('button', { name: 'The Ashen Gate Aldous Fenwick' })
    expect(open.getAttribute('title')).toBe('Expand player')
    await user.click(open)
    const full = screen.getByTestId('player-fullscreen')
    for (const id of [
      'player-seek-track',
      'player-jump-back',
      'player-speed',
      'player-sleep',
      'player-close',
    ])
      expect(full.querySelector(`[data-testid="${id}"]`), id).not.toBeNull()
  })

  it('publishes the bar height on <html> for toasts, and 0 once the player closes', async () => {
    const { user } = await setup()
    const published = () => document.documentElement.style.getPropertyValue('--player-bar-height')
    expect(published()).toMatch(/^\d+px$/)
    await user.click(screen.getByTestId('player-close'))
    await waitFor(() => expect(screen.queryByTestId('player-bar')).toBeNull())
    expect(published()).toBe('0px')
  })
})
