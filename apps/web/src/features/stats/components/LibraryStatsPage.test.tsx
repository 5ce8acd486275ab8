import type { LibraryStats, User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'

function signIn(user: User) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

const stats: LibraryStats = {
  totalItems: 1234,
  totalAuthors: 3,
  totalGenres: 2,
  totalDuration: 36_000,
  totalSize: 3 * 1024 ** 3,
  numAudioTracks: 42,
  longestItems: [
    { id: 'i1', title: 'The Long One', duration: 7200 },
    { id: 'i2', title: 'Half as Long', duration: 3600 },
  ],
  largestItems: [{ id: 'i1', title: 'The Long One', size: 2 * 1024 ** 3 }],
  authorsWithCount: [
    { id: 'au1', name: 'Terry Pratchett', count: 10 },
    { id: 'au2', name: 'Ursula K. Le Guin', count: 5 },
  ],
  genresWithCount: [
    { genre: 'Fantasy', count: 8 },
    { genre: 'Science Fiction', count: 2 },
  ],
}

function server(mediaType: 'book' | 'podcast' = 'book') {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a', mediaType)] }),
    'GET /api/libraries/a': () => libraryDetailReply('a', mediaType),
    'GET /api/libraries/a/stats': () => json(stats),
    'GET /api/me/listening-stats': () =>
      json({ totalTime: 0, items: {}, days: {}, dayOfWeek: {}, today: 0, recentSessions: [] }),
  })
}

const barWidths = (chart: HTMLElement) =>
  within(chart)
    .getAllByTestId('bar')
    .map((bar) => Number(bar.getAttribute('width')))

describe('/library/:libraryId/stats', () => {
  it("shows the library's totals and top lists as bar charts proportional to the figures", async () => {
    signIn(userFixture('admin'))
    renderApp('/library/a/stats', server())
    const tiles = await screen.findAllByTestId('stats-tile')
    expect(tiles.map((tile) => tile.textContent)).toEqual(['1,234', '3', '2', '10 hr', '3 GB', '42'])

    const authors = screen.getByRole('region', { name: 'Top 10 Authors' })
    expect(within(authors).getByRole('link', { name: 'Terry Pratchett' }).getAttribute('href')).toBe(
      '/author/au1',
    )
    expect(barWidths(authors)).toEqual([100, 50])
    expect(
      within(authors)
        .getAllByTestId('bar-value')
        .map((v) => v.textContent),
    ).toEqual(['10 books', '5 books'])

    const genres = screen.getByRole('region', { name: 'Top 5 Genres' })
    expect(barWidths(genres)).toEqual([100, 25])
    const longest = screen.getByRole('region', { name: 'Longest Items' })
    expect(within(longest).getByRole('link', { name: 'The Long One' }).getAttribute('href')).toBe('/item/i1')
    expect(barWidths(longest)).toEqual([100, 50])

    const week = await screen.findByTestId('week-chart')
    expect(within(week).getByRole('img', { name: 'Minutes listening (last 7 days)' })).toBeTruthy()
    expect(within(week).getAllByTestId('column')).toHaveLength(7)
    // The figures are also text for screen readers.
    expect(within(week).getAllByRole('row')).toHaveLength(8)
  })

  it('sends a user who is not an admin to the library home', async () => {
    signIn(userFixture('user'))
    const { router } = renderApp('/library/a/stats', server())
    await waitFor(() => expect(currentPath(router)).toBe('/library/a'))
    expect(screen.queryByTestId('library-stats-page')).toBeNull()
  })

  it('sends an admin on a podcast library to the library home', async () => {
    signIn(userFixture('admin'))
    const fake = server('podcast')
    const { router } = renderApp('/library/a/stats', fake)
    await waitFor(() => expect(currentPath(router)).toBe('/library/a'))
    expect(fake.requests.some((r) => r.path === '/api/libraries/a/stats')).toBe(false)
  })
})
