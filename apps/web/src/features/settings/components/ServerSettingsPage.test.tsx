import { defaultServerSettings } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { currentPath, renderApp } from '@/test/render-app.tsx'

describe('server settings page', () => {
  it('sends only the changed settings and adopts the answer, including the server language', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'PATCH /api/settings': (request) =>
        json({ serverSettings: { ...defaultServerSettings('0.1.0'), ...(request.body as object) } }),
    })
    const { user } = renderApp('/config', server)
    await user.selectOptions(await screen.findByLabelText('Default server language'), 'de')
    await user.click(screen.getByRole('tab', { name: 'Display' }))
    await user.selectOptions(await screen.findByLabelText('Date format'), 'yyyy-MM-dd')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(useSessionStore.getState().serverSettings?.dateFormat).toBe('yyyy-MM-dd'))
    expect(server.requests.find((r) => r.path === '/api/settings')?.body).toEqual({
      language: 'de',
      dateFormat: 'yyyy-MM-dd',
    })
    // No language chosen on this device, so the server's new default applies.
    await waitFor(() => expect(i18n.language).toBe('de'))
    // Announced in the language the page was in when Save was pressed.
    expect((await screen.findByTestId('toast')).textContent).toContain('Server settings updated')
  })

  it("shows the server's message when it refuses a login rate limit, and keeps the stored settings", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const refusal = 'Login rate limit requests cannot be negative (0 turns the limit off)'
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'PATCH /api/settings': () => text(refusal, 400),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('tab', { name: 'Security' }))
    const field = await screen.findByLabelText('Failed logins allowed per window')
    await user.clear(field)
    await user.type(field, '-1')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect((await screen.findByTestId('toast')).textContent).toContain(refusal)
    expect(server.requests.find((r) => r.path === '/api/settings')?.body).toEqual({
      rateLimitLoginRequests: -1,
    })
    expect(useSessionStore.getState().serverSettings?.rateLimitLoginRequests).toBe(40)
  })

  it('shows the token lifetimes in minutes and days and saves them in seconds', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'PATCH /api/settings': (request) =>
        json({ serverSettings: { ...defaultServerSettings('0.1.0'), ...(request.body as object) } }),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('tab', { name: 'Security' }))
    const access = await screen.findByLabelText('Access token lifetime (minutes)')
    const session = screen.getByLabelText('Sign-in session lifetime (days)')
    expect((access as HTMLInputElement).value).toBe('60')
    expect((session as HTMLInputElement).value).toBe('30')
    await user.clear(access)
    await user.type(access, '15')
    await user.clear(session)
    await user.type(session, '7')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(useSessionStore.getState().serverSettings?.accessTokenExpiry).toBe(900))
    expect(server.requests.find((r) => r.path === '/api/settings')?.body).toEqual({
      accessTokenExpiry: 900,
      refreshTokenExpiry: 7 * 24 * 3600,
    })
  })

  it('edits the default metadata precedence of new libraries in the Scanner tab', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'PATCH /api/settings': (request) =>
        json({ serverSettings: { ...defaultServerSettings('0.1.0'), ...(request.body as object) } }),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('tab', { name: 'Scanner' }))
    const list = await screen.findByTestId('default-metadata-precedence')
    // Highest priority first: OPF moves above the Shelfcast metadata file; folder structure is left out.
    await user.click(within(list).getByRole('button', { name: 'Move OPF file up' }))
    await user.click(within(list).getByRole('checkbox', { name: 'Folder structure' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const saved = ['audioMetatags', 'nfoFile', 'txtFiles', 'absMetadata', 'opfFile']
    await waitFor(() =>
      expect(useSessionStore.getState().serverSettings?.defaultMetadataPrecedence).toEqual(saved),
    )
    expect(server.requests.find((r) => r.path === '/api/settings')?.body).toEqual({
      defaultMetadataPrecedence: saved,
    })
  })

  it('turns on Find covers with the provider it searches', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/search/providers': () =>
        json({
          providers: {
            books: [],
            booksCovers: [
              { value: 'all', text: 'All' },
              { value: 'google', text: 'Google Books' },
              { value: 'openlibrary', text: 'Open Library' },
            ],
            podcasts: [],
          },
        }),
      'PATCH /api/settings': (request) =>
        json({ serverSettings: { ...defaultServerSettings('0.1.0'), ...(request.body as object) } }),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('tab', { name: 'Scanner' }))
    expect(screen.queryByLabelText('Cover provider')).toBeNull()
    await user.click(screen.getByRole('switch', { name: 'Find covers' }))
    const provider = await screen.findByLabelText('Cover provider')
    await screen.findByRole('option', { name: 'Open Library' })
    await user.selectOptions(provider, 'openlibrary')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(useSessionStore.getState().serverSettings?.scannerFindCovers).toBe(true))
    expect(server.requests.find((r) => r.path === '/api/settings')?.body).toEqual({
      scannerFindCovers: true,
      scannerCoverProvider: 'openlibrary',
    })
  })

  it('edits the server log level and the daily and scanner logs to keep', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'PATCH /api/settings': (request) =>
        json({ serverSettings: { ...defaultServerSettings('0.1.0'), ...(request.body as object) } }),
    })
    const { user } = renderApp('/config', server)
    const level = await screen.findByLabelText('Server log level')
    expect((level as HTMLSelectElement).value).toBe('2')
    await user.selectOptions(level, 'Debug')
    const daily = screen.getByLabelText('Daily logs to keep')
    expect((daily as HTMLInputElement).value).toBe('7')
    await user.clear(daily)
    await user.type(daily, '14')
    await user.click(screen.getByRole('tab', { name: 'Scanner' }))
    const scans = await screen.findByLabelText('Scanner logs to keep')
    await user.clear(scans)
    await user.type(scans, '5')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(useSessionStore.getState().serverSettings?.loggerScannerLogsToKeep).toBe(5))
    expect(server.requests.find((r) => r.path === '/api/settings')?.body).toEqual({
      logLevel: 1,
      loggerDailyLogsToKeep: 14,
      loggerScannerLogsToKeep: 5,
    })
  })

  it('keeps changes across tabs and saves the toggles of each tab', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'PATCH /api/settings': (request) =>
        json({ serverSettings: { ...defaultServerSettings('0.1.0'), ...(request.body as object) } }),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('switch', { name: 'Chromecast support' }))
    await user.click(screen.getByRole('tab', { name: 'Scanner' }))
    await user.click(await screen.findByRole('switch', { name: 'Parse subtitles' }))
    await user.click(screen.getByRole('tab', { name: 'Web client' }))
    await user.click(await screen.findByRole('switch', { name: 'Allow embedding in an iframe' }))
    await user.click(screen.getByRole('tab', { name: 'General' }))
    expect(screen.getByRole('switch', { name: 'Chromecast support' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(useSessionStore.getState().serverSettings?.chromecastEnabled).toBe(true))
    expect(server.requests.find((r) => r.path === '/api/settings')?.body).toEqual({
      chromecastEnabled: true,
      scannerParseSubtitle: true,
      allowIframe: true,
    })
  })

  it('refuses to save no sorting prefix, and sends new prefixes to their own call', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'PATCH /api/sorting-prefixes': (request) =>
        json({
          rowsUpdated: 4,
          serverSettings: { ...defaultServerSettings('0.1.0'), ...(request.body as object) },
        }),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('tab', { name: 'Scanner' }))
    await user.click(await screen.findByRole('button', { name: 'Remove prefix the' }))
    await user.click(screen.getByRole('button', { name: 'Remove prefix a' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('toast')).textContent).toContain('Must have at least 1 sorting prefix')
    expect(server.requests.some((r) => r.path === '/api/sorting-prefixes')).toBe(false)

    await user.type(screen.getByLabelText('Prefixes to ignore (case insensitive)'), 'der{Enter}')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(useSessionStore.getState().serverSettings?.sortingPrefixes).toEqual(['der']))
    expect(server.requests.find((r) => r.path === '/api/sorting-prefixes')?.body).toEqual({
      sortingPrefixes: ['der'],
    })
    expect(server.requests.some((r) => r.path === '/api/settings')).toBe(false)
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast')
          .map((el) => el.textContent)
          .join(' '),
      ).toContain('Sorting prefixes updated (4 items)'),
    )
  })

  it('is for admins only', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const { router } = renderApp(
      '/config',
      fakeServer({ 'GET /api/libraries': () => json({ libraries: [] }) }),
    )
    await screen.findByTestId('no-libraries')
    expect(currentPath(router)).toBe('/')
  })
})
