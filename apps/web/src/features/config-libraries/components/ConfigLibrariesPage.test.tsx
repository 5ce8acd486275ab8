import type { FilesystemResponse, Library } from '@shelfcast/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useTaskStore } from '@/features/tasks/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const folders: Record<string, FilesystemResponse> = {
  '': { posix: true, directories: [{ path: '/media', dirname: 'media', level: 0 }] },
  '/media': {
    posix: true,
    directories: [
      { path: '/media/audiobooks', dirname: 'audiobooks', level: 1 },
      { path: '/media/podcasts', dirname: 'podcasts', level: 1 },
    ],
  },
  '/media/audiobooks': { posix: true, directories: [] },
}

function signInRoot() {
  useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
}

function server(libraries: Library[] = []) {
  let list = libraries
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: list }),
    'GET /api/tasks': () => json({ tasks: [] }),
    'GET /api/filesystem': (request) => {
      const path = new URLSearchParams(request.search).get('path') ?? ''
      return folders[path] ? json(folders[path]) : text('Folder does not exist', 404)
    },
    'POST /api/libraries': (request) => {
      const body = request.body as { name: string }
      const created = { ...libraryFixture('new'), ...body, id: 'new' } as Library
      list = [...list, created]
      return json(created)
    },
    'POST /api/libraries/order': (request) => {
      const order = request.body as { id: string; newOrder: number }[]
      list = list.map((l) => ({ ...l, displayOrder: order.find((o) => o.id === l.id)?.newOrder ?? 0 }))
      return json({ libraries: list })
    },
    'POST /api/libraries/a/scan': () => text('OK', 200),
    'DELETE /api/libraries/a': () => {
      list = list.filter((l) => l.id !== 'a')
      return json(libraryFixture('a'))
    },
  })
}

