import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

describe('library modal Tools tab', () => {
  it('removes metadata.json and metadata.abs files after a confirm and toasts the counts', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const library = { ...libraryFixture('a'), name: 'Audiobooks' }
    let answer = { found: 3, removed: 3 }
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [library] }),
      'GET /api/tasks': () => json({ tasks: [] }),
      'POST /api/libraries/a/remove-metadata': () => json(answer),
    })
    const { user } = renderApp('/config/libraries', server)
    await user.click(await screen.findByRole('button', { name: 'Audiobooks' }))
    const modal = await screen.findByTestId('library-modal')
    await user.click(within(modal).getByRole('tab', { name: 'Tools' }))
    await user.click(within(modal).getByRole('button', { name: 'Remove all metadata.json files' }))
    const prompt = await screen.findByTestId('remove-metadata-confirm')
    expect(prompt.textContent).toContain('remove all metadata.json files')
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }))
    expect(server.requests.some((r) => r.path.endsWith('/remove-metadata'))).toBe(false)

    await user.click(within(modal).getByRole('button', { name: 'Remove all metadata.json files' }))
    await user.click(
      within(await screen.findByTestId('remove-metadata-confirm')).getByRole('button', { name: 'Remove' }),
    )
    expect((await screen.findByTestId('toast')).textContent).toContain('metadata.json files removed: 3 of 3')
    const sent = server.requests.filter((r) => r.path === '/api/libraries/a/remove-metadata')
    expect(sent.map((r) => new URLSearchParams(r.search).get('ext'))).toEqual(['json'])

    answer = { found: 0, removed: 0 }
    await user.click(within(modal).getByRole('button', { name: 'Remove all metadata.abs files' }))
    await user.click(
      within(await screen.findByTestId('remove-metadata-confirm')).getByRole('button', { name: 'Remove' }),
    )
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast')
          .map((t) => t.textContent)
          .join(' '),
      ).toContain('No metadata.abs files found in library'),
    )
  })

  it('is not offered while creating a library', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/tasks': () => json({ tasks: [] }),
      'GET /api/filesystem': () => text('no', 404),
    })
    const { user } = renderApp('/config/libraries', server)
    await user.click(await screen.findByRole('button', { name: 'Add your first library' }))
    const modal = await screen.findByTestId('library-modal')
    expect(within(modal).queryByRole('tab', { name: 'Tools' })).toBeNull()
  })
})
