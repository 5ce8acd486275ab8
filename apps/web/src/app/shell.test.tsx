import type { User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'

function signIn(user: User = userFixture()) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

const detail = (
  id: string,
  mediaType: 'book' | 'podcast' = 'book',
  extra: { issues?: number; numUserPlaylists?: number } = {},
) =>
  json({
    library: libraryFixture(id, mediaType),
    filterdata: {
      authors: [],
      series: [],
      genres: [],
      tags: [],
      narrators: [],
      publishers: [],
      publishedDecades: [],
      languages: [],
      bookCount: 12,
      authorCount: 4,
      seriesCount: 2,
      podcastCount: 0,
      numIssues: 0,
      loadedAt: 0,
    },
    issues: extra.issues ?? 0,
    numUserPlaylists: extra.numUserPlaylists ?? 0,
  })

const statusInit = () =>
  json({
    app: 'audiobookshelf',
    serverVersion: '0.1.0',
    isInit: true,
    language: 'en-us',
    authMethods: ['local'],
    authFormData: {},
  })

describe('route guard', () => {
  it.each([
    ['/account?tab=password', `/login?redirect=${encodeURIComponent('/account?tab=password')}`],
    ['/library/l1/bookshelf', `/login?redirect=${encodeURIComponent('/library/l1/bookshelf')}`],
    ['/', '/login'],
    ['/batch', '/login'],
  ])('sends a signed-out visit to %s to %s', async (path, expected) => {
    const { router } = renderApp(path, fakeServer({ 'GET /status': statusInit }))
    await screen.findByTestId('login-form')
    expect(currentPath(router)).toBe(expected)
  })

  it('goes back to /login when the session expires while signed in', async () => {
    signIn()
    const { router } = renderApp(
      '/account',
      fakeServer({ 'GET /status': statusInit, 'GET /api/libraries': () => json({ libraries: [] }) }),
    )
    await screen.findByTestId('app-bar')
    useSessionStore.getState().clearSession()
    await screen.findByTestId('login-form')
    expect(currentPath(router)).toBe(`/login?redirect=${encodeURIComponent('/account')}`)
  })
})

describe('main layout', () => {
  it('tells an admin without libraries where to add one, without a side rail', async () => {
    signIn(userFixture('root'))
    renderApp('/', fakeServer({ 'GET /api/libraries': () => json({ libraries: [] }) }))
    const empty = await screen.findByTestId('no-libraries')
    expect(within(empty).getByRole('link', { name: 'Manage libraries' }).getAttribute('href')).toBe(
      '/config/libraries',
    )
    expect(screen.getByTestId('account-link').textContent).toContain('root')
    expect(screen.getByTestId('settings-link').getAttribute('href')).toBe('/config')
    expect(screen.getByRole('link', { name: 'Upload' })).toBeTruthy()
    expect(screen.queryByTestId('side-rail')).toBeNull()
    expect(screen.queryByTestId('library-dropdown')).toBeNull()
  })

  it('tells a user without libraries to ask an admin, and hides admin and upload links', async () => {
    signIn(userFixture('user'))
    renderApp('/', fakeServer({ 'GET /api/libraries': () => json({ libraries: [] }) }))
    const empty = await screen.findByTestId('no-libraries')
    expect(empty.textContent).toContain('Ask an admin')
    expect(within(empty).queryByRole('link')).toBeNull()
    expect(screen.queryByTestId('settings-link')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Upload' })).toBeNull()
  })

  it('opens the current library, with its side rail and dropdown', async () => {
    signIn(userFixture('root'))
    const { router } = renderApp(
      '/',
      fakeServer({
        'GET /api/libraries': () =>
          json({ libraries: [libraryFixture('b', 'book', 2), libraryFixture('a', 'podcast', 1)] }),
        'GET /api/libraries/a': () => detail('a', 'podcast', { issues: 2 }),
      }),
    )
    const rail = await screen.findByTestId('side-rail')
    expect(currentPath(router)).toBe('/library/a')
    expect(within(rail).getByRole('link', { name: 'Latest' })).toBeTruthy()
    expect(within(rail).getByRole('link', { name: 'Add' })).toBeTruthy()
    expect((await within(rail).findByRole('link', { name: /Issues/ })).getAttribute('href')).toBe(
      '/library/a/bookshelf?filter=issues',
    )
    expect(within(rail).queryByRole('link', { name: 'Series' })).toBeNull()
    expect(screen.getByTestId('library-dropdown').textContent).toContain('Library a')
  })

  it('switches library with the dropdown, swapping the id of a library page', async () => {
    signIn(userFixture('root'))
    const { router, user } = renderApp(
      '/library/a/bookshelf?filter=issues',
      fakeServer({
        'GET /api/libraries': () =>
          json({ libraries: [libraryFixture('a'), libraryFixture('b', 'book', 2)] }),
        'GET /api/libraries/a': () => detail('a'),
        'GET /api/libraries/b': () => detail('b'),
      }),
    )
    const dropdown = await screen.findByTestId('library-dropdown')
    await waitFor(() => expect(within(dropdown).getByRole('combobox').hasAttribute('disabled')).toBe(false))
    await user.click(within(dropdown).getByRole('combobox', { name: /^Select library: Library a/ }))
    // The list is portalled to the body, above the page.
    await user.click(await screen.findByRole('option', { name: 'Library b' }))
    await waitFor(() => expect(currentPath(router)).toBe('/library/b/bookshelf'))
  })

  it('hides the side rail on config pages', async () => {
    signIn(userFixture('root'))
    renderApp(
      '/config/libraries',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
        'GET /api/libraries/a': () => detail('a'),
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Libraries' })).toBeTruthy()
    expect(await screen.findByText('/media/a')).toBeTruthy()
    expect(screen.queryByTestId('side-rail')).toBeNull()
  })

  it('moves on from a library that does not exist, with a warning', async () => {
    signIn(userFixture('root'))
    const { router } = renderApp(
      '/library/gone',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
        'GET /api/libraries/a': () => detail('a'),
      }),
    )
    await waitFor(() => expect(currentPath(router)).toBe('/library/a'))
    expect((await screen.findByTestId('toast')).textContent).toContain('Library not found')
  })
})

describe('error query', () => {
  it('shows ?error= as an error toast and removes it from the URL', async () => {
    const { router } = renderApp(
      '/login?error=OpenID%20failed&autoLaunch=0',
      fakeServer({ 'GET /status': statusInit }),
    )
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('OpenID failed')
    expect(toast.getAttribute('data-kind')).toBe('error')
    await waitFor(() => expect(currentPath(router)).toBe('/login?autoLaunch=0'))
    expect(screen.getAllByTestId('toast')).toHaveLength(1)
  })
})

describe('error page', () => {
  it('answers an unknown path with 404 and a logo link home', async () => {
    renderApp('/no/such/page', fakeServer({}))
    const page = await screen.findByTestId('error-page')
    expect(page.textContent).toContain('404')
    expect(page.textContent).toContain('This page could not be found')
    expect(
      within(page)
        .getAllByRole('link')
        .every((link) => link.getAttribute('href') === '/'),
    ).toBe(true)
  })
})

describe('text answers', () => {
  it('are shown as the server wrote them', async () => {
    signIn(userFixture('root'))
    renderApp(
      '/library/a',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
        // The library home lists its shelves.
        'GET /api/libraries/a/personalized': () => text('Library is being rebuilt', 503),
      }),
    )
    expect((await screen.findByRole('alert')).textContent).toContain('Library is being rebuilt')
  })
})

