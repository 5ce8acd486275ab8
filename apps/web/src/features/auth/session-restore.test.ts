import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from '@/lib/api/index.ts'
import { getAccessToken, useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { restoreSession } from './api.ts'

function clientFor(server: ReturnType<typeof fakeServer>) {
  return createApiClient({
    basePath: '',
    fetch: server.fetch,
    getAccessToken,
    onSessionRefreshed: (session) => useSessionStore.getState().setSession(session),
    onSessionExpired: () => useSessionStore.getState().clearSession(),
  })
}

function storedToken(token: string) {
  localStorage.setItem('token', token)
  useSessionStore.setState({ status: 'restoring', accessToken: token })
}

describe('session restore at boot', () => {
  it('authorizes a stored token', async () => {
    storedToken('good')
    const server = fakeServer({
      'POST /api/authorize': () => json(loginResponseFixture(userFixture('root', { accessToken: 'good' }))),
    })
    await restoreSession(clientFor(server))
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', accessToken: 'good' })
    expect(useSessionStore.getState().user?.username).toBe('root')
  })

  it('keeps the stored token when the authorize answer carries none (Audiobookshelf sends only user.token)', async () => {
    storedToken('good')
    const { accessToken: _none, ...user } = userFixture('root')
    const server = fakeServer({ 'POST /api/authorize': () => json(loginResponseFixture(user)) })
    await restoreSession(clientFor(server))
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', accessToken: 'good' })
    expect(useSessionStore.getState().user).toMatchObject({ username: 'root', accessToken: 'good' })
    expect(localStorage.getItem('token')).toBe('good')
  })

  it('refreshes an expired token once and keeps the session', async () => {
    storedToken('expired')
    const server = fakeServer({
      'POST /api/authorize': (r) =>
        server.requests.filter((q) => q.path === r.path).length === 1
          ? text('Unauthorized', 401)
          : json(loginResponseFixture()),
      'POST /auth/refresh': () =>
        json(loginResponseFixture(userFixture('root', { accessToken: 'access-1' }))),
    })
    await restoreSession(clientFor(server))
    expect(server.requests.map((r) => r.path)).toEqual(['/api/authorize', '/auth/refresh', '/api/authorize'])
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', accessToken: 'access-1' })
    expect(localStorage.getItem('token')).toBe('access-1')
  })

  it('clears user and token when the refresh fails', async () => {
    storedToken('expired')
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const server = fakeServer({
      'POST /api/authorize': () => text('Unauthorized', 401),
      'POST /auth/refresh': () => json({ error: 'No refresh token provided' }, 401),
    })
    await restoreSession(clientFor(server))
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', user: null, accessToken: null })
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('does nothing without a stored token', async () => {
    const server = fakeServer({})
    await restoreSession(clientFor(server))
    expect(server.requests).toEqual([])
    expect(useSessionStore.getState().status).toBe('ready')
  })
})
