import type { Collection, FeedMinified, SeriesDetail, User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useRssFeedModal } from '@/lib/rss-feed-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply, listedItemFixture } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const feedOf = (over: Partial<FeedMinified>): FeedMinified => ({
  id: 'f1',
  entityType: 'collection',
  entityId: 'c1',
  feedUrl: 'https://books.example/feed/c1',
  meta: {
    title: 'Space Operas',
    description: null,
    preventIndexing: true,
    ownerName: null,
    ownerEmail: null,
  },
  slug: 'c1',
  hasEpisodesWithoutPubDate: false,
  ...over,
})

const collection = (rssFeed: FeedMinified | null): Collection => ({
  id: 'c1',
  libraryId: 'a',
  name: 'Space Operas',
  description: null,
  books: [listedItemFixture(0)],
  lastUpdate: 0,
  createdAt: 0,
  rssFeed,
})

const series = (rssFeed: FeedMinified | null): SeriesDetail => ({
  id: 's1',
  name: 'Saga',
  nameIgnorePrefix: 'Saga',
  description: null,
  libraryId: 'a',
  addedAt: 0,
  updatedAt: 0,
  books: [{ ...listedItemFixture(0), sequence: '1' }],
  numBooks: 1,
  totalDuration: 60,
  rssFeed,
})

function render(path: string, user: User, routes: Parameters<typeof fakeServer>[0]) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a'),
    ...routes,
  })
  return { server, ...renderApp(path, server) }
}

afterEach(() => useRssFeedModal.setState({ target: null }))

describe('RSS feed entry points', () => {
  it("opens a collection's feed from the collection page; the page then shows it open", async () => {
    const view = render('/collection/c1', userFixture('root'), {
      'GET /api/collections/c1': () => json(collection(null)),
      'POST /api/feeds/collection/c1/open': () => json({ feed: feedOf({}) }),
    })
    const button = await screen.findByTestId('collection-rss-feed')
    expect(button.textContent).toBe('Open RSS feed')
    expect(view.server.requests.find((r) => r.path === '/api/collections/c1')?.search).toContain(
      'include=rssfeed',
    )
    await view.user.click(button)
    const modal = await screen.findByTestId('rss-feed-modal')
    expect(within(modal).getByTestId('rss-feed-subject').textContent).toBe('Space Operas')
    expect(within(modal).getByLabelText<HTMLInputElement>('RSS feed slug').value).toBe('c1')
    await view.user.click(within(modal).getByRole('button', { name: 'Open feed' }))
    await within(modal).findByTestId('rss-feed-url')
    await waitFor(() => expect(screen.getByTestId('collection-rss-feed').textContent).toBe('RSS feed'))
  })

  it("closes a series' open feed from the series page; the page then shows it closed", async () => {
    const feed = feedOf({
      id: 'f9',
      entityType: 'series',
      entityId: 's1',
      feedUrl: 'https://books.example/feed/saga',
    })
    let open = true
    const view = render('/library/a/series/s1', userFixture('root'), {
      'GET /api/libraries/a/series/s1': () => json(series(open ? feed : null)),
      'POST /api/feeds/f9/close': () => {
        open = false
        return text('OK', 200)
      },
    })
    const button = await screen.findByTestId('series-rss-feed')
    expect(button.textContent).toBe('RSS feed')
    await view.user.click(button)
    const modal = await screen.findByTestId('rss-feed-modal')
    expect(within(modal).getByTestId('rss-feed-url').textContent).toBe('https://books.example/feed/saga')
    await view.user.click(within(modal).getByRole('button', { name: 'Close feed' }))
    await waitFor(() => expect(screen.queryByTestId('rss-feed-modal')).toBeNull())
    await waitFor(() => expect(screen.getByTestId('series-rss-feed').textContent).toBe('Open RSS feed'))
  })

  it('shows neither button to users who are not admins', async () => {
    render('/collection/c1', userFixture('user'), { 'GET /api/collections/c1': () => json(collection(null)) })
    expect((await screen.findByTestId('list-name')).textContent).toBe('Space Operas')
    expect(screen.queryByTestId('collection-rss-feed')).toBeNull()
  })
})
