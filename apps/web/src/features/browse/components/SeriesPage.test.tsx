import type { SeriesDetail, User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { libraryDetailReply, listedItemFixture } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'
import { registerBrowseSocketHandlers } from '../socket-handlers.ts'

function setup(user: User, routes: Parameters<typeof fakeServer>[0] = {}) {
  const login = loginResponseFixture(user)
  useSessionStore.getState().setSession(login)
  let current: SeriesDetail = {
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
  }
  let gone = false
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a'),
    'GET /api/libraries/a/series/s1': () => (gone ? text('Series not found', 404) : json(current)),
    'PATCH /api/series/s1': (request) => {
      const body = request.body as { name: string; description: string | null }
      if (body.name === 'Taken') return text('Another series is already named "Taken"', 409)
      current = { ...current, ...body, nameIgnorePrefix: body.name }
      const { books: _b, numBooks: _n, totalDuration: _d, ...series } = current
      return json(series)
    },
    ...routes,
  })
  return { server, login, remove: () => (gone = true), ...renderApp('/library/a/series/s1', server) }
}

describe('series page', () => {
  it('edits the name and description; a taken name shows the server message and keeps the dialog', async () => {
    const { user, server } = setup(
      userFixture('user', { permissions: { ...userFixture('user').permissions, update: true } }),
    )
    expect((await screen.findByTestId('series-name')).textContent).toBe('Saga')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const modal = await screen.findByTestId('series-edit-modal')
    const name = within(modal).getByLabelText('Name')

    await user.clear(name)
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    expect(within(modal).getByText('Series name is required')).toBeTruthy()
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false)

    await user.type(name, 'Taken')
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'Another series is already named "Taken"',
    )
    expect(screen.getByTestId('series-edit-modal')).toBeTruthy()

    await user.clear(name)
    await user.type(name, 'The Saga')
    await user.type(within(modal).getByLabelText('Description'), 'Long tale')
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByTestId('series-edit-modal')).toBeNull())
    expect(screen.getByTestId('series-name').textContent).toBe('The Saga')
    expect(screen.getByText('Long tale')).toBeTruthy()
    expect(server.requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({
      name: 'The Saga',
      description: 'Long tale',
    })
  })

  it('offers no Edit without the update permission', async () => {
    setup(userFixture('user', { permissions: { ...userFixture('user').permissions, update: false } }))
    await screen.findByTestId('series-name')
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
  })

  it('re-adds a hidden series to Continue Listening from its menu', async () => {
    const base = userFixture('user')
    const hiddenUser = { ...base, seriesHideFromContinueListening: ['s1'] }
    const { user, server } = setup(hiddenUser, {
      'GET /api/me/series/s1/readd-to-continue-listening': () =>
        json({ ...hiddenUser, seriesHideFromContinueListening: [] }),
    })
    await screen.findByTestId('series-name')
    await user.click(within(screen.getByTestId('series-more')).getByRole('button', { name: 'More' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Re-add series to Continue Listening' }))
    expect((await screen.findByTestId('toast')).textContent).toContain('Series added back to Continue Series')
    expect(useSessionStore.getState().user?.seriesHideFromContinueListening).toEqual([])
    expect(screen.queryByTestId('series-more')).toBeNull()
    expect(server.requests.map((r) => r.path)).toContain('/api/me/series/s1/readd-to-continue-listening')
  })

  it('shows the series is gone when it was removed while open', async () => {
    const off = registerBrowseSocketHandlers()
    onTestFinished(off)
    const { remove, queryClient } = setup(userFixture('user'))
    await screen.findByTestId('series-name')
    remove()
    socketEvents.dispatch({ queryClient }, 'series_removed', [{ id: 's1', libraryId: 'a' }])
    expect(await screen.findByText('Series not found', {}, { timeout: 4000 })).toBeTruthy()
    expect(screen.getByTestId('series-not-found-back').getAttribute('href')).toBe(
      '/library/a/bookshelf/series',
    )
  })
})
