import type { CreatePodcastRequest, Library, PodcastFeed, User } from '@shelfcast/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text, type RecordedRequest } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'
import { podcastFeedFixture, searchResultFixture } from '../model/new-podcast-fixtures.ts'

const PATH = '/library/pods/podcast/search'

function podcastLibrary(region = 'us'): Library {
  const library = libraryFixture('pods', 'podcast')
  return { ...library, settings: { ...library.settings, podcastSearchRegion: region } }
}

type Routes = Parameters<typeof fakeServer>[0]

function server(
  options: { library?: Library; feed?: (r: RecordedRequest) => Response; extra?: Routes; user?: User } = {},
) {
  const library = options.library ?? podcastLibrary()
  useSessionStore.getState().setSession(loginResponseFixture(options.user ?? userFixture('root')))
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [library] }),
    [`GET /api/libraries/${library.id}`]: () => libraryDetailReply(library.id, library.mediaType),
    'GET /api/libraries/pods/podcast-titles': () =>
      json({
        podcasts: [
          {
            title: 'Old Show',
            itunesId: '9',
            feedUrl: 'https://old.example/rss',
            libraryItemId: 'li-old',
            libraryId: 'pods',
          },
        ],
      }),
    'GET /api/search/podcast': () =>
      json([
        searchResultFixture({ explicit: true }),
        searchResultFixture({ id: 9, title: 'Old Show', feedUrl: 'https://old.example/rss', trackCount: 1 }),
        searchResultFixture({ id: 10, title: 'No Feed Show', feedUrl: null }),
      ]),
    'POST /api/podcasts/feed': options.feed ?? (() => json({ podcast: podcastFeedFixture() })),
    'POST /api/podcasts': () => json({ id: 'li-new' }),
    ...options.extra,
  })
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join('|')

async function search(user: ReturnType<typeof renderApp>['user'], term: string) {
  const input = await screen.findByTestId('podcast-search-input')
  await user.clear(input)
  await user.type(input, term)
  await user.click(screen.getByTestId('podcast-search-submit'))
}

const { createObjectURL, revokeObjectURL } = URL
afterEach(() => {
  vi.restoreAllMocks()
  Object.assign(URL, { createObjectURL, revokeObjectURL })
})

