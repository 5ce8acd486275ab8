import { limits, type SearchResponse, type User } from '@shelfcast/contracts'
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { listedItemFixture } from '@/test/browse-fixtures.ts'
import { podcastEpisodeFixture } from '@/test/podcast-download-fixtures.ts'
import { useFakeClock } from '@/test/fake-clock.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'
import { emptySearchResults } from '../model/search-state.ts'

function signIn(user: User = userFixture()) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

/** A podcast library's answer as Audiobookshelf sends it: the episode is its podcast's `recentEpisode`. */
const podcastAnswer = (): SearchResponse => ({
  podcast: [],
  tags: [],
  genres: [],
  episodes: [
    {
      libraryItem: {
        ...listedItemFixture(9, { mediaType: 'podcast', title: 'Harbour Talk' }),
        recentEpisode: podcastEpisodeFixture('ep-1', { title: 'The Lantern Keeper' }),
      },
    },
  ],
})

const answer = (q: string): SearchResponse =>
  q === 'lantern'
    ? podcastAnswer()
    : q === 'ember'
      ? {
          ...emptySearchResults(),
          book: [
            {
              libraryItem: listedItemFixture(1, { title: 'The Ember Road', author: 'Aldous Fenwick' }),
            },
          ],
          narrators: [{ name: 'Mara Quill', numBooks: 3 }],
        }
      : emptySearchResults()

/** The search route, answering when the test says so. */
function searchServer() {
  const pending: (() => void)[] = []
  const fake = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
    'GET /api/libraries/a/search': (request) =>
      new Promise((resolve) => {
        const q = new URLSearchParams(request.search).get('q') ?? ''
        pending.push(() => resolve(json(answer(q))))
      }),
  })
  const searches = () =>
    fake.requests
      .filter((r) => r.path === '/api/libraries/a/search')
      .map((r) => new URLSearchParams(r.search))
  const release = () => act(() => pending.splice(0).forEach((reply) => reply()))
  return { fake, searches, release }
}

const dropdown = () => screen.getByTestId('search-dropdown')

describe('global search', () => {
  it('thinks while typing, fetches after 750 ms, then shows grouped results', async () => {
    signIn()
    const clock = useFakeClock()
    const { fake, searches, release } = searchServer()
    const { user } = renderApp('/account', fake)
    const box = await screen.findByRole('combobox', { name: 'Search the library' })

    await user.type(box, 'ember')
    expect(dropdown().dataset.phase).toBe('thinking')
    expect(dropdown().textContent).toBe('Thinking...')
    await clock.advance(limits.searchDebounceMs - 1)
    expect(dropdown().dataset.phase).toBe('thinking')
    expect(searches()).toHaveLength(0)

    await clock.advance(1)
    await waitFor(() => expect(dropdown().dataset.phase).toBe('fetching'))
    expect(dropdown().textContent).toContain('Fetching...')
    expect(searches().map((q) => [q.get('q'), q.get('limit')])).toEqual([['ember', '3']])

    await release()
    await waitFor(() => expect(dropdown().dataset.phase).toBe('results'))
    expect(screen.getByRole('region', { name: 'Books' }).textContent).toContain('The Ember Road')
    expect(screen.getByRole('region', { name: 'Narrators' }).textContent).toContain('Mara Quill')
  })

  it("shows an episode hit in Audiobookshelf's form (the podcast with its recentEpisode)", async () => {
    signIn()
    const clock = useFakeClock()
    const { fake, release } = searchServer()
    const { user } = renderApp('/account', fake)
    const box = await screen.findByRole('combobox', { name: 'Search the library' })
    await user.type(box, 'lantern')
    await clock.advance(limits.searchDebounceMs)
    await waitFor(() => expect(dropdown().dataset.phase).toBe('fetching'))
    await release()
    await waitFor(() => expect(dropdown().dataset.phase).toBe('results'))
    const episodes = screen.getByRole('region', { name: 'Episodes' })
    expect(episodes.textContent).toContain('The Lantern Keeper')
    expect(episodes.textContent).toContain('Harbour Talk')
  })

  it('says No results for an empty answer, and clearing resets', async () => {
    signIn()
    const clock = useFakeClock()
    const { fake, searches, release } = searchServer()
    const { user } = renderApp('/account', fake)
    const box = await screen.findByRole('combobox', { name: 'Search the library' })
    await user.type(box, 'zzz')
    await clock.advance(limits.searchDebounceMs)
    await waitFor(() => expect(dropdown().dataset.phase).toBe('fetching'))
    expect(searches().map((q) => q.get('q'))).toEqual(['zzz'])
    await release()
    await waitFor(() => expect(dropdown().textContent).toBe('No results'))

    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(box).toHaveProperty('value', '')
    expect(screen.queryByTestId('search-dropdown')).toBeNull()
  })

  it('opens the search page on Enter', async () => {
    signIn()
    const { fake } = searchServer()
    const { user, router } = renderApp('/account', fake)
    const box = await screen.findByRole('combobox', { name: 'Search the library' })
    await user.type(box, 'salt roads{Enter}')
    expect(currentPath(router)).toBe('/library/a/search?q=salt+roads')
    expect(screen.queryByTestId('search-dropdown')).toBeNull()
  })
})
