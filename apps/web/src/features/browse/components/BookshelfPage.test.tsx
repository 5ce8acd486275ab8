import type { User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { filterDataFixture, itemsRoute, libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'
import { MAX_CARDS_IN_DOM } from '../model/virtual-grid.ts'

function signIn(user: User = userFixture()) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

const itemRequests = (requests: { path: string; search: string }[]) =>
  requests.filter((r) => r.path === '/api/libraries/a/items').map((r) => new URLSearchParams(r.search))

function server(total: number, mediaType: 'book' | 'podcast' = 'book') {
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a', mediaType)] }),
    'GET /api/libraries/a': () =>
      libraryDetailReply(
        'a',
        mediaType,
        filterDataFixture({ genres: ['Fantasy', 'Science Fiction'], numIssues: 2 }),
      ),
    'GET /api/libraries/a/items': itemsRoute(total, { mediaType }),
  })
}

describe('bookshelf', () => {
  it('pages a large library from the server and keeps only a window of cards', async () => {
    signIn()
    const fake = server(100_000)
    renderApp('/library/a/bookshelf', fake)
    expect((await screen.findByTestId('bookshelf-count')).textContent).toBe('100,000 books')
    await waitFor(() => expect(screen.getAllByTestId('item-card').length).toBeGreaterThan(0))
    const grid = screen.getByTestId('bookshelf-grid')
    expect(grid.dataset.total).toBe('100000')
    expect(
      within(grid).getAllByTestId('item-card').length + within(grid).queryAllByTestId('card-skeleton').length,
    ).toBeLessThanOrEqual(MAX_CARDS_IN_DOM)
    const requests = itemRequests(fake.requests)
    // Never the whole library: small pages, minified, only the first few.
    expect(requests.length).toBeLessThanOrEqual(4)
    for (const query of requests) {
      expect(Number(query.get('limit'))).toBeGreaterThan(0)
      expect(Number(query.get('limit'))).toBeLessThanOrEqual(200)
      expect(query.get('minified')).toBe('1')
      expect(query.get('sort')).toBe('media.metadata.title')
    }
  })

  it('applies ?filter=issues without storing it', async () => {
    signIn()
    const fake = server(2)
    renderApp('/library/a/bookshelf?filter=issues', fake)
    await screen.findByText('2 books')
    expect(itemRequests(fake.requests).every((q) => q.get('filter') === 'issues')).toBe(true)
    expect(screen.getByTestId('active-filter').textContent).toContain('Issues')
    expect(localStorage.getItem('userSettings') ?? '').not.toContain('issues')
  })

  it('sorts and filters from the menus, and remembers the choice', async () => {
    signIn()
    const fake = server(3)
    const { user } = renderApp('/library/a/bookshelf', fake)
    await screen.findByText('3 books')

    await user.click(screen.getByRole('button', { name: /^Sort by/ }))
    await user.click(screen.getByRole('menuitemradio', { name: 'Author (First Last)' }))
    await waitFor(() =>
      expect(itemRequests(fake.requests).at(-1)?.get('sort')).toBe('media.metadata.authorName'),
    )
    expect(JSON.parse(localStorage.getItem('userSettings') ?? '{}')).toMatchObject({
      orderBy: 'media.metadata.authorName',
      orderDesc: false,
    })

    // The same sort again flips the direction.
    await user.click(screen.getByRole('button', { name: /^Sort by/ }))
    await user.click(screen.getByRole('menuitemradio', { name: 'Author (First Last)' }))
    await waitFor(() => expect(itemRequests(fake.requests).at(-1)?.get('desc')).toBe('1'))

    await user.click(screen.getByRole('button', { name: /^Filter by All/ }))
    expect(screen.getByRole('menu', { name: /^Filter by/ })).toBeTruthy()
    // The group's values open as a flyout submenu, by keyboard as well.
    screen.getByRole('menuitem', { name: 'Genre' }).focus()
    await user.keyboard('{ArrowRight}')
    await user.click(await screen.findByRole('menuitemradio', { name: 'Fantasy' }))
    await waitFor(() => expect(itemRequests(fake.requests).at(-1)?.get('filter')).toBe('genres.RmFudGFzeQ=='))
    expect(screen.getByTestId('active-filter').textContent).toContain('Genre: Fantasy')

    await user.click(screen.getByRole('button', { name: 'Clear filter' }))
    await waitFor(() => expect(itemRequests(fake.requests).at(-1)?.get('filter')).toBeNull())
  })

  it('asks for series collapsed when the toggle is on', async () => {
    signIn()
    const fake = server(3)
    const { user } = renderApp('/library/a/bookshelf', fake)
    await screen.findByText('3 books')
    await user.click(screen.getByRole('switch', { name: 'Collapse series' }))
    await waitFor(() => expect(itemRequests(fake.requests).at(-1)?.get('collapseseries')).toBe('1'))
  })

  it('an empty library fills in when its lists are refreshed (items arriving from a scan)', async () => {
    signIn()
    let total = 0
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
      'GET /api/libraries/a': () => libraryDetailReply('a'),
      'GET /api/libraries/a/items': (request) => itemsRoute(total)(request),
    })
    const { queryClient } = renderApp('/library/a/bookshelf', fake)
    await screen.findByTestId('bookshelf-empty')
    total = 2
    await queryClient.invalidateQueries({ queryKey: ['browse', 'a'] })
    expect((await screen.findByTestId('bookshelf-count')).textContent).toBe('2 books')
    await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(2))
  })

  it('corrects book sorts and filters for a podcast library before asking', async () => {
    signIn()
    useUserSettings.getState().update({
      orderBy: 'media.metadata.authorName',
      filterBy: `narrators.${btoa('Mara Quill')}`,
      collapseSeries: true,
    })
    const fake = server(4, 'podcast')
    renderApp('/library/a/bookshelf', fake)
    await screen.findByText('4 podcasts')
    const requests = itemRequests(fake.requests)
    expect(requests.length).toBeGreaterThan(0)
    for (const query of requests) {
      expect(query.get('sort')).toBe('media.metadata.author')
      expect(query.get('filter')).toBeNull()
      expect(query.get('collapseseries')).toBeNull()
    }
    expect(screen.queryByRole('switch', { name: 'Collapse series' })).toBeNull()
    // The corrected settings are stored, as switching libraries in Audiobookshelf does.
    expect(useUserSettings.getState().settings).toMatchObject({
      orderBy: 'media.metadata.author',
      filterBy: 'all',
    })
  })
})
