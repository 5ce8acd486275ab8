import type { LibraryItem, PodcastFeed, User } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { FindEpisodesModal } from '@/features/podcasts/on-demand.ts'
import { useFindEpisodesModal } from '@/lib/find-episodes-modal.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { openEditModal, useItemEditModal } from '@/lib/item-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import {
  feedEpisodeFixture,
  podcastEpisodeFixture,
  podcastItemFixture,
  podcastMetadataFixture,
} from '@/test/podcast-download-fixtures.ts'
import { ItemEditModal } from './ItemEditModal.tsx'

const feed: PodcastFeed = {
  metadata: { ...podcastMetadataFixture(), title: 'The Show', descriptionPlain: null },
  episodes: [
    feedEpisodeFixture('old', { publishedAt: Date.UTC(2025, 0, 1) }),
    feedEpisodeFixture('have', { publishedAt: Date.UTC(2025, 5, 1) }),
    feedEpisodeFixture('new', { publishedAt: Date.UTC(2026, 0, 1) }),
  ],
  numEpisodes: 3,
  hasEpisodesWithoutPubDate: false,
}

function setup(
  item: LibraryItem,
  extra: Parameters<typeof fakeServer>[0] = {},
  user: User = userFixture('root'),
) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
  const server = fakeServer({
    'GET /api/libraries/a': () => libraryDetailReply('a', 'podcast'),
    [`GET /api/items/${item.id}`]: () => json(item),
    [`PATCH /api/items/${item.id}/media`]: () => json({ updated: true, libraryItem: item }),
    'POST /api/podcasts/feed': () => json({ podcast: feed }),
    [`POST /api/podcasts/${item.id}/download-episodes`]: () => new Response(null, { status: 200 }),
    [`GET /api/podcasts/${item.id}/checknew`]: () =>
      json({ episodes: [feedEpisodeFixture('x'), feedEpisodeFixture('y')] }),
    [`POST /api/podcasts/${item.id}/match-episodes`]: () => json({ numEpisodesUpdated: 4 }),
    ...extra,
  })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  render(
    <AppProviders services={{ api: fakeApiClient(server.fetch), queryClient, i18n }}>
      <ItemEditModal />
      <FindEpisodesModal />
    </AppProviders>,
  )
  return { server, user: userEvent.setup() }
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)
const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent)
const writes = (server: ReturnType<typeof fakeServer>) => server.requests.filter((r) => r.method !== 'GET')

afterEach(() => {
  useItemEditModal.setState(useItemEditModal.getInitialState(), true)
  useFindEpisodesModal.setState({ libraryItemId: null })
})