describe('/config/libraries', () => {
  it('with no libraries invites the admin to add the first one; the modal shows the spec messages', async () => {
    signInRoot()
    const fake = server()
    const { user } = renderApp('/config/libraries', fake)
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Settings', '/config'],
      ['Libraries', '/config/libraries'],
      ['Users', '/config/users'],
      ['API Keys', '/config/api-keys'],
      ['Email settings', '/config/email'],
      ['Authentication', '/config/authentication'],
      ['Backups', '/config/backups'],
      ['Notifications', '/config/notifications'],
      ['Listening Sessions', '/config/sessions'],
      ['Open Listening Sessions', '/config/sessions/open'],
      ['Logs', '/config/log'],
      ['RSS Feeds', '/config/rss-feeds'],
      ['Item Metadata Utils', '/config/item-metadata-utils'],
      ['Custom metadata providers', '/config/item-metadata-utils/custom-metadata-providers'],
    ])
    await user.click(await screen.findByRole('button', { name: 'Add your first library' }))
    const modal = await screen.findByTestId('library-modal')

    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    expect(within(modal).getByText('Name is required')).toBeTruthy()
    expect(within(modal).getByText('Must have at least one path')).toBeTruthy()
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === '/api/libraries')).toBe(false)
  })

  it('creates a library with a folder chosen in the browser; listings are reused for 5 s', async () => {
    signInRoot()
    const fake = server()
    const { user } = renderApp('/config/libraries', fake)
    await user.click(await screen.findByRole('button', { name: 'Add your first library' }))
    const modal = await screen.findByTestId('library-modal')
    await user.type(within(modal).getByLabelText('Library name'), 'Audiobooks')
    await user.click(within(modal).getByRole('radio', { name: 'Headphones' }))

    const browser = within(modal).getByTestId('folder-browser')
    await user.click(await within(browser).findByRole('button', { name: /^media/ }))
    await user.click(await within(browser).findByRole('button', { name: /^audiobooks/ }))
    expect(await within(browser).findByText('No folders here')).toBeTruthy()
    // Up twice: both listings come from the cache.
    await user.click(within(browser).getByRole('button', { name: 'Up one folder' }))
    await within(browser).findByRole('button', { name: /^podcasts/ })
    await user.click(within(browser).getByRole('button', { name: 'Up one folder' }))
    await within(browser).findByRole('button', { name: /^media/ })
    const listings = fake.requests.filter((r) => r.path === '/api/filesystem').map((r) => r.search)
    expect(listings).toEqual(['?level=0', '?path=%2Fmedia&level=1', '?path=%2Fmedia%2Faudiobooks&level=2'])

    // A typed path works too.
    await user.type(within(browser).getByLabelText('Folder path'), '/media/audiobooks/')
    await user.click(within(browser).getByRole('button', { name: 'Add folder' }))
    expect(within(modal).getByTestId('library-folders').textContent).toContain('/media/audiobooks')

    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.queryByTestId('library-modal')).toBeNull())
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/libraries')
    expect(created?.body).toMatchObject({
      name: 'Audiobooks',
      mediaType: 'book',
      icon: 'headphones',
      folders: [{ fullPath: '/media/audiobooks' }],
      settings: { autoScanCronExpression: null },
    })
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join()).toContain(
      'Library "Audiobooks" created',
    )
    expect(await screen.findByTestId('libraries-list')).toBeTruthy()
  })

  it("starts a new library with the server's default metadata precedence", async () => {
    const login = loginResponseFixture(userFixture('root'))
    const defaultMetadataPrecedence = ['folderStructure', 'opfFile'] as const
    useSessionStore.getState().setSession({
      ...login,
      serverSettings: { ...login.serverSettings, defaultMetadataPrecedence: [...defaultMetadataPrecedence] },
    })
    const fake = server()
    const { user } = renderApp('/config/libraries', fake)
    await user.click(await screen.findByRole('button', { name: 'Add your first library' }))
    const modal = await screen.findByTestId('library-modal')
    await user.type(within(modal).getByLabelText('Library name'), 'Audiobooks')
    const browser = within(modal).getByTestId('folder-browser')
    await user.type(within(browser).getByLabelText('Folder path'), '/media/audiobooks/')
    await user.click(within(browser).getByRole('button', { name: 'Add folder' }))
    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.queryByTestId('library-modal')).toBeNull())
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/libraries')
    expect(created?.body).toMatchObject({ settings: { metadataPrecedence: ['folderStructure', 'opfFile'] } })
  })

  it('refuses a schedule without 5 fields and opens the schedule tab to say so', async () => {
    signInRoot()
    const fake = server()
    const { user } = renderApp('/config/libraries', fake)
    await user.click(await screen.findByRole('button', { name: 'Add your first library' }))
    const modal = await screen.findByTestId('library-modal')
    await user.type(within(modal).getByLabelText('Library name'), 'Books')
    await user.type(within(modal).getByLabelText('Folder path'), '/media/audiobooks')
    await user.click(within(modal).getByRole('button', { name: 'Add folder' }))

    await user.click(within(modal).getByRole('tab', { name: 'Schedule' }))
    await user.click(within(modal).getByRole('switch', { name: 'Scan automatically on a schedule' }))
    expect(within(modal).getByTestId('cron-expression').textContent).toBe('0 */12 * * *')
    await user.selectOptions(within(modal).getByLabelText('Interval'), 'Custom daily or weekly')
    await user.click(within(modal).getByLabelText('Sunday'))
    await user.click(within(modal).getByLabelText('Saturday'))
    expect(within(modal).getByTestId('cron-expression').textContent).toBe('0 0 * * 1,2,3,4,5')

    await user.selectOptions(within(modal).getByLabelText('Interval'), 'Custom cron expression')
    const expression = within(modal).getByLabelText('Cron expression')
    await user.clear(expression)
    await user.type(expression, '0 3 * *')
    await user.click(within(modal).getByRole('tab', { name: 'Details' }))
    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    expect(within(modal).getByRole('tab', { name: 'Schedule', selected: true })).toBeTruthy()
    expect(within(modal).getAllByText(/needs 5 fields/).length).toBeGreaterThan(0)
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === '/api/libraries')).toBe(false)

    // The schedule tab was mounted again: find its field afresh.
    await user.type(within(modal).getByLabelText('Cron expression'), ' 1')
    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.queryByTestId('library-modal')).toBeNull())
    const body = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/libraries')?.body
    expect(body).toMatchObject({ settings: { autoScanCronExpression: '0 3 * * 1' } })
  })

  it('reorders with the keyboard-reachable buttons, scans, and deletes after confirming', async () => {
    signInRoot()
    const fake = server([libraryFixture('a', 'book', 1), libraryFixture('b', 'podcast', 2)])
    const { user } = renderApp('/config/libraries', fake)
    const list = await screen.findByTestId('libraries-list')
    await user.click(within(list).getByRole('button', { name: 'Move Library b up' }))
    await waitFor(() =>
      expect(fake.requests.find((r) => r.path === '/api/libraries/order')?.body).toEqual([
        { id: 'b', newOrder: 1 },
        { id: 'a', newOrder: 2 },
      ]),
    )
    await waitFor(() =>
      expect(within(list).getAllByTestId('library-row')[0]!.textContent).toContain('Library b'),
    )

    await user.click(within(list).getByRole('button', { name: 'Force re-scan of Library a' }))
    await waitFor(() =>
      expect(fake.requests.find((r) => r.path === '/api/libraries/a/scan')?.search).toBe('?force=1'),
    )

    await user.click(within(list).getByRole('button', { name: 'Delete library Library a' }))
    const prompt = await screen.findByTestId('confirm-prompt')
    expect(prompt.textContent).toContain('permanently delete library "Library a"')
    await user.click(within(prompt).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(within(list).getAllByTestId('library-row')).toHaveLength(1))
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === '/api/libraries/a')).toBe(true)
  })

  it('a refused change shows the server message as a toast', async () => {
    signInRoot()
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/tasks': () => json({ tasks: [] }),
      'GET /api/filesystem': () => json(folders['']),
      'POST /api/libraries': () => text('Folder does not exist: /nope', 400),
    })
    const { user } = renderApp('/config/libraries', fake)
    await user.click(await screen.findByRole('button', { name: 'Add your first library' }))
    const modal = await screen.findByTestId('library-modal')
    await user.type(within(modal).getByLabelText('Library name'), 'X')
    await user.type(within(modal).getByLabelText('Folder path'), '/nope')
    await user.click(within(modal).getByRole('button', { name: 'Add folder' }))
    await user.click(within(modal).getByRole('button', { name: 'Create' }))
    expect((await screen.findByTestId('toast')).textContent).toContain('Folder does not exist: /nope')
    expect(screen.getByTestId('library-modal')).toBeTruthy()
  })

  it('marks a library while its scan task runs', async () => {
    signInRoot()
    renderApp('/config/libraries', server([libraryFixture('a', 'book', 1), libraryFixture('b', 'book', 2)]))
    const rows = await screen.findAllByTestId('library-row')
    const scan = {
      id: 't1',
      action: 'library-scan' as const,
      data: { libraryId: 'b' },
      title: 'Scanning "Library b"',
      titleKey: null,
      titleSubs: null,
      description: null,
      descriptionKey: null,
      error: null,
      errorKey: null,
      showSuccess: true,
      isFailed: false,
      isFinished: false,
      startedAt: Date.now(),
      finishedAt: null,
      progress: null,
    }
    act(() => useTaskStore.getState().upsert(scan))
    await waitFor(() => expect(rows[1]!.textContent).toContain('Scanning'))
    expect(rows[0]!.textContent).not.toContain('Scanning')
    act(() => useTaskStore.getState().upsert({ ...scan, isFinished: true, finishedAt: Date.now() }))
    await waitFor(() => expect(rows[1]!.textContent).not.toContain('Scanning'))
  })
})
