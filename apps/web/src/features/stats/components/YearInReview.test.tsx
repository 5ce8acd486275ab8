import type { ServerStats, ServerYearStats, User, UserYearStats } from '@shelfcast/contracts'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const thisYear = new Date().getFullYear()

function signIn(user: User) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

const common = {
  monthlyListeningTime: [3600, 0, 1800, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  topAuthors: [
    { name: 'Terry Pratchett', time: 4000 },
    { name: 'Ursula K. Le Guin', time: 1000 },
  ],
  topGenres: [{ genre: 'Fantasy', time: 5400 }],
  topNarrators: [{ name: 'Nigel Planer', time: 5400 }],
  longestSession: {
    libraryItemId: 'b1',
    episodeId: null,
    displayTitle: 'Mort',
    displayAuthor: 'Terry Pratchett',
    timeListening: 3600,
    date: `${thisYear}-01-10`,
  },
}

function userYear(year: number, over: Partial<UserYearStats> = {}): UserYearStats {
  return {
    ...common,
    year,
    yearsWithData: [thisYear, thisYear - 2],
    totalListeningSessions: 3,
    totalListeningTime: 5400,
    totalBookListeningTime: 5400,
    totalPodcastListeningTime: 0,
    mostListenedNarrator: { name: 'Nigel Planer', time: 5400 },
    mostListenedMonth: { month: 0, time: 3600 },
    numBooksFinished: 1,
    numBooksListened: 2,
    longestAudiobookFinished: { id: 'b1', title: 'Mort', duration: 30_000, finishedAt: Date.now() },
    booksWithCovers: ['b1'],
    finishedBooksWithCovers: ['b1'],
    finishedBooks: [
      { id: 'b1', title: 'Mort', author: 'Terry Pratchett', duration: 30_000, finishedAt: Date.now() },
    ],
    ...over,
  }
}

const emptyUserYear = (year: number): UserYearStats =>
  userYear(year, {
    monthlyListeningTime: Array<number>(12).fill(0),
    topAuthors: [],
    topGenres: [],
    topNarrators: [],
    longestSession: null,
    totalListeningSessions: 0,
    totalListeningTime: 0,
    totalBookListeningTime: 0,
    numBooksFinished: 0,
    numBooksListened: 0,
    longestAudiobookFinished: null,
    booksWithCovers: [],
    finishedBooksWithCovers: [],
    finishedBooks: [],
  })

const serverYear: ServerYearStats = {
  ...common,
  year: thisYear,
  yearsWithData: [thisYear],
  numListeningSessions: 9,
  totalListeningTime: 7200,
  numListeners: 4,
  numBooksFinished: 2,
  numBooksAdded: 12,
  numAuthorsAdded: 3,
  totalBooksAddedSize: 1024 ** 3,
  totalBooksAddedDuration: 100_000,
  booksAddedWithCovers: [],
  totalBooksSize: 5 * 1024 ** 3,
  totalBooksDuration: 360_000,
  numBooks: 40,
  numAudioFiles: 80,
}

const serverTotals: ServerStats = {
  books: { numItems: 40, numAudioFiles: 80, totalDuration: 360_000, totalSize: 5 * 1024 ** 3 },
  podcasts: { numItems: 0, numAudioFiles: 0, totalDuration: 0, totalSize: 0 },
  total: {
    numItems: 40,
    numAudioFiles: 80,
    totalDuration: 360_000,
    totalSize: 5 * 1024 ** 3,
    numUsers: 3,
    numListeningSessions: 9,
    totalListeningTime: 7200,
  },
}

function server(byYear: (year: number) => UserYearStats) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/me/listening-stats': () =>
      json({ totalTime: 0, items: {}, days: {}, dayOfWeek: {}, today: 0, recentSessions: [] }),
    [`GET /api/me/stats/year/${thisYear}`]: () => json(byYear(thisYear)),
    [`GET /api/me/stats/year/${thisYear - 2}`]: () => json(byYear(thisYear - 2)),
    [`GET /api/stats/year/${thisYear}`]: () => json(serverYear),
    'GET /api/stats/server': () => json(serverTotals),
  })
}

describe('year in review', () => {
  it("shows the user's year: figures, finished books, top lists and a month chart", async () => {
    signIn(userFixture('user'))
    renderApp(
      '/config/stats',
      server((year) => userYear(year)),
    )
    const tiles = await screen.findAllByTestId('year-tile')
    expect(tiles.map((t) => t.textContent)).toEqual(['1 hr, 30 min', '3', '2', '1'])
    const finished = screen.getByTestId('year-finished-book')
    expect(within(finished).getByRole('link').getAttribute('href')).toBe('/item/b1')
    expect(finished.textContent).toContain('Mort')
    const authors = screen.getByRole('region', { name: 'Top authors' })
    expect(
      within(authors)
        .getAllByTestId('bar')
        .map((bar) => Number(bar.getAttribute('width'))),
    ).toEqual([100, 25])
    const months = screen.getByTestId('month-chart')
    const heights = within(months)
      .getAllByTestId('column-bar')
      .map((bar) => Number(bar.getAttribute('height')))
    expect(heights).toHaveLength(12)
    expect(heights[0]).toBe(100)
    expect(heights[2]).toBe(50)
    expect(heights[1]).toBe(0)
    expect(screen.getByTestId('year-longest-session').textContent).toContain('Mort')
    expect(screen.getByTestId('year-share')).toBeTruthy()
    // A user sees no server toggle.
    expect(screen.queryByRole('tab')).toBeNull()
  })

  it('lists the years with data in the picker and shows an empty year as a message', async () => {
    signIn(userFixture('user'))
    const { user } = renderApp(
      '/config/stats',
      server((year) => (year === thisYear ? userYear(year) : emptyUserYear(year))),
    )
    await screen.findAllByTestId('year-tile')
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Year' })
    expect([...picker.options].map((o) => o.value)).toEqual([String(thisYear), String(thisYear - 2)])
    await user.selectOptions(picker, String(thisYear - 2))
    expect((await screen.findByTestId('year-empty')).textContent).toBe(`No listening in ${thisYear - 2} yet`)
    expect(screen.queryByTestId('year-share')).toBeNull()
  })

  it("lets an admin switch to the server's year with its totals", async () => {
    signIn(userFixture('admin'))
    const { user } = renderApp(
      '/config/stats',
      server((year) => userYear(year)),
    )
    await screen.findAllByTestId('year-tile')
    await user.click(screen.getByRole('tab', { name: "Server's year" }))
    await screen.findByText('Server totals')
    const tiles = screen.getAllByTestId('year-tile').map((t) => t.textContent)
    expect(tiles).toEqual(['2 hr', '4', '9', '12', '2', '1 GB'])
    expect(screen.getAllByTestId('server-total').map((t) => t.textContent)).toEqual([
      '40',
      '100 hr',
      '5 GB',
      '80',
      '3',
      '9',
    ])
  })
})
