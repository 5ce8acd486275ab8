import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

describe('cache purge on the settings page', () => {
  it('purges all cache after a confirm, and only then', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'POST /api/cache/purge': () => text('OK', 200),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('button', { name: 'Purge All Cache' }))
    const prompt = await screen.findByTestId('purge-cache-confirm')
    expect(prompt.textContent).toContain('entire cache folder')
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }))
    expect(server.requests.some((r) => r.path.startsWith('/api/cache'))).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Purge All Cache' }))
    await user.click(
      within(await screen.findByTestId('purge-cache-confirm')).getByRole('button', {
        name: 'Purge All Cache',
      }),
    )
    expect((await screen.findByTestId('toast')).textContent).toContain('Cache purged successfully')
    expect(server.requests.filter((r) => r.path.startsWith('/api/cache')).map((r) => r.path)).toEqual([
      '/api/cache/purge',
    ])
    expect(screen.queryByTestId('purge-cache-confirm')).toBeNull()
  })

  it('says "Failed to purge cache" when the items cache purge fails', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'POST /api/cache/items/purge': () => text('Internal error', 500),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('button', { name: 'Purge Items Cache' }))
    await user.click(
      within(await screen.findByTestId('purge-cache-confirm')).getByRole('button', {
        name: 'Purge Items Cache',
      }),
    )
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to purge cache')
    expect(server.requests.map((r) => r.path)).toContain('/api/cache/items/purge')
  })

  it("shows the server's reason when the purge is refused while an audio tool runs", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const reason = 'An audio tool is running: purge the cache when it has finished'
    const server = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'POST /api/cache/purge': () => text(reason, 409),
    })
    const { user } = renderApp('/config', server)
    await user.click(await screen.findByRole('button', { name: 'Purge All Cache' }))
    await user.click(
      within(await screen.findByTestId('purge-cache-confirm')).getByRole('button', {
        name: 'Purge All Cache',
      }),
    )
    expect((await screen.findByTestId('toast')).textContent).toContain(`Failed to purge cache: ${reason}`)
    expect(screen.queryByTestId('purge-cache-confirm')).toBeNull()
  })
})
