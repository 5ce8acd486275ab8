import type { User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { filterDataFixture, itemsRoute, libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

function signIn(user: User) {
  useSessionStore.getState().setSession(loginResponseFixture(user))
}

function server() {
  let issues = 2
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a', 'book', filterDataFixture({ numIssues: issues })),
    'GET /api/libraries/a/items': (request) => itemsRoute(issues)(request),
    'DELETE /api/libraries/a/issues': () => {
      issues = 0
      return text('OK', 200)
    },
  })
}

describe('removing all items with issues', () => {
  it('asks first, then the list empties and the Issues entry of the side rail goes', async () => {
    signIn(userFixture('root'))
    const fake = server()
    const { user } = renderApp('/library/a/bookshelf?filter=issues', fake)
    const rail = await screen.findByTestId('side-rail')
    await waitFor(() => expect(within(rail).getByRole('link', { name: /Issues/ })).toBeTruthy())
    await user.click(await screen.findByRole('button', { name: 'Remove All 2 items with issues' }))
    const prompt = await screen.findByTestId('remove-issues-confirm')
    expect(prompt.textContent).toContain('Their files on disk stay')
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }))
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Remove All 2 items with issues' }))
    await user.click(
      within(await screen.findByTestId('remove-issues-confirm')).getByRole('button', { name: 'Remove' }),
    )
    expect((await screen.findByTestId('toast')).textContent).toContain('Items with issues removed')
    expect(await screen.findByText('No issues')).toBeTruthy()
    await waitFor(() => expect(within(rail).queryByRole('link', { name: /Issues/ })).toBeNull())
    expect(screen.queryByTestId('remove-issues')).toBeNull()
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/libraries/a/issues',
    ])
  })

  it('is not offered to users who are not admins', async () => {
    signIn(userFixture('user'))
    renderApp('/library/a/bookshelf?filter=issues', server())
    await screen.findByText('2 books')
    expect(screen.queryByTestId('remove-issues')).toBeNull()
  })
})
