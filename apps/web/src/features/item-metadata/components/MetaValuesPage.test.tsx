import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)))

function server(renameAnswer: () => Response = () => json({ tagMerged: false, numItemsUpdated: 2 })) {
  let tags: Record<string, number> = { Fiction: 3, fic: 2, 'Sci/Fi ä': 1 }
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/tags': (request) =>
      json(
        request.search.includes('include=count')
          ? { tags: Object.keys(tags).sort(), counts: tags }
          : { tags: Object.keys(tags).sort() },
      ),
    'GET /api/genres': () => json({ genres: ['Horror'], counts: { Horror: 4 } }),
    'POST /api/tags/rename': (request) => {
      const answer = renameAnswer()
      const body = request.body as { tag: string; newTag: string }
      if (answer.ok) {
        const { [body.tag]: moved = 0, ...rest } = tags
        tags = { ...rest, [body.newTag]: (rest[body.newTag] ?? 0) + moved }
      }
      return answer
    },
    [`DELETE /api/tags/${encodeURIComponent(b64('Sci/Fi ä'))}`]: () => {
      const { ['Sci/Fi ä']: _gone, ...rest } = tags
      tags = rest
      return json({ numItemsUpdated: 1 })
    },
  })
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join('|')

const rowNames = () => screen.getAllByTestId('meta-value-row').map((r) => r.firstChild?.textContent)

describe('Item Metadata Utils: tags and genres', () => {
  it('links Tags and Genres from the index page', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    renderApp('/config/item-metadata-utils', server())
    const main = await screen.findByRole('heading', { name: 'Item Metadata Utils' })
    expect(main).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Manage Tags' }).getAttribute('href')).toBe(
      '/config/item-metadata-utils/tags',
    )
    expect(screen.getByRole('link', { name: 'Manage Genres' }).getAttribute('href')).toBe(
      '/config/item-metadata-utils/genres',
    )
  })

  it('lists tags with their item counts and filters them', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const { user } = renderApp('/config/item-metadata-utils/tags', server())
    await screen.findAllByTestId('meta-value-row')
    expect(rowNames()).toEqual(['Fiction', 'Sci/Fi ä', 'fic'])
    expect(screen.getAllByTestId('meta-value-row')[0]!.textContent).toContain('3')
    await user.type(screen.getByTestId('meta-values-filter'), 'FI')
    expect(rowNames()).toEqual(['Fiction', 'Sci/Fi ä', 'fic'])
    await user.clear(screen.getByTestId('meta-values-filter'))
    await user.type(screen.getByTestId('meta-values-filter'), 'sci')
    expect(rowNames()).toEqual(['Sci/Fi ä'])
  })

  it('renames a tag, warning that it merges into an existing one, then shows the new list', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const fake = server(() => json({ tagMerged: true, numItemsUpdated: 2 }))
    const { user } = renderApp('/config/item-metadata-utils/tags', fake)
    await screen.findAllByTestId('meta-value-row')
    await user.click(screen.getByRole('button', { name: 'Rename fic' }))
    const modal = await screen.findByTestId('rename-meta-value-modal')
    const input = within(modal).getByLabelText('New name')
    expect(screen.queryByTestId('rename-meta-value-merge')).toBeNull()
    await user.clear(input)
    await user.type(input, 'FICTION')
    expect(within(modal).getByTestId('rename-meta-value-merge').textContent).toContain(
      '"Fiction" already exists',
    )
    await user.click(within(modal).getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(screen.queryByTestId('rename-meta-value-modal')).toBeNull())
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({ tag: 'fic', newTag: 'FICTION' })
    expect(toasts()).toContain('Tag renamed')
    await waitFor(() => expect(rowNames()).not.toContain('fic'))
  })

  it('refuses a bad new name in the dialog without calling the server', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const fake = server()
    const { user } = renderApp('/config/item-metadata-utils/tags', fake)
    await screen.findAllByTestId('meta-value-row')
    await user.click(screen.getByRole('button', { name: 'Rename fic' }))
    const modal = await screen.findByTestId('rename-meta-value-modal')
    const input = within(modal).getByLabelText('New name')
    await user.clear(input)
    await user.type(input, '   ')
    await user.click(within(modal).getByRole('button', { name: 'Rename' }))
    expect(within(modal).getByText('New name is required')).toBeTruthy()
    await user.clear(input)
    await user.type(input, 'fic')
    await user.click(within(modal).getByRole('button', { name: 'Rename' }))
    expect(within(modal).getByText('New name is the same as the current name')).toBeTruthy()
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it("shows the server's message when a rename fails, and keeps the dialog open", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const { user } = renderApp(
      '/config/item-metadata-utils/tags',
      server(() => text('New name cannot contain control characters', 400)),
    )
    await screen.findAllByTestId('meta-value-row')
    await user.click(screen.getByRole('button', { name: 'Rename fic' }))
    const modal = await screen.findByTestId('rename-meta-value-modal')
    await user.type(within(modal).getByLabelText('New name'), 'x')
    await user.click(within(modal).getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(toasts()).toContain('New name cannot contain control characters'))
    expect(screen.getByTestId('rename-meta-value-modal')).toBeTruthy()
  })

  it('removes a tag after the confirm prompt (base64 name in the path)', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const fake = server()
    const { user } = renderApp('/config/item-metadata-utils/tags', fake)
    await screen.findAllByTestId('meta-value-row')
    await user.click(screen.getByRole('button', { name: 'Remove Sci/Fi ä' }))
    const prompt = await screen.findByTestId('confirm-prompt')
    expect(prompt.textContent).toContain('remove tag "Sci/Fi ä" from all items')
    await user.click(within(prompt).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(toasts()).toContain('Tag removed'))
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true)
    await waitFor(() => expect(rowNames()).toEqual(['Fiction', 'fic']))
  })

  it('lists genres on their own page', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    renderApp('/config/item-metadata-utils/genres', server())
    const rows = await screen.findAllByTestId('meta-value-row')
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Horror')])
    expect(screen.getByRole('heading', { name: 'Manage Genres' })).toBeTruthy()
  })
})
