import type { PublicSharePage } from '@shelfcast/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'

function pageFixture(overrides: Partial<PublicSharePage> = {}): PublicSharePage {
  return {
    id: 'share-1',
    mediaItemId: 'li_book',
    mediaItemType: 'book',
    slug: 'for-anna',
    expiresAt: null,
    isDownloadable: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    playbackSession: {
      displayTitle: 'The Shared Book',
      displayAuthor: 'Ada Author',
      coverUrl: '/public/share/for-anna/cover',
      duration: 300,
      chapters: [
        { id: 0, start: 0, end: 100, title: 'Opening' },
        { id: 1, start: 100, end: 200, title: 'Middle' },
        { id: 2, start: 200, end: 300, title: 'Ending' },
      ],
      audioTracks: [
        {
          index: 1,
          startOffset: 0,
          duration: 150,
          title: 'part 1',
          contentUrl: '/public/share/for-anna/track/1',
          mimeType: 'audio/mpeg',
        },
        {
          index: 2,
          startOffset: 150,
          duration: 150,
          title: 'part 2',
          contentUrl: '/public/share/for-anna/track/2',
          mimeType: 'audio/mpeg',
        },
      ],
      startTime: 120,
      currentTime: 120,
    },
    ...overrides,
  }
}

function open(answer: () => Response) {
  const server = fakeServer({
    'GET /public/share/for-anna': answer,
    'PATCH /public/share/for-anna/progress': () => new Response(null, { status: 204 }),
  })
  return { server, ...renderApp('/share/for-anna', server) }
}

const audioElement = () => screen.getByTestId('share-audio') as HTMLAudioElement

beforeEach(() => {
  // Signed out: nobody has restored a session, and none is needed.
  useSessionStore.setState({ status: 'ready', user: null, accessToken: null })
  // jsdom plays nothing: the element's paused flag and its events are played here.
  const playing = new WeakSet<HTMLMediaElement>()
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this)
  })
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this)
    this.dispatchEvent(new Event('pause'))
  })
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this)
    this.dispatchEvent(new Event('playing'))
    return Promise.resolve()
  })
})

afterEach(() => vi.restoreAllMocks())

describe('the public share page', () => {
  it('shows the shared book to a visitor without an account, calling no signed-in API', async () => {
    const { server, router } = open(() => json(pageFixture()))
    expect((await screen.findByTestId('share-title')).textContent).toBe('The Shared Book')
    expect(screen.getByTestId('share-author').textContent).toBe('Ada Author')
    expect(currentPath(router)).toBe('/share/for-anna')
    expect(server.requests.filter((r) => r.path.startsWith('/api/'))).toEqual([])
    // Resumed where this browser left off, with the chapter playing there.
    expect((await screen.findByTestId('share-current-time')).textContent).toBe('2:00')
    expect(screen.getByTestId('share-duration').textContent).toBe('5:00')
    expect(screen.getByTestId('share-current-chapter').textContent).toBe('Middle')
    // The track of the start time is already loading.
    expect(audioElement().src).toMatch(/\/public\/share\/for-anna\/track\/1$/)
    expect(screen.queryByTestId('share-download')).toBeNull()
  })

  it('offers the download only when the share allows it', async () => {
    open(() => json(pageFixture({ isDownloadable: true })))
    const link = await screen.findByTestId('share-download')
    expect(link.getAttribute('href')).toBe('/public/share/for-anna/download')
  })

  it('says the share is gone for an unknown or expired slug', async () => {
    open(() => text('Not found', 404))
    expect((await screen.findByTestId('share-not-found')).textContent).toContain(
      'This share link has expired or does not exist.',
    )
  })

  it('plays, jumps, moves between chapters and tracks, and saves the position on pause', async () => {
    const { server, user } = open(() => json(pageFixture()))
    const play = await screen.findByTestId('share-play-pause')
    await user.click(play)
    expect(play.getAttribute('data-state')).toBe('playing')

    await user.click(screen.getByTestId('share-jump-forward'))
    expect(screen.getByTestId('share-current-time').textContent).toBe('2:10')
    await user.click(screen.getByTestId('share-jump-back'))
    await user.click(screen.getByTestId('share-jump-back'))
    expect(screen.getByTestId('share-current-time').textContent).toBe('1:50')

    // Into the second track: its source replaces the first.
    await user.click(screen.getByTestId('share-next-chapter'))
    expect(screen.getByTestId('share-current-time').textContent).toBe('3:20')
    expect(screen.getByTestId('share-current-chapter').textContent).toBe('Ending')
    expect(audioElement().src).toMatch(/\/track\/2$/)
    await user.click(screen.getByTestId('share-previous-chapter'))
    expect(screen.getByTestId('share-current-time').textContent).toBe('1:40')

    await user.click(play)
    expect(play.getAttribute('data-state')).toBe('paused')
    await waitFor(() =>
      expect(
        server.requests
          .filter((r) => r.method === 'PATCH')
          .map((r) => (r.body as { currentTime: number }).currentTime),
      ).toContain(100),
    )
  })

  it('answers Space and the arrow keys, and sets the speed', async () => {
    const { user } = open(() => json(pageFixture()))
    const play = await screen.findByTestId('share-play-pause')
    fireEvent.keyDown(document.body, { key: ' ' })
    expect(play.getAttribute('data-state')).toBe('playing')
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' })
    expect(screen.getByTestId('share-current-time').textContent).toBe('1:50')
    fireEvent.keyDown(document.body, { key: 'ArrowRight' })
    fireEvent.keyDown(document.body, { key: 'ArrowRight' })
    expect(screen.getByTestId('share-current-time').textContent).toBe('2:10')
    fireEvent.keyDown(document.body, { key: ' ' })
    expect(play.getAttribute('data-state')).toBe('paused')

    await user.selectOptions(screen.getByTestId('share-speed'), '1.5')
    expect(audioElement().playbackRate).toBe(1.5)
  })

  it('lists the chapters and starts one when chosen', async () => {
    const { user } = open(() => json(pageFixture()))
    await user.click(await screen.findByTestId('share-chapters-toggle'))
    await user.click(screen.getByRole('button', { name: /Ending/ }))
    expect(screen.getByTestId('share-current-time').textContent).toBe('3:20')
  })
})
