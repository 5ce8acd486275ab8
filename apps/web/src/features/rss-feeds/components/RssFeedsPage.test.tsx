import type { Feed } from '@shelfcast/contracts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const feedOf = (id: string, title: string, over: Partial<Feed> = {}): Feed => ({
  id,
  entityType: 'item',
  entityId: `item-${id}`,
  slug: `slug-${id}`,
  feedUrl: `https://books.example/feed/slug-${id}`,
  hasEpisodesWithoutPubDate: false,
  userId: 'u1',
  serverAddress: 'https://books.example',
  coverPath: null,
  meta: {
    title,
    description: 'A feed description',
    preventIndexing: true,
    ownerName: 'Ann',
    ownerEmail: null,
    author: 'Becky Chambers',
    imageUrl: `https://books.example/feed/slug-${id}/cover`,
    feedUrl: `https://books.example/feed/slug-${id}`,
    link: 'https://books.example',
    explicit: false,
    type: 'serial',
    language: null,
  },
  episodes: [
    {
      id: 'e1',
      title: 'Part 1',
      enclosure: { url: 'https://books.example/feed/x/item/e1/a.mp3', type: 'audio/mpeg', size: 1000 },
      pubDate: 'Tue, 03 Mar 2026 10:00:00 GMT',
      duration: 90,
      libraryItemId: `item-${id}`,
      episodeId: null,
      trackIndex: 1,
    },
    {
      id: 'e2',
      title: 'Part 2',
      enclosure: { url: 'https://books.example/feed/x/item/e2/b.mp3', type: 'audio/mpeg', size: 1000 },
      pubDate: null,
      duration: 120,
      libraryItemId: `item-${id}`,
      episodeId: null,
      trackIndex: 2,
    },
  ],
  createdAt: Date.UTC(2026, 2, 3),
  updatedAt: Date.UTC(2026, 2, 3),
  ...over,
})

function openPage(initial: Feed[]) {
  useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
  let feeds = initial
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/feeds': () => json({ feeds }),
    'POST /api/feeds/f1/close': () => {
      feeds = feeds.filter((f) => f.id !== 'f1')
      return text('OK', 200)
    },
  })
  const view = renderApp('/config/rss-feeds', server)
  return { server, ...view, setFeeds: (next: Feed[]) => (feeds = next) }
}

const titles = () => screen.queryAllByTestId('rss-feed-title').map((el) => el.textContent)

describe('RSS feeds page', () => {
  it('lists open feeds with type, episode count and URL, and shows one with its episodes', async () => {
    const view = openPage([
      feedOf('f1', 'The Long Way', { entityType: 'collection' }),
      feedOf('f2', 'Record'),
    ])
    await waitFor(() => expect(titles()).toEqual(['The Long Way', 'Record']))
    const row = screen.getAllByTestId('rss-feed-row')[0]!
    expect(row.textContent).toContain('Collection')
    expect(row.textContent).toContain('2 episodes')
    expect(within(row).getByTestId('rss-feed-row-url').getAttribute('href')).toBe(
      'https://books.example/feed/slug-f1',
    )
    // The feed's cover; a glyph instead when the entity has none.
    const cover = row.querySelector('img')!
    expect(cover.getAttribute('src')).toBe('https://books.example/feed/slug-f1/cover')
    fireEvent.error(cover)
    expect(within(row).getByTestId('rss-feed-cover-fallback')).toBeTruthy()
    expect(row.querySelector('img')).toBeNull()
    await view.user.click(within(row).getByRole('button', { name: 'View feed The Long Way' }))
    const details = await screen.findByTestId('rss-feed-details')
    expect(details.textContent).toContain('Becky Chambers')
    expect(details.textContent).toContain('slug-f1')
    const episodes = within(details)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(episodes[0]).toContain('Part 1')
    expect(episodes[1]).toContain('Part 2')
    expect(episodes[1]).toContain('No date')
  })

  it('closes a feed after asking; it leaves the list', async () => {
    const view = openPage([feedOf('f1', 'The Long Way'), feedOf('f2', 'Record')])
    await waitFor(() => expect(titles()).toHaveLength(2))
    await view.user.click(screen.getByRole('button', { name: 'Close feed The Long Way' }))
    const prompt = await screen.findByTestId('rss-feed-close-confirm')
    expect(prompt.textContent).toContain('Close the RSS feed of “The Long Way”?')
    await view.user.click(within(prompt).getByRole('button', { name: 'Close feed' }))
    await waitFor(() => expect(titles()).toEqual(['Record']))
    expect(view.server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/feeds/f1/close',
    ])
  })

  it('follows feeds opened and closed elsewhere (rss_feed_open / rss_feed_closed)', async () => {
    const view = openPage([])
    expect(await screen.findByText('No RSS feeds are open')).toBeTruthy()
    const opened = feedOf('f3', 'Opened elsewhere')
    view.setFeeds([opened])
    act(() => socketEvents.dispatch({ queryClient: view.queryClient }, 'rss_feed_open', [opened]))
    await waitFor(() => expect(titles()).toEqual(['Opened elsewhere']))
    view.setFeeds([])
    act(() => socketEvents.dispatch({ queryClient: view.queryClient }, 'rss_feed_closed', [opened]))
    await waitFor(() => expect(titles()).toEqual([]))
  })

  it('is in the settings navigation', async () => {
    openPage([])
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' })
    const link = within(nav).getByRole('link', { name: 'RSS Feeds' })
    expect(link.getAttribute('href')).toBe('/config/rss-feeds')
    expect(link.getAttribute('aria-current')).toBe('page')
  })
})
