import type { FeedMinified, User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useRssFeedModal } from '@/lib/rss-feed-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text, type RecordedRequest } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const book = bookItemFixture('b1', { title: 'The Long Way' })

const feedOf = (over: Partial<FeedMinified> = {}): FeedMinified => ({
  id: 'f1',
  entityType: 'item',
  entityId: 'b1',
  feedUrl: 'https://books.example/feed/b1',
  meta: {
    title: 'The Long Way',
    description: null,
    preventIndexing: true,
    ownerName: null,
    ownerEmail: null,
  },
  slug: 'b1',
  hasEpisodesWithoutPubDate: false,
  ...over,
})

type Routes = Parameters<typeof fakeServer>[0]

function openItemPage(user: User, feed: FeedMinified | null, routes: Routes = {}) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('lib1', 'book')] }),
    'GET /api/libraries/lib1': () => libraryDetailReply('lib1'),
    'GET /api/items/b1': () => json({ ...book, rssFeed: feed }),
    ...routes,
  })
  return { server, ...renderApp('/item/b1', server) }
}

/** Opens the modal from the item page's more menu, as an admin does. */
async function openModalFromMenu(view: ReturnType<typeof openItemPage>) {
  await view.user.click(within(await screen.findByTestId('item-more')).getByRole('button', { name: 'More' }))
  await view.user.click(await screen.findByTestId('menu-rss-feed'))
  return screen.findByTestId('rss-feed-modal')
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join('|')
const opens = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/feeds/item/b1/open')

afterEach(() => useRssFeedModal.setState({ target: null }))

describe('RSS feed modal', () => {
  it('opens a feed with the default slug and the metadata builder, then shows its URL and warnings', async () => {
    const view = openItemPage(userFixture('root'), null, {
      'POST /api/feeds/item/b1/open': (request) => {
        const body = request.body as { slug: string; metadataDetails: FeedMinified['meta'] }
        return json({
          feed: feedOf({
            slug: body.slug,
            feedUrl: `http://localhost:3000/feed/${body.slug}`,
            meta: { ...feedOf().meta, ...body.metadataDetails },
            hasEpisodesWithoutPubDate: true,
          }),
        })
      },
    })
    const modal = await openModalFromMenu(view)
    expect(within(modal).getByRole('heading', { name: 'Open RSS feed' })).toBeTruthy()
    expect(within(modal).getByTestId('rss-feed-subject').textContent).toBe('The Long Way')
    // Spec §5: the slug defaults to the entity id, prevent-indexing to on.
    const slug = within(modal).getByLabelText<HTMLInputElement>('RSS feed slug')
    expect(slug.value).toBe('b1')
    expect(within(modal).getByRole<HTMLInputElement>('checkbox', { name: /Prevent indexing/ }).checked).toBe(
      true,
    )
    // The page is served over plain http here: podcast apps need https.
    expect(within(modal).getByRole('alert').textContent).toContain('only subscribe to https feeds')
    // Owner fields live on the Advanced tab only.
    expect(within(modal).queryByLabelText('Custom owner name')).toBeNull()
    await view.user.click(within(modal).getByRole('tab', { name: 'Advanced' }))
    await view.user.type(within(modal).getByLabelText('Custom owner name'), '  Ann  ')
    await view.user.click(within(modal).getByRole('checkbox', { name: /Prevent indexing/ }))
    await view.user.click(within(modal).getByRole('button', { name: 'Open feed' }))

    await within(modal).findByRole('heading', { name: 'RSS feed is open' })
    expect(opens(view.server.requests).map((r) => r.body)).toEqual([
      {
        serverAddress: window.location.origin,
        slug: 'b1',
        metadataDetails: { preventIndexing: false, ownerName: 'Ann', ownerEmail: null },
      },
    ])
    expect(within(modal).getByTestId('rss-feed-url').textContent).toBe('http://localhost:3000/feed/b1')
    expect(within(modal).getByRole('button', { name: 'Copy feed URL' })).toBeTruthy()
    expect(within(modal).getByTestId('rss-feed-meta').textContent).toContain('Custom owner nameAnn')
    const alerts = within(modal)
      .getAllByRole('alert')
      .map((a) => a.textContent)
    expect(alerts.some((a) => a?.includes('https'))).toBe(true)
    expect(alerts.some((a) => a?.includes('no publication date'))).toBe(true)
    // The item page's cache took the open feed: its RSS button now shows.
    expect((await screen.findByTestId('item-rss-feed')).textContent).toContain('RSS feed')
  })

  it('replaces a slug that differs from its sanitised form, with a warning toast, and sends that', async () => {
    const view = openItemPage(userFixture('root'), null, {
      'POST /api/feeds/item/b1/open': () => json({ feed: feedOf({ slug: 'mon-livre-2' }) }),
    })
    const modal = await openModalFromMenu(view)
    const slug = within(modal).getByLabelText<HTMLInputElement>('RSS feed slug')
    await view.user.clear(slug)
    await view.user.type(slug, 'Mön Livre #2')
    await view.user.click(within(modal).getByRole('button', { name: 'Open feed' }))
    await waitFor(() => expect(toasts()).toContain('The slug was changed to “mon-livre-2”'))
    expect(opens(view.server.requests).map((r) => (r.body as { slug: string }).slug)).toEqual(['mon-livre-2'])
  })

  it('refuses a slug with nothing left after sanitising, without a request', async () => {
    const view = openItemPage(userFixture('root'), null)
    const modal = await openModalFromMenu(view)
    const slug = within(modal).getByLabelText<HTMLInputElement>('RSS feed slug')
    await view.user.clear(slug)
    await view.user.type(slug, '!!!')
    await view.user.click(within(modal).getByRole('button', { name: 'Open feed' }))
    expect(await within(modal).findByText('Slug is required')).toBeTruthy()
    expect(slug.value).toBe('')
    expect(opens(view.server.requests)).toEqual([])
  })

  it("shows the server's message when opening fails, else 'Failed to open RSS Feed'", async () => {
    let answer = () => text('Slug "b1" is already in use', 400)
    const view = openItemPage(userFixture('root'), null, {
      'POST /api/feeds/item/b1/open': () => answer(),
    })
    const modal = await openModalFromMenu(view)
    await view.user.click(within(modal).getByRole('button', { name: 'Open feed' }))
    await waitFor(() => expect(toasts()).toContain('Slug "b1" is already in use'))
    answer = () => new Response('', { status: 500 })
    await view.user.click(within(modal).getByRole('button', { name: 'Open feed' }))
    await waitFor(() => expect(toasts()).toContain('Failed to open RSS Feed'))
    // Still the form: nothing opened.
    expect(within(modal).getByRole('heading', { name: 'Open RSS feed' })).toBeTruthy()
  })

  it('closes an open feed, then the modal closes and the page shows the feed closed', async () => {
    let closeAnswer = () => new Response('', { status: 500 })
    const view = openItemPage(userFixture('root'), feedOf({ hasEpisodesWithoutPubDate: false }), {
      'POST /api/feeds/f1/close': () => closeAnswer(),
    })
    await view.user.click(await screen.findByTestId('item-rss-feed'))
    const modal = await screen.findByTestId('rss-feed-modal')
    expect(within(modal).getByTestId('rss-feed-url').textContent).toBe('https://books.example/feed/b1')
    // An https feed with dated episodes: no warnings.
    expect(within(modal).queryAllByRole('alert')).toEqual([])
    expect(within(modal).getByTestId('rss-feed-meta').textContent).toContain('Prevent indexingYes')

    await view.user.click(within(modal).getByRole('button', { name: 'Close feed' }))
    await waitFor(() => expect(toasts()).toContain('Failed to close RSS feed'))
    expect(screen.getByTestId('rss-feed-modal')).toBeTruthy()

    closeAnswer = () => text('OK', 200)
    await view.user.click(within(modal).getByRole('button', { name: 'Close feed' }))
    await waitFor(() => expect(screen.queryByTestId('rss-feed-modal')).toBeNull())
    expect(toasts()).toContain('RSS feed closed')
    await waitFor(() => expect(screen.queryByTestId('item-rss-feed')).toBeNull())
    await view.user.click(within(screen.getByTestId('item-more')).getByRole('button', { name: 'More' }))
    expect((await screen.findByTestId('menu-rss-feed')).textContent).toBe('Open RSS feed')
  })

  it('offers no RSS actions to users who are not admins', async () => {
    const view = openItemPage(userFixture('user'), feedOf())
    await view.user.click(
      within(await screen.findByTestId('item-more')).getByRole('button', { name: 'More' }),
    )
    await screen.findByTestId('menu-add-to-playlist')
    expect(screen.queryByTestId('menu-rss-feed')).toBeNull()
    expect(screen.queryByTestId('item-rss-feed')).toBeNull()
  })
})