describe('podcast edit tabs', () => {
  it('gives a podcast details, cover, episodes, files and, for admins, schedule', async () => {
    setup(podcastItemFixture())
    act(() => openEditModal('pod1'))
    await screen.findByTestId('edit-details')
    expect(tabNames()).toEqual(['Details', 'Cover', 'Episodes', 'Files', 'Schedule'])
  })

  it('keeps the schedule from users who are not admins', async () => {
    setup(
      podcastItemFixture(),
      {},
      userFixture('user', { permissions: { ...userFixture('user').permissions, update: true } }),
    )
    act(() => openEditModal('pod1'))
    await screen.findByTestId('edit-details')
    expect(tabNames()).not.toContain('Schedule')
  })

  it('saves the podcast fields the details tab changed', async () => {
    const { server, user } = setup(podcastItemFixture())
    act(() => openEditModal('pod1'))
    const feedUrl = await screen.findByTestId('edit-feed-url')
    await user.clear(feedUrl)
    await user.type(feedUrl, 'http://feeds.test/moved.xml')
    await user.selectOptions(screen.getByTestId('edit-podcast-type'), 'serial')
    await user.click(screen.getByTestId('edit-explicit'))
    await user.click(screen.getByTestId('edit-save'))
    await waitFor(() => expect(writes(server)).toHaveLength(1))
    expect(writes(server)[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/items/pod1/media',
      body: { metadata: { feedUrl: 'http://feeds.test/moved.xml', type: 'serial', explicit: true } },
    })
  })

  it('saves the schedule with the chosen interval and counts', async () => {
    const { server, user } = setup(podcastItemFixture())
    act(() => openEditModal('pod1', 'schedule'))
    await user.click(await screen.findByTestId('schedule-auto-download'))
    await user.selectOptions(screen.getByTestId('schedule-frequency'), '0 */6 * * *')
    await user.clear(screen.getByTestId('schedule-max-keep'))
    await user.type(screen.getByTestId('schedule-max-keep'), '20')
    await user.click(screen.getByTestId('schedule-save'))
    await waitFor(() => expect(writes(server)).toHaveLength(1))
    expect(writes(server)[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/items/pod1/media',
      body: {
        autoDownloadEpisodes: true,
        autoDownloadSchedule: '0 */6 * * *',
        maxEpisodesToKeep: 20,
        maxNewEpisodesToDownload: 3,
      },
    })
  })

  it('refuses a cron without 5 fields, and shows the server refusing one', async () => {
    const { server, user } = setup(podcastItemFixture('pod1', { media: { autoDownloadEpisodes: true } }), {
      'PATCH /api/items/pod1/media': () => text('Schedule runs too often', 400),
    })
    act(() => openEditModal('pod1', 'schedule'))
    await user.selectOptions(await screen.findByTestId('schedule-frequency'), 'custom')
    const cron = screen.getByTestId('schedule-cron')
    await user.clear(cron)
    await user.type(cron, '0 * * *')
    await user.click(screen.getByTestId('schedule-save'))
    expect(writes(server)).toEqual([])
    expect(toasts().some((m) => m.startsWith('A cron expression needs 5 fields'))).toBe(true)

    await user.type(cron, ' *')
    await user.click(screen.getByTestId('schedule-save'))
    await waitFor(() => expect(writes(server)).toHaveLength(1))
    expect(writes(server)[0]?.body).toMatchObject({ autoDownloadSchedule: '0 * * * *' })
    await waitFor(() =>
      expect(
        within(screen.getByTestId('edit-schedule'))
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toContain('Schedule runs too often'),
    )
  })

  it('checks for new episodes now and says how many were queued', async () => {
    const { server, user } = setup(podcastItemFixture())
    act(() => openEditModal('pod1', 'schedule'))
    await user.click(await screen.findByTestId('schedule-check-now'))
    await waitFor(() => expect(toasts()).toContain('New episodes queued: 2'))
    expect(server.requests.some((r) => r.path === '/api/podcasts/pod1/checknew')).toBe(true)
  })

  it('lists episodes, quick matches them, and finds new ones in the feed to download', async () => {
    const item = podcastItemFixture('pod1', {
      episodes: [podcastEpisodeFixture('e1', { title: 'Episode have', guid: 'other-guid' })],
    })
    const { server, user } = setup(item)
    act(() => openEditModal('pod1', 'episodes'))
    expect((await screen.findAllByTestId('edit-episode-row'))[0]?.textContent).toContain('Episode have')

    await user.click(screen.getByTestId('episodes-quick-match'))
    await waitFor(() => expect(toasts()).toContain('Episodes updated: 4'))

    await user.click(screen.getByTestId('episodes-find'))
    const modal = await screen.findByTestId('find-episodes-modal')
    const rows = await within(modal).findAllByTestId('feed-episode-row')
    expect(rows.map((r) => within(r).getByTestId('feed-episode-title').textContent)).toEqual([
      'Episode new',
      'Episode have',
      'Episode old',
    ])
    // Same title as one the podcast has: marked and not selectable.
    expect(rows[1]?.dataset.downloaded).toBe('true')
    expect(within(rows[1]!).getByRole('checkbox')).toHaveProperty('disabled', true)

    await user.click(within(rows[0]!).getByRole('checkbox'))
    await user.click(within(modal).getByTestId('find-episodes-download'))
    await waitFor(() => expect(screen.queryByTestId('find-episodes-modal')).toBeNull())
    const post = server.requests.find((r) => r.path === '/api/podcasts/pod1/download-episodes')
    expect(post?.body).toEqual([feed.episodes[2]])
    expect(server.requests.find((r) => r.path === '/api/podcasts/feed')?.body).toEqual({
      rssFeed: 'http://feeds.test/show.xml',
    })
    expect(toasts()).toContain('Episodes queued for download: 1')
  })

  it('windows a long feed: a few rows in the page, all of them pickable with select all', async () => {
    const long = Array.from({ length: 2000 }, (_, i) => feedEpisodeFixture(`n${i}`, { publishedAt: i }))
    const { server, user } = setup(podcastItemFixture(), {
      'POST /api/podcasts/feed': () => json({ podcast: { ...feed, episodes: long, numEpisodes: 2000 } }),
    })
    act(() => openEditModal('pod1', 'episodes'))
    await user.click(await screen.findByTestId('episodes-find'))
    const modal = await screen.findByTestId('find-episodes-modal')
    const rows = await within(modal).findAllByTestId('feed-episode-row')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(40)
    await user.click(within(modal).getByTestId('find-episodes-select-all'))
    expect(within(modal).getByTestId('find-episodes-download').textContent).toBe('Download 2000 episodes')
    await user.click(within(modal).getByTestId('find-episodes-download'))
    await waitFor(() =>
      expect(
        server.requests.find((r) => r.path === '/api/podcasts/pod1/download-episodes')?.body,
      ).toHaveLength(2000),
    )
  })

  it('says the podcast has no RSS feed instead of opening the feed', async () => {
    const item = podcastItemFixture('pod1')
    item.media.metadata.feedUrl = null
    const { server, user } = setup(item)
    act(() => openEditModal('pod1', 'episodes'))
    await user.click(await screen.findByTestId('episodes-find'))
    await waitFor(() => expect(toasts()).toContain('Podcast does not have an RSS feed'))
    expect(screen.queryByTestId('find-episodes-modal')).toBeNull()
    expect(server.requests.some((r) => r.path === '/api/podcasts/feed')).toBe(false)
  })
})
