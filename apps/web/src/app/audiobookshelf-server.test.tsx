import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { restoreSession } from '@/features/auth/index.ts'
import { openEpisodeView } from '@/lib/episode-modals.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import {
  ABS_ACCESS_TOKEN,
  absLibrary,
  absPodcastLibrary,
  absSeries,
  absSeriesAuthor,
  absServer,
  recordedId,
} from '@/test/abs-server.ts'
import { renderApp } from '@/test/render-app.tsx'

/**
 * Our client against a real Audiobookshelf 2.36 (its recorded answers): a page reload restores the session
 * with POST /api/authorize, whose answer carries no user.accessToken, then opens the series or author page,
 * whose answers carry no numBooks / totalDuration / books.
 */
function reloadAt(path: string) {
  localStorage.setItem('token', ABS_ACCESS_TOKEN)
  useSessionStore.setState({ status: 'restoring', accessToken: ABS_ACCESS_TOKEN })
  const server = absServer()
  const view = renderApp(path, server)
  void restoreSession(view.api)
  return { ...view, server }
}

function expectNoUnauthorized(server: ReturnType<typeof absServer>) {
  expect(server.statuses.length).toBeGreaterThan(0)
  expect(server.statuses.filter((s) => s.status === 401)).toEqual([])
  // Every call the page made was one Audiobookshelf answers (a 404 here means a call it does not know), but for
  // Shelfcast's update check (GET /api/releases), whose 404 from Audiobookshelf reads as "no update".
  expect(server.statuses.filter((s) => s.status !== 200 && s.path !== '/api/releases')).toEqual([])
  expect(screen.queryByTestId('error-page')).toBeNull()
  expect(screen.queryByRole('alert')).toBeNull()
}

describe('against an Audiobookshelf server', () => {
  it('reloads onto the series page: keeps the token, lists the books in order with their count and duration', async () => {
    const { server } = reloadAt(`/library/${absLibrary.id}/series/${absSeries.id}`)
    expect((await screen.findByTestId('series-name')).textContent).toMatch('Cantina Cases')
    const books = await screen.findByTestId('series-books')
    expect(within(books).getAllByRole('listitem')).toHaveLength(3)
    expect(books.textContent).toMatch(/Book 1.*Book 2.*Book 3/)
    // 46 s + 83 s + 120 s of audio across the three books.
    expect(screen.getByTestId('series-name').parentElement?.textContent).toMatch(/3 books · 4 min/)
    expect(useSessionStore.getState().accessToken).toBe(ABS_ACCESS_TOKEN)
    expect(localStorage.getItem('token')).toBe(ABS_ACCESS_TOKEN)
    expectNoUnauthorized(server)
    expect(server.statuses[0]).toMatchObject({ path: '/api/authorize', status: 200 })
  })

  it('reloads onto the author page: counts the books and numbers them in their series', async () => {
    const { server } = reloadAt(`/author/${absSeriesAuthor.id}`)
    expect((await screen.findByTestId('author-name')).textContent).toMatch('Rosa Delgado')
    expect(screen.getByTestId('author-name').closest('header')?.textContent).toMatch('3 books')
    const series = await screen.findByRole('region', { name: 'Cantina Cases' })
    expect(series.textContent).toMatch(/Book 1.*Book 2.*Book 3/)
    expect(within(screen.getByTestId('author-books')).getAllByRole('listitem')).toHaveLength(3)
    expectNoUnauthorized(server)
  })

  const book = absLibrary.id
  const podcasts = absPodcastLibrary.id
  it.each([
    ['home', `/library/${book}`, /Continue Listening.*Recent Series.*Newest Authors/],
    ['bookshelf', `/library/${book}/bookshelf`, /A Season of Clouds/],
    ['series list', `/library/${book}/bookshelf/series`, /Cantina Cases.*Monsoon Letters/],
    ['authors list', `/library/${book}/bookshelf/authors`, /Victor Ng/],
    ['narrators', `/library/${book}/narrators`, /Carmen Ruiz/],
    ['search', `/library/${book}/search?q=lantern`, /The Lantern Cycle/],
    [
      'a 3-file book',
      `/item/${recordedId('GET_api_items_ID_expanded_1_include_3-file_mp3_book.json')}`,
      /The Ashen Lamp/,
    ],
    ['a podcast', `/item/${recordedId('GET_api_items_PODCASTID_expanded_1.json')}`, /The Test Pattern Show/],
    ['podcast shelf', `/library/${podcasts}/bookshelf`, /The Test Pattern Show.*Loopback Radio/],
    ['a collection', `/collection/${recordedId('GET_api_collections_ID.json')}`, /Oracle Collection/],
    ['a playlist', `/playlist/${recordedId('GET_api_playlists_ID.json')}`, /Oracle Playlist/],
  ])('reloads onto the %s without an error or a 401', async (_name, path, shown) => {
    const { server, queryClient } = reloadAt(path)
    await waitFor(() => expect(document.querySelector('main')?.textContent ?? '').toMatch(shown))
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expectNoUnauthorized(server)
  })

  it('shows an episode answered without duration and size with those of its file', async () => {
    const podcast = recordedId('GET_api_items_PODCASTID_expanded_1.json')
    const { server } = reloadAt(`/item/${podcast}`)
    await screen.findByText('The Test Pattern Show')
    const episodeId = 'e2234a31-6e4b-41a4-bb1a-8b6de61e821b' // GET_api_podcasts_ID_episode_EPISODEID.json
    act(() => openEpisodeView({ libraryItemId: podcast, episodeId }))
    const modal = await screen.findByTestId('episode-view-modal')
    await within(modal).findByText('001 - The Test Pattern Show - Episode 1.mp3')
    expect(modal.textContent).toMatch(/Size141 kBDuration36 sec/)
    expectNoUnauthorized(server)
  })
})
