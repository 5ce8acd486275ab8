import type { PersonalizedResponse, ShelfItem } from '@shelfcast/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply, listedItemFixture } from '@/test/browse-fixtures.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { podcastEpisodeFixture } from '@/test/podcast-download-fixtures.ts'
import { renderRoute } from '@/test/render-route.tsx'
import { HomePage } from './HomePage.tsx'

const podcast = (index: number, title: string): ShelfItem =>
  listedItemFixture(index, { mediaType: 'podcast', title, author: 'Host' })

const shelves: PersonalizedResponse = [
  {
    id: 'newest-episodes',
    label: 'Newest Episodes',
    labelStringKey: 'LabelNewestEpisodes',
    type: 'episode',
    total: 1,
    entities: [
      {
        ...podcast(1, 'The Show'),
        recentEpisode: podcastEpisodeFixture('e9', { libraryItemId: 'item-1', title: 'Big news' }),
      },
    ],
  },
  {
    id: 'recently-added',
    label: 'Recently Added',
    labelStringKey: 'LabelRecentlyAdded',
    type: 'podcast',
    total: 2,
    entities: [podcast(1, 'The Show'), podcast(2, 'Another Show')],
  },
]

/** Every shelf is on screen at once. */
class NearObserver {
  private readonly report: (entries: { isIntersecting: boolean }[]) => void
  constructor(report: (entries: { isIntersecting: boolean }[]) => void) {
    this.report = report
  }
  observe() {
    this.report([{ isIntersecting: true }])
  }
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', NearObserver))
afterEach(() => vi.unstubAllGlobals())

describe('home page of a podcast library', () => {
  it('shows episodes with their podcast cover, title and a play button, and recently added podcasts', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'podcast')] }),
      'GET /api/libraries/a': () => libraryDetailReply('a', 'podcast'),
      'GET /api/libraries/a/personalized': () => json(shelves),
    })
    renderRoute('/library/a', '/library/:libraryId', <HomePage />, fake)
    const episode = await screen.findByTestId('home-episode')
    // The episode's title leads; the podcast's title is said once, as the caption.
    expect(within(episode).getByTestId('item-card-title').textContent).toBe('Big news')
    expect(within(episode).getByTestId('item-card-title').nextElementSibling?.textContent).toBe('The Show')
    expect(within(episode).getByRole('button', { name: 'Play episode Big news' })).toBeTruthy()
    expect(within(episode).getByTestId('item-card').dataset.itemId).toBe('item-1')

    const added = screen.getByRole('region', { name: 'Recently Added' })
    expect(
      within(added)
        .getAllByTestId('item-card')
        .map((c) => c.dataset.itemId),
    ).toEqual(['item-1', 'item-2'])
    expect(within(added).queryByTestId('home-episode-play')).toBeNull()
  })
})

describe('home page bookshelf view (the server setting homeBookshelfView)', () => {
  const renderHome = (homeBookshelfView: number) => {
    const login = loginResponseFixture(userFixture('user'))
    useSessionStore
      .getState()
      .setSession({ ...login, serverSettings: { ...login.serverSettings, homeBookshelfView } })
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'podcast')] }),
      'GET /api/libraries/a': () => libraryDetailReply('a', 'podcast'),
      'GET /api/libraries/a/personalized': () => json(shelves),
    })
    renderRoute('/library/a', '/library/:libraryId', <HomePage />, fake)
  }

  it('shows bare covers, named by title and author, in the standard view (0)', async () => {
    renderHome(0)
    const added = await screen.findByRole('region', { name: 'Recently Added' })
    expect(within(added).queryAllByTestId('item-card-title')).toEqual([])
    expect(within(added).getByRole('link', { name: 'The Show, Host' })).toBeTruthy()
    const episode = screen.getByTestId('home-episode')
    expect(within(episode).getByRole('link', { name: 'Big news, The Show' })).toBeTruthy()
  })

  it('shows each title under its cover in the detail view (1)', async () => {
    renderHome(1)
    const added = await screen.findByRole('region', { name: 'Recently Added' })
    expect(
      within(added)
        .getAllByTestId('item-card-title')
        .map((el) => el.textContent),
    ).toEqual(['The Show', 'Another Show'])
  })
})
