import type { LogEntry } from '@shelfcast/contracts'
import { act, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
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
})