describe('bottom navigation (phones)', () => {
  const linkNames = (container: HTMLElement) =>
    within(container)
      .queryAllByRole('link')
      .map((link) => link.textContent)

  it('shows the first four entries of a book library and lists the rest in the More sheet', async () => {
    signIn(userFixture('root'))
    const { router, user } = renderApp(
      '/library/b',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('b', 'book')] }),
        'GET /api/libraries/b': () => detail('b', 'book'),
      }),
    )
    const nav = await screen.findByTestId('bottom-nav')
    expect(linkNames(nav)).toEqual(['Home', 'Library', 'Series', 'Collections'])
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')

    await user.click(within(nav).getByRole('button', { name: 'More' }))
    const sheet = await screen.findByRole('dialog', { name: 'More' })
    expect(linkNames(sheet)).toEqual(['Authors', 'Narrators', 'Stats'])
    await user.click(within(sheet).getByRole('link', { name: 'Narrators' }))
    await waitFor(() => expect(currentPath(router)).toBe('/library/b/narrators'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('puts an admin podcast library’s queue and issues behind More, with the issue count', async () => {
    signIn(userFixture('root'))
    const { user } = renderApp(
      '/library/p',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('p', 'podcast')] }),
        'GET /api/libraries/p': () => detail('p', 'podcast', { issues: 3 }),
      }),
    )
    const nav = await screen.findByTestId('bottom-nav')
    expect(linkNames(nav)).toEqual(['Home', 'Latest', 'Library', 'Add'])
    await user.click(within(nav).getByRole('button', { name: 'More' }))
    const sheet = await screen.findByRole('dialog', { name: 'More' })
    await waitFor(() => expect(linkNames(sheet)).toEqual(['Download Queue', 'Issues3']))
    expect(
      within(sheet)
        .getByRole('link', { name: /Issues/ })
        .getAttribute('href'),
    ).toBe('/library/p/bookshelf?filter=issues')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('has no More button when every entry fits', async () => {
    signIn(userFixture('user'))
    renderApp(
      '/library/p',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('p', 'podcast')] }),
        'GET /api/libraries/p': () => detail('p', 'podcast'),
      }),
    )
    const nav = await screen.findByTestId('bottom-nav')
    expect(linkNames(nav)).toEqual(['Home', 'Latest', 'Library'])
    expect(within(nav).queryByRole('button', { name: 'More' })).toBeNull()
  })

  it('shows More as the current place on a page it holds', async () => {
    signIn(userFixture('root'))
    renderApp(
      '/library/b/narrators',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('b', 'book')] }),
        'GET /api/libraries/b': () => detail('b', 'book'),
      }),
    )
    const nav = await screen.findByTestId('bottom-nav')
    expect(within(nav).getByRole('button', { name: 'More' }).className).toContain('text-primary')
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
  })

  it('is absent on config pages, like the side rail', async () => {
    signIn(userFixture('root'))
    renderApp(
      '/config/libraries',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
        'GET /api/libraries/a': () => detail('a'),
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Libraries' })).toBeTruthy()
    expect(screen.queryByTestId('bottom-nav')).toBeNull()
  })
})