describe('Add podcast page', () => {
  it('searches, marks subscribed results, previews the feed and sends the create body', async () => {
    const fake = server()
    const { user, router } = renderApp(PATH, fake)
    await search(user, 'night')

    const rows = await screen.findAllByTestId('podcast-search-result')
    expect(rows).toHaveLength(3)
    expect(fake.requests.find((r) => r.path === '/api/search/podcast')?.search).toBe('?term=night&country=us')
    expect(rows[0]!.textContent).toContain('Night Show')
    expect(rows[0]!.textContent).toContain('Radio Team')
    expect(rows[0]!.textContent).toContain('History, Podcasts')
    expect(rows[0]!.textContent).toContain('120 episodes')
    expect(rows[0]!.textContent).toContain('Explicit')
    expect(within(rows[0]!).queryByTestId('podcast-already-in-library')).toBeNull()
    await waitFor(() =>
      expect(within(rows[1]!).getByRole('link', { name: 'Already in library' }).getAttribute('href')).toBe(
        '/item/li-old',
      ),
    )

    await user.click(within(rows[0]!).getByRole('button', { name: 'Night Show' }))
    const modal = await screen.findByTestId('new-podcast-modal')
    expect(fake.requests.find((r) => r.path === '/api/podcasts/feed')?.body).toEqual({
      rssFeed: 'https://feeds.example/night.xml',
    })
    // The feed's HTML is shown as text: no element from it reaches the page.
    const description = within(modal).getByTestId('new-podcast-description')
    expect(description.textContent).toBe('Stories after dark')
    expect(description.querySelector('b, script')).toBeNull()
    expect(within(modal).getByTestId('new-podcast-episode-count').textContent).toBe('3 episodes')
    expect(within(modal).getByTestId('new-podcast-path').textContent).toBe('/media/pods/Night Show')

    const title = within(modal).getByLabelText('Title')
    await user.clear(title)
    await user.type(title, 'Night: Show?')
    expect(within(modal).getByTestId('new-podcast-path').textContent).toBe('/media/pods/Night Show')
    await user.click(within(modal).getByRole('switch', { name: 'Auto download new episodes' }))
    fireEvent.change(within(modal).getByTestId('new-podcast-download-newest'), { target: { value: '2' } })
    await user.click(within(modal).getByTestId('new-podcast-modal-submit'))

    await waitFor(() => expect(currentPath(router)).toBe('/item/li-new'))
    const body = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/podcasts')
      ?.body as CreatePodcastRequest
    expect(body).toMatchObject({
      libraryId: 'pods',
      folderId: 'pods-f',
      path: '/media/pods/Night Show',
      media: {
        autoDownloadEpisodes: true,
        metadata: {
          title: 'Night: Show?',
          author: 'Radio Team',
          feedUrl: 'https://feeds.example/night.xml',
          itunesId: '4242',
          itunesPageUrl: 'https://podcasts.example/night',
        },
      },
    })
    expect(body.episodesToDownload?.map((e) => e.title)).toEqual(['Episode 3', 'Episode 2'])
    expect(toasts()).toContain('Podcast created successfully')
  })

  it('goes straight to the feed for a URL, without searching', async () => {
    const fake = server()
    const { user } = renderApp(PATH, fake)
    await search(user, 'https://feeds.example/typed.xml')
    const modal = await screen.findByTestId('new-podcast-modal')
    expect(fake.requests.some((r) => r.path === '/api/search/podcast')).toBe(false)
    expect(fake.requests.find((r) => r.path === '/api/podcasts/feed')?.body).toEqual({
      rssFeed: 'https://feeds.example/typed.xml',
    })
    expect(within(modal).getByLabelText('Title')).toHaveProperty('value', 'Night Show')
    expect(within(modal).queryByTestId('new-podcast-existing')).toBeNull()
  })

  it("starts with the library's region and remembers the one chosen", async () => {
    const fake = server({ library: podcastLibrary('gb') })
    const first = renderApp(PATH, fake)
    const region = (await screen.findByTestId('podcast-search-region')) as HTMLSelectElement
    expect(region.value).toBe('gb')
    expect(region.options).toHaveLength(28)
    await first.user.selectOptions(region, 'jp')
    await search(first.user, 'night')
    await screen.findAllByTestId('podcast-search-result')
    expect(fake.requests.find((r) => r.path === '/api/search/podcast')?.search).toBe('?term=night&country=jp')
    first.unmount()

    renderApp(PATH, server({ library: podcastLibrary('gb') }))
    expect(((await screen.findByTestId('podcast-search-region')) as HTMLSelectElement).value).toBe('jp')
  })

  it('says when a result has no feed, and shows the server message when the feed fails', async () => {
    let feedAnswer = () => text('No episodes found in RSS feed', 400)
    const fake = server({ feed: () => feedAnswer() })
    const { user } = renderApp(PATH, fake)
    await search(user, 'night')
    const rows = await screen.findAllByTestId('podcast-search-result')
    await user.click(within(rows[2]!).getByRole('button', { name: 'No Feed Show' }))
    await waitFor(() => expect(toasts()).toContain('Podcast does not have an RSS feed'))
    expect(fake.requests.some((r) => r.path === '/api/podcasts/feed')).toBe(false)

    await user.click(within(rows[0]!).getByRole('button', { name: 'Night Show' }))
    await waitFor(() => expect(toasts()).toContain('No episodes found in RSS feed'))
    expect(screen.queryByTestId('new-podcast-modal')).toBeNull()

    const feed: PodcastFeed = { ...podcastFeedFixture(), hasEpisodesWithoutPubDate: true }
    feedAnswer = () => json({ podcast: feed })
    await user.click(within(rows[0]!).getByRole('button', { name: 'Night Show' }))
    const modal = await screen.findByTestId('new-podcast-modal')
    expect(within(modal).getByRole('alert').textContent).toContain('no publication date')
  })

  it("says the feed is subscribed already, and keeps the modal open with the server's message when creating fails", async () => {
    const fake = server({
      extra: {
        'POST /api/podcasts': () => text('Path "/media/pods/Night Show" already exists', 400),
        'GET /api/libraries/pods/podcast-titles': () =>
          json({
            podcasts: [
              {
                title: 'Night Show',
                itunesId: null,
                feedUrl: 'https://feeds.example/night.xml/',
                libraryItemId: 'li-night',
                libraryId: 'pods',
              },
            ],
          }),
      },
    })
    const { user, router } = renderApp(PATH, fake)
    await search(user, 'https://feeds.example/night.xml')
    const modal = await screen.findByTestId('new-podcast-modal')
    expect((await within(modal).findByTestId('new-podcast-existing')).getAttribute('href')).toBe(
      '/item/li-night',
    )
    await user.click(within(modal).getByTestId('new-podcast-modal-submit'))
    await waitFor(() => expect(toasts()).toContain('already exists'))
    expect(screen.getByTestId('new-podcast-modal')).toBeTruthy()
    expect(currentPath(router)).toBe(PATH)
  })

  it('shows a search failure as a toast and an empty answer as no results', async () => {
    let fail = true
    const fake = server({
      extra: { 'GET /api/search/podcast': () => (fail ? text('iTunes is down', 502) : json([])) },
    })
    const { user } = renderApp(PATH, fake)
    await search(user, 'night')
    await waitFor(() => expect(toasts()).toContain('iTunes is down'))
    fail = false
    await search(user, 'nothing')
    expect((await screen.findByTestId('podcast-search-empty')).textContent).toBe('No podcasts found')
  })

  it('imports an OPML file: parse, pick feeds and folder, start the task', async () => {
    const fake = server({
      extra: {
        'POST /api/podcasts/opml/parse': () =>
          json({
            feeds: [
              { title: 'One', feedUrl: 'https://a.example/1' },
              { title: null, feedUrl: 'https://a.example/2' },
              { title: 'One again', feedUrl: 'https://a.example/1' },
            ],
          }),
        'POST /api/podcasts/opml/create': () => json({}),
      },
    })
    const { user } = renderApp(PATH, fake)
    const opml = '<?xml version="1.0"?><opml><body><outline xmlUrl="https://a.example/1"/></body></opml>'
    await user.upload(
      await screen.findByTestId('opml-file-input'),
      new File([opml], 'subs.opml', { type: 'text/x-opml' }),
    )

    const modal = await screen.findByTestId('opml-import-modal')
    expect(fake.requests.find((r) => r.path === '/api/podcasts/opml/parse')?.body).toEqual({ opmlText: opml })
    expect(within(modal).getAllByTestId('opml-feed-row')).toHaveLength(2)
    expect(within(modal).getByTestId('opml-selected-count').textContent).toBe('2 of 2 feeds selected')
    await user.click(within(modal).getByRole('checkbox', { name: /^One/ }))
    await user.click(within(modal).getByRole('switch', { name: 'Auto download new episodes' }))
    await user.click(within(modal).getByTestId('opml-import-modal-submit'))

    await waitFor(() => expect(screen.queryByTestId('opml-import-modal')).toBeNull())
    expect(fake.requests.find((r) => r.path === '/api/podcasts/opml/create')?.body).toEqual({
      feeds: ['https://a.example/2'],
      libraryId: 'pods',
      folderId: 'pods-f',
      autoDownloadEpisodes: true,
    })
    expect(toasts()).toContain('OPML import started')
  })

  it("shows the server's message when an OPML file cannot be parsed", async () => {
    const fake = server({
      extra: { 'POST /api/podcasts/opml/parse': () => text('Invalid OPML: no outlines', 400) },
    })
    const { user } = renderApp(PATH, fake)
    await user.upload(await screen.findByTestId('opml-file-input'), new File(['junk'], 'x.opml'))
    await waitFor(() => expect(toasts()).toContain('Invalid OPML: no outlines'))
    expect(screen.queryByTestId('opml-import-modal')).toBeNull()
  })

  it("exports the library's OPML as a file through the API client", async () => {
    const toObjectUrl = vi.fn((_: Blob) => 'blob:opml')
    Object.assign(URL, { createObjectURL: toObjectUrl, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const fake = server({
      extra: {
        'GET /api/libraries/pods/opml': () =>
          new Response('<?xml version="1.0"?><opml/>', { headers: { 'content-type': 'text/x-opml' } }),
      },
    })
    const { user } = renderApp(PATH, fake)
    await user.click(await screen.findByTestId('opml-export'))
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect(await toObjectUrl.mock.calls[0]![0].text()).toBe('<?xml version="1.0"?><opml/>')
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Library pods.opml')
  })

  it('sends non-admins and book libraries to the library home', async () => {
    const { router } = renderApp(PATH, server({ user: userFixture('user') }))
    await waitFor(() => expect(currentPath(router)).toBe('/library/pods'))

    const books = libraryFixture('pods', 'book')
    const second = renderApp(PATH, server({ library: books }))
    await waitFor(() => expect(currentPath(second.router)).toBe('/library/pods'))
  })
})
