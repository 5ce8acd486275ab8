import type { AllSessionsPage, SessionWithUser } from '@shelfcast/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const root = userFixture('root', { id: 'root-id', username: 'root' })
const bob = userFixture('user', { id: 'bob-id', username: 'bob' })

const session = (id: string, user: { id: string; username: string }, title: string): SessionWithUser => ({
  id,
  userId: user.id,
  libraryId: 'lib',
  libraryItemId: `item-${id}`,
  bookId: null,
  episodeId: null,
  mediaType: 'book',
  mediaMetadata: {},
  chapters: [],
  displayTitle: title,
  displayAuthor: 'An Author',
  coverPath: null,
  duration: 600,
  playMethod: 0,
  mediaPlayer: 'html5',
  deviceInfo: {
    id: 'd',
    userId: user.id,
    deviceId: 'd',
    ipAddress: null,
    browserName: 'Firefox',
    osName: 'Linux',
    clientVersion: '1',
    manufacturer: '',
    model: '',
    sdkVersion: '',
    clientName: 'Shelfcast Web',
    deviceName: '',
  },
  serverVersion: '0.1.0',
  date: '2026-01-01',
  dayOfWeek: 'Thursday',
  timeListening: 90,
  startTime: 0,
  currentTime: 75,
  startedAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1, 1),
  user,
})

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join(' | ')

describe('/config/sessions', () => {
  it('pages, filters by user, sorts by a column, and deletes one or many after confirming', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    let stored = Array.from({ length: 12 }, (_, i) =>
      session(
        `s${i}`,
        i % 2 ? { id: 'bob-id', username: 'bob' } : { id: 'root-id', username: 'root' },
        `Book ${i}`,
      ),
    )
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/users': () => json({ users: [root, bob] }),
      'GET /api/sessions': (request) => {
        const q = new URLSearchParams(request.search)
        const user = q.get('user')
        const rows = stored.filter((s) => !user || s.userId === user)
        const page = Number(q.get('page')),
          per = Number(q.get('itemsPerPage'))
        const answer: AllSessionsPage = {
          total: rows.length,
          numPages: Math.ceil(rows.length / per),
          page,
          itemsPerPage: per,
          sessions: rows.slice(page * per, page * per + per),
          userFilter: user,
        }
        return json(answer)
      },
      'DELETE /api/sessions/s0': () => {
        stored = stored.filter((s) => s.id !== 's0')
        return text('OK', 200)
      },
      'POST /api/sessions/batch/delete': (request) => {
        const ids = (request.body as { sessions: string[] }).sessions
        stored = stored.filter((s) => !ids.includes(s.id))
        return text('OK', 200)
      },
    })
    const { user } = renderApp('/config/sessions', fake)
    expect(await screen.findAllByTestId('session-row')).toHaveLength(10)
    expect(screen.getByTestId('sessions-page').textContent).toBe('Page 1 of 2')
    const first = screen.getAllByTestId('session-row')[0]!
    expect(first.textContent).toContain('Book 0')
    expect(first.textContent).toContain('root')
    expect(first.textContent).toContain('1:30')

    await user.click(screen.getByTestId('sessions-next'))
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2))
    expect(screen.getByTestId('sessions-page').textContent).toBe('Page 2 of 2')

    await user.selectOptions(screen.getByTestId('sessions-user-filter'), 'bob')
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(6))
    expect(screen.getAllByTestId('session-row').every((r) => r.textContent?.includes('bob'))).toBe(true)
    expect(screen.getByTestId('sessions-page').textContent).toBe('Page 1 of 1')
    expect(fake.requests.at(-1)?.search).toContain('user=bob-id')
    expect(fake.requests.at(-1)?.search).toContain('page=0')

    await user.click(screen.getByTestId('sessions-sort-timeListening'))
    await waitFor(() => expect(fake.requests.at(-1)?.search).toContain('sort=timeListening'))
    expect(fake.requests.at(-1)?.search).toContain('desc=1')
    await user.click(screen.getByTestId('sessions-sort-timeListening'))
    await waitFor(() => expect(fake.requests.at(-1)?.search).toContain('desc=0'))

    // Many: select two rows, delete them together.
    const rows = screen.getAllByTestId('session-row')
    await user.click(within(rows[0]!).getByRole('checkbox'))
    await user.click(within(rows[1]!).getByRole('checkbox'))
    await user.click(screen.getByTestId('sessions-delete-selected'))
    const dialog = await screen.findByTestId('sessions-confirm')
    expect(dialog.textContent).toContain('Delete 2 listening sessions?')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(4))
    const batch = fake.requests.find((r) => r.path === '/api/sessions/batch/delete')
    expect(batch?.body).toEqual({ sessions: ['s1', 's3'] })
    expect(toasts()).toContain('Deleted 2 listening sessions')

    // One: back to everyone, delete the first row.
    await user.selectOptions(screen.getByTestId('sessions-user-filter'), '')
    await waitFor(() => expect(screen.getAllByTestId('session-row')[0]!.textContent).toContain('Book 0'))
    await user.click(within(screen.getAllByTestId('session-row')[0]!).getByTestId('session-delete'))
    await user.click(
      within(await screen.findByTestId('sessions-confirm')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(screen.getAllByTestId('session-row')[0]!.textContent).not.toContain('Book 0'))
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === '/api/sessions/s0')).toBe(true)
  })
})

