import type { LogEntry } from '@shelfcast/contracts'
import { act, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents, type SocketClient, type SocketState } from '@/lib/socket/index.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const root = userFixture('root', { id: 'root-id' })

const names = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL', 'NOTE'] as const
const entry = (level: number, message: string): LogEntry => ({
  timestamp: new Date().toISOString(),
  source: '',
  message,
  levelName: names[level] ?? 'INFO',
  level,
})

const shownLines = () => screen.queryAllByTestId('log-line').map((l) => l.textContent ?? '')

describe('/config/log', () => {
  // jsdom lays nothing out: give the list's scroller a height so the virtualiser renders rows into it.
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 })
  })
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
    if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth)
  })

  it("shows today's lines from Info up, filters by level and text, and appends streamed lines", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/logger-data': () =>
        json({
          currentDailyLogs: [entry(1, 'debug detail'), entry(2, 'scan finished'), entry(4, 'cover failed')],
        }),
    })
    const { user, queryClient } = renderApp('/config/log', fake)
    await waitFor(() => expect(shownLines()).toHaveLength(2))
    expect(shownLines().join('\n')).not.toContain('debug detail')

    await user.selectOptions(screen.getByLabelText('Log level'), 'Debug')
    await waitFor(() => expect(shownLines()).toHaveLength(3))

    await user.type(screen.getByLabelText('Filter'), 'COVER')
    await waitFor(() => expect(shownLines()).toEqual([expect.stringContaining('cover failed')]))

    await user.clear(screen.getByLabelText('Filter'))
    act(() => socketEvents.dispatch({ queryClient }, 'log', [entry(3, 'a live line')]))
    await waitFor(() => expect(shownLines().at(-1)).toContain('a live line'))
    expect(shownLines()).toHaveLength(4)

    await user.selectOptions(screen.getByLabelText('Log level'), 'Error')
    await waitFor(() => expect(shownLines()).toHaveLength(1))
  })

  it('listens for live lines only while it shows today, at its level and again after a reconnection', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const state = createStore<SocketState>()(() => ({
      connected: true,
      authenticated: true,
      usersOnline: [],
    }))
    const emit = vi.fn()
    const socket = { connect: vi.fn(), disconnect: vi.fn(), emit, state } as unknown as SocketClient
    const older = '2026-01-02'
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/logger-data': () => json({ currentDailyLogs: [entry(2, 'today line')] }),
      'GET /api/logger-data/days': () =>
        json({
          days: [
            { day: older, size: 10 },
            { day: '2026-01-01', size: 5 },
          ],
        }),
      [`GET /api/logger-data/days/${older}`]: () =>
        json({ day: older, truncated: true, lines: [entry(2, 'old info'), entry(4, 'old error')] }),
    })
    const { user, router } = renderApp('/config/log', { fetch: fake.fetch, socket })
    await waitFor(() => expect(shownLines()).toHaveLength(1))
    expect(emit.mock.calls).toEqual([['set_log_listener', 2]])
    const loads = () => fake.requests.filter((r) => r.path === '/api/logger-data').length
    expect(loads()).toBe(1)

    // A lower level: listened for from now on, and today's lines fetched again (those below were not streamed).
    emit.mockClear()
    await user.selectOptions(screen.getByLabelText('Log level'), 'Debug')
    expect(emit.mock.calls).toEqual([['remove_log_listener'], ['set_log_listener', 1]])
    await waitFor(() => expect(loads()).toBe(2))

    // A reconnected socket does not listen until told again.
    emit.mockClear()
    act(() => state.setState({ connected: false, authenticated: false }))
    act(() => state.setState({ connected: true, authenticated: true }))
    expect(emit.mock.calls).toEqual([['set_log_listener', 1]])

    // An older day: no live lines; its lines, filtered; a note that only its end is shown; its file to download.
    emit.mockClear()
    await user.selectOptions(screen.getByLabelText('Day'), older)
    expect(emit.mock.calls).toEqual([['remove_log_listener']])
    await waitFor(() => expect(shownLines()).toHaveLength(2))
    expect(screen.getByRole('alert').textContent).toContain('only its last lines')
    await user.selectOptions(screen.getByLabelText('Log level'), 'Error')
    await waitFor(() => expect(shownLines()).toEqual([expect.stringContaining('old error')]))
    const link = screen.getByRole('link', { name: 'Download' })
    expect(link.getAttribute('href')).toMatch(new RegExp(`/api/logger-data/days/${older}/download\\?token=`))

    // Back to today: listening again; leaving the page stops it.
    emit.mockClear()
    await user.selectOptions(screen.getByLabelText('Day'), 'Today (live)')
    expect(emit.mock.calls).toEqual([['set_log_listener', 4]])
    emit.mockClear()
    await act(() => router.navigate('/config'))
    await waitFor(() => expect(emit.mock.calls).toEqual([['remove_log_listener']]))
  })
})
