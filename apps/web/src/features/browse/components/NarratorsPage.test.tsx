import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const id = (name: string) => btoa(String.fromCharCode(...new TextEncoder().encode(name)))

function server() {
  let narrators = [
    { id: id('Jim Dale'), name: 'Jim Dale', numBooks: 2 },
    { id: id('Stephen Fry'), name: 'Stephen Fry', numBooks: 1 },
  ]
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
    'GET /api/libraries/a': () => libraryDetailReply('a'),
    'GET /api/libraries/a/narrators': () => json({ narrators }),
    [`PATCH /api/libraries/a/narrators/${encodeURIComponent(id('Jim Dale'))}`]: () => {
      narrators = [{ id: id('Stephen Fry'), name: 'Stephen Fry', numBooks: 3 }]
      return json({ updated: 2 })
    },
    [`DELETE /api/libraries/a/narrators/${encodeURIComponent(id('Stephen Fry'))}`]: () => {
      narrators = narrators.filter((n) => n.name !== 'Stephen Fry')
      return json({ updated: 1 })
    },
  })
}

const names = () => screen.getAllByRole('link').filter((a) => a.closest('[data-testid="narrators-table"]'))

describe('narrators page', () => {
  it('lets an admin rename a narrator into an existing one (merge warned) and remove one', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const fake = server()
    const { user } = renderApp('/library/a/narrators', fake)
    await screen.findByTestId('narrators-table')
    await user.click(screen.getByRole('button', { name: 'Rename Jim Dale' }))
    const modal = await screen.findByTestId('rename-meta-value-modal')
    const input = within(modal).getByLabelText('New name')
    await user.clear(input)
    await user.type(input, 'stephen fry')
    expect(within(modal).getByTestId('rename-meta-value-merge').textContent).toContain('Stephen Fry')
    await user.click(within(modal).getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(screen.queryByTestId('rename-meta-value-modal')).toBeNull())
    expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'stephen fry' })
    await waitFor(() => expect(names().map((a) => a.textContent)).toEqual(['Stephen Fry']))

    await user.click(screen.getByRole('button', { name: 'Remove Stephen Fry' }))
    const prompt = await screen.findByTestId('confirm-prompt')
    await user.click(within(prompt).getByRole('button', { name: 'Remove' }))
    await waitFor(() =>
      expect(screen.queryAllByTestId('toast').map((t) => t.textContent)).toContain('Narrator removed'),
    )
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true)
  })

  it('shows no rename or remove buttons to other users', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    renderApp('/library/a/narrators', server())
    await screen.findByTestId('narrators-table')
    expect(screen.queryByRole('button', { name: 'Rename Jim Dale' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove Jim Dale' })).toBeNull()
  })
})