describe('app bar on small screens', () => {
  it('holds stats, upload, settings, account and logout in its overflow menu', async () => {
    signIn(userFixture('root'))
    const { router, user } = renderApp(
      '/',
      fakeServer({ 'GET /api/libraries': () => json({ libraries: [] }) }),
    )
    await screen.findByTestId('no-libraries')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your Stats', 'Upload', 'Settings', 'Accountroot', 'Logout'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Settings' }))
    await waitFor(() => expect(currentPath(router)).toBe('/config'))
  })

  it('leaves upload and settings out of the menu for a user without those rights', async () => {
    signIn(userFixture('user'))
    const { user } = renderApp('/', fakeServer({ 'GET /api/libraries': () => json({ libraries: [] }) }))
    await screen.findByTestId('no-libraries')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your Stats', 'Accounta-user', 'Logout'])
  })

  it('opens a full-width search from its icon and closes it with Back, focus returning to the icon', async () => {
    signIn(userFixture('root'))
    const { user } = renderApp(
      '/library/b',
      fakeServer({
        'GET /api/libraries': () => json({ libraries: [libraryFixture('b', 'book')] }),
        'GET /api/libraries/b': () => detail('b', 'book'),
      }),
    )
    const open = await screen.findByTestId('phone-search-open')
    await user.click(open)
    const search = screen.getByTestId('phone-search')
    expect(document.activeElement).toBe(within(search).getByRole('combobox', { name: 'Search the library' }))
    await user.click(within(search).getByRole('button', { name: 'Back' }))
    expect(screen.queryByTestId('phone-search')).toBeNull()
    expect(document.activeElement).toBe(open)
    await user.click(open)
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('phone-search')).toBeNull()
  })
})