describe('/config/sessions/open', () => {
  it('lists open sessions, follows user_stream_update, closes one and says when closing fails', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    let open = [session('o1', { id: 'bob-id', username: 'bob' }, 'Playing Now')]
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/sessions/open': () => json({ sessions: open }),
      'POST /api/session/o1/close': () => {
        open = []
        return text('OK', 200)
      },
      'POST /api/session/o2/close': () => text('Session not found', 404),
    })
    const { user, queryClient } = renderApp('/config/sessions/open', fake)
    const row = await screen.findByTestId('open-session-row')
    expect(row.textContent).toContain('Playing Now')
    expect(row.textContent).toContain('bob')
    expect(row.textContent).toContain('Shelfcast Web · Firefox · Linux')
    expect(row.textContent).toContain('1:15')

    // Someone else starts playing: the list follows without a reload.
    open = [...open, session('o2', { id: 'root-id', username: 'root' }, 'Another One')]
    act(() =>
      socketEvents.dispatch({ queryClient }, 'user_stream_update', [{ id: 'root-id', session: open[1]! }]),
    )
    await waitFor(() => expect(screen.getAllByTestId('open-session-row')).toHaveLength(2))

    await user.click(within(screen.getAllByTestId('open-session-row')[1]!).getByTestId('open-session-close'))
    await waitFor(() => expect(toasts()).toContain('Failed to close session'))

    await user.click(screen.getByRole('button', { name: 'Close the session of bob: Playing Now' }))
    await waitFor(() => expect(toasts()).toContain('Session closed'))
    expect(screen.queryByText('Playing Now')).toBeNull()
  })
})

describe('/config/users/:id/sessions', () => {
  it("shows a user's totals and their sessions a page at a time, reached from the users list", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const bobs = Array.from({ length: 11 }, (_, i) => session(`b${i}`, bob, `Bob Book ${i}`))
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/users': () => json({ users: [root, bob] }),
      'GET /api/users/online': () => json({ usersOnline: [], openSessions: [] }),
      'GET /api/users/bob-id': () => json(bob),
      'GET /api/users/bob-id/listening-stats': () =>
        json({
          totalTime: 3600,
          items: { 'item-b0': { id: 'item-b0', timeListening: 3600, mediaMetadata: {}, lastUpdate: 1 } },
          days: { '2026-01-01': 3600 },
          dayOfWeek: { Thursday: 3600 },
          today: 0,
          recentSessions: [],
        }),
      'GET /api/users/bob-id/listening-sessions': (request) => {
        const q = new URLSearchParams(request.search)
        const page = Number(q.get('page')),
          per = Number(q.get('itemsPerPage'))
        return json({
          total: bobs.length,
          numPages: Math.ceil(bobs.length / per),
          page,
          itemsPerPage: per,
          sessions: bobs.slice(page * per, page * per + per),
        })
      },
    })
    const { user } = renderApp('/config/users', fake)
    await user.click(await screen.findByRole('link', { name: 'Listening sessions of bob' }))
    expect(await screen.findByRole('heading', { name: 'Listening sessions of bob' })).toBeTruthy()
    const stats = await screen.findByTestId('user-stats')
    expect(stats.textContent).toContain('60')
    expect(await screen.findAllByTestId('user-session-row')).toHaveLength(10)
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(screen.getAllByTestId('user-session-row')).toHaveLength(1))
    expect(screen.getByTestId('user-session-row').textContent).toContain('Bob Book 10')
  })
})
