import type { PodcastEpisode } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useEpisodeModals } from '@/lib/episode-modals.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { podcastEpisodeFixture, podcastItemFixture } from '@/test/podcast-download-fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const episode = (i: number): PodcastEpisode =>
  podcastEpisodeFixture(`e${i}`, { title: `Episode ${i}`, episode: String(i), publishedAt: i * 60_000 })

afterEach(() => useEpisodeModals.setState(useEpisodeModals.getInitialState(), true))

describe('podcast item page', () => {
  it('opens 5,000 episodes minified with a window of rows; a row opens the globally mounted view', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture()))
    const episodes = Array.from({ length: 5000 }, (_, i) => episode(i))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'podcast')] }),
      'GET /api/libraries/a': () => libraryDetailReply('a'),
      'GET /api/items/pod1': () => json(podcastItemFixture('pod1', { episodes })),
      'GET /api/podcasts/pod1/episode/e4999': () =>
        json({ ...episodes[4999], description: '<p>Notes for the last one</p>' }),
    })
    const { user } = renderApp('/item/pod1', server)
    expect((await screen.findByTestId('episodes-count')).textContent).toBe('5,000 episodes')
    expect(server.requests.find((r) => r.path === '/api/items/pod1')?.search).toContain('episodes=minified')
    const rows = screen.getAllByTestId('episode-row')
    expect(rows.length).toBeLessThan(30)
    await user.click(within(rows[0]!).getByTestId('episode-title'))
    const modal = await screen.findByTestId('episode-view-modal')
    await waitFor(() => expect(within(modal).getByText('Notes for the last one')).toBeTruthy())
  })

  it('draws an HTML podcast description from its sanitised tree, never as markup', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture()))
    const item = podcastItemFixture('pod2', { episodes: [episode(1)] })
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a', 'podcast')] }),
      'GET /api/libraries/a': () => libraryDetailReply('a'),
      'GET /api/items/pod2': () =>
        json({
          ...item,
          media: {
            ...item.media,
            metadata: {
              ...item.media.metadata,
              description: '<p>A show about <b>owls</b><script>alert(1)</script></p>',
            },
          },
        }),
    })
    renderApp('/item/pod2', server)
    const description = await screen.findByTestId('item-description')
    expect(description.textContent).toBe('A show about owls')
    expect(description.querySelector('b, strong')?.textContent).toBe('owls')
    expect(description.querySelector('script')).toBeNull()
  })
})
