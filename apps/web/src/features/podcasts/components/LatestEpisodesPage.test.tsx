import type { RecentEpisodesResponse } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, type RecordedRequest } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { recentEpisodeFixture } from '@/test/podcast-download-fixtures.ts'
import { renderRoute } from '@/test/render-route.tsx'
import { LatestEpisodesPage } from './LatestEpisodesPage.tsx'

function server(total: number) {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'podcast')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a', 'podcast'),
    'GET /api/libraries/a/recent-episodes': (request: RecordedRequest) => {
      const query = new URLSearchParams(request.search)
      const limit = Number(query.get('limit'))
      const page = Number(query.get('page'))
      const count = Math.max(0, Math.min(limit, total - page * limit))
      const episodes = Array.from({ length: count }, (_, i) =>
        recentEpisodeFixture(`e${page * limit + i + 1}`),
      )
      return json({ episodes, total, limit, page } satisfies RecentEpisodesResponse)
    },
  })
}

const renderLatest = (fake: ReturnType<typeof server>) =>
  renderRoute('/library/a/podcast/latest', '/library/:libraryId/podcast/latest', <LatestEpisodesPage />, fake)

describe('latest episodes page', () => {
  it('lists the newest episodes with their podcast, state and play button, 25 a page', async () => {
    const user = userFixture('user')
    useSessionStore.getState().setSession(
      loginResponseFixture({
        ...user,
        mediaProgress: [
          {
            id: 'p1',
            userId: user.id,
            mediaItemId: 'e2',
            mediaItemType: 'podcastEpisode',
            libraryItemId: 'pod1',
            episodeId: 'e2',
            duration: 600,
            progress: 1,
            currentTime: 600,
            isFinished: true,
            hideFromContinueListening: false,
            ebookLocation: null,
            ebookProgress: null,
            lastUpdate: 1,
            startedAt: 1,
            finishedAt: 2,
          },
        ],
      }),
    )
    const fake = server(30)
    const { user: clicker } = renderLatest(fake)
    const rows = await screen.findAllByTestId('latest-episode-row')
    expect(rows).toHaveLength(25)
    expect(within(rows[0]!).getByTestId('latest-episode-title').textContent).toBe('Episode e1')
    expect(within(rows[0]!).getByRole('link', { name: 'The Show' }).getAttribute('href')).toBe('/item/pod1')
    expect(within(rows[0]!).getByRole('button', { name: 'Play episode Episode e1' })).toBeTruthy()
    expect(within(rows[1]!).getByTestId('latest-episode-finished')).toBeTruthy()
    expect(within(rows[0]!).queryByTestId('latest-episode-finished')).toBeNull()

    await clicker.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(screen.getAllByTestId('latest-episode-row')).toHaveLength(5))
    const pages = fake.requests
      .filter((r) => r.path === '/api/libraries/a/recent-episodes')
      .map((r) => new URLSearchParams(r.search))
    expect(pages.map((q) => [q.get('limit'), q.get('page')])).toEqual([
      ['25', '0'],
      ['25', '1'],
    ])
  })

  it('says so when the library has no episodes', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    renderLatest(server(0))
    expect(await screen.findByTestId('latest-episodes-empty')).toBeTruthy()
  })
})
