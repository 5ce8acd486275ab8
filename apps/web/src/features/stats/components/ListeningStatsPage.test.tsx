import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const pad = (n: number) => String(n).padStart(2, '0')
const today = (() => {
  const d = new Date()
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
})()

describe('/config/stats', () => {
  it("shows a user's totals, the last seven days and recent sessions", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/me/listening-stats': () =>
        json({
          totalTime: 7200,
          items: { a: { id: 'a', timeListening: 7200, mediaMetadata: null, lastUpdate: 0 } },
          days: { [today]: 1800, '2020-01-01': 5400 },
          dayOfWeek: {},
          today: 1800,
          recentSessions: [
            {
              id: 's1',
              libraryItemId: 'a',
              displayTitle: 'Mort',
              displayAuthor: 'Terry Pratchett',
              timeListening: 1800,
              updatedAt: Date.now(),
            },
          ],
        }),
    })
    renderApp('/config/stats', fake)
    const tiles = await screen.findAllByTestId('stats-tile')
    expect(tiles.map((tile) => tile.textContent)).toEqual(['1', '2', '120', '30'])
    const days = screen.getAllByTestId('stats-day')
    expect(days).toHaveLength(7)
    expect(days[6]!.textContent).toContain('30')
    expect(screen.getByTestId('stats-session').textContent).toContain('Mort')
  })
})
