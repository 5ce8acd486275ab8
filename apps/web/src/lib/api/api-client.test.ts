import { collectionRoutes, playlistRoutes, type LoginResponse } from '@shelfcast/contracts'
import { describe, expect, it, vi } from 'vitest'
import { createApiClient, type ApiClientOptions } from './api-client.ts'
import { ApiError } from './api-error.ts'

interface Call {
  url: string
  method: string
  authorization: string | null
  credentials: RequestCredentials | undefined
}

function sessionWith(token: string): LoginResponse {
  return { user: { accessToken: token } } as unknown as LoginResponse
}

/**
 * A tiny in-memory server: `/api/*` accepts only `validToken`; `/auth/refresh` rotates it after a delay,
 * so concurrent requests really overlap with the refresh.
 */
function fakeServer(opts: { refreshSucceeds: boolean; initialValidToken?: string }) {
  const calls: Call[] = []
  let validToken = opts.initialValidToken ?? 'fresh-1'
  let refreshes = 0
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input)
    const headers = new Headers(init?.headers)
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      credentials: init?.credentials,
    }
    calls.push(call)
    if (url.endsWith('/auth/refresh')) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      if (!opts.refreshSucceeds) return new Response('{"error":"No refresh token provided"}', { status: 401 })
      refreshes += 1
      validToken = `fresh-${refreshes}`
      return Response.json(sessionWith(validToken))
    }
    if (url.endsWith('/login')) return new Response('Invalid username or password', { status: 401 })
    if (call.authorization !== `Bearer ${validToken}`) return new Response('Unauthorized', { status: 401 })
    return Response.json({ ok: url })
  })
  return { fetchStub, calls, refreshCount: () => refreshes }
}

function clientWith(
  fetchStub: typeof fetch,
  token: { value: string | null },
  extra: Partial<ApiClientOptions> = {},
) {
  const onSessionRefreshed = vi.fn((session: LoginResponse) => {
    token.value = session.user.accessToken ?? null
  })
  const onSessionExpired = vi.fn(() => {
    token.value = null
  })
  const client = createApiClient({
    basePath: '/abs',
    fetch: fetchStub,
    getAccessToken: () => token.value,
    onSessionRefreshed,
    onSessionExpired,
    ...extra,
  })
  return { client, onSessionRefreshed, onSessionExpired }
}

describe('api client', () => {
  it('keeps the key a server names for its error message', async () => {
    const header = encodeURIComponent(JSON.stringify({ key: 'ErrorItemNotFound' }))
    const fetchStub = vi.fn(
      async () => new Response('Item not found', { status: 404, headers: { 'x-shelfcast-message': header } }),
    )
    const { client } = clientWith(fetchStub as unknown as typeof fetch, { value: 'token' })
    const failure = await client.request('/api/items/nope').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).keyed).toEqual({ key: 'ErrorItemNotFound' })
    expect((failure as ApiError).message).toBe('Item not found')
  })

  it('calls a declared route: method, filled path, query and body from the contract', async () => {
    const seen: { url: string; method: string; body: unknown }[] = []
    const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body })
      return Response.json({})
    })
    const { client } = clientWith(fetchStub, { value: 'fresh-1' })
    await client.call(collectionRoutes.removeBook, { params: { id: 'c 1', bookId: 'b/2' } })
    await client.call(collectionRoutes.get, { params: { id: 'c1' }, query: { minified: 1, limit: 40 } })
    await client.call(playlistRoutes.removeEntries, {
      params: { id: 'p1' },
      body: { items: [{ libraryItemId: 'li1' }] },
    })
    expect(seen).toEqual([
      { url: '/abs/api/collections/c%201/book/b%2F2', method: 'DELETE', body: undefined },
      { url: '/abs/api/collections/c1?minified=1&limit=40', method: 'GET', body: undefined },
      {
        url: '/abs/api/playlists/p1/batch/remove',
        method: 'POST',
        body: '{"items":[{"libraryItemId":"li1"}]}',
      },
    ])
  })

  it('sends the bearer token under the base path', async () => {
    const server = fakeServer({ refreshSucceeds: true })
    const { client } = clientWith(server.fetchStub, { value: 'fresh-1' })
    await expect(client.request('/api/me')).resolves.toEqual({ ok: '/abs/api/me' })
    expect(server.calls[0]).toMatchObject({ url: '/abs/api/me', authorization: 'Bearer fresh-1' })
  })

  it('refreshes once on 401 and retries with the new token', async () => {
    const server = fakeServer({ refreshSucceeds: true, initialValidToken: 'never' })
    const token = { value: 'stale' }
    const { client, onSessionRefreshed } = clientWith(server.fetchStub, token)
    await expect(client.request('/api/libraries')).resolves.toEqual({ ok: '/abs/api/libraries' })
    expect(server.refreshCount()).toBe(1)
    expect(onSessionRefreshed).toHaveBeenCalledTimes(1)
    const refresh = server.calls.find((c) => c.url === '/abs/auth/refresh')
    expect(refresh).toMatchObject({ method: 'POST', credentials: 'include' })
    expect(server.calls.at(-1)).toMatchObject({ url: '/abs/api/libraries', authorization: 'Bearer fresh-1' })
  })

  it('shares one refresh between concurrent failing requests', async () => {
    const server = fakeServer({ refreshSucceeds: true, initialValidToken: 'never' })
    const { client } = clientWith(server.fetchStub, { value: 'stale' })
    const results = await Promise.all([
      client.request('/api/a'),
      client.request('/api/b'),
      client.request('/api/c'),
    ])
    expect(results).toEqual([{ ok: '/abs/api/a' }, { ok: '/abs/api/b' }, { ok: '/abs/api/c' }])
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1)
    const retries = server.calls.filter((c) => c.authorization === 'Bearer fresh-1')
    expect(retries.map((c) => c.url).sort()).toEqual(['/abs/api/a', '/abs/api/b', '/abs/api/c'])
  })

  it('does not refresh again for a 401 that answers a token already replaced', async () => {
    const server = fakeServer({ refreshSucceeds: true, initialValidToken: 'never' })
    const token = { value: 'stale' }
    const { client } = clientWith(server.fetchStub, token)
    await client.request('/api/first')
    // Simulate a request that left with the old token and comes back after the refresh finished.
    token.value = 'stale'
    const late = client.request('/api/late')
    token.value = 'fresh-1'
    await expect(late).resolves.toEqual({ ok: '/abs/api/late' })
    expect(server.refreshCount()).toBe(1)
  })

  it('expires the session when the refresh fails, and rejects every waiting request', async () => {
    const server = fakeServer({ refreshSucceeds: false, initialValidToken: 'never' })
    const token = { value: 'stale' }
    const { client, onSessionExpired } = clientWith(server.fetchStub, token)
    const results = await Promise.allSettled([client.request('/api/a'), client.request('/api/b')])
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).status === 401)).toBe(true)
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(token.value).toBeNull()
  })

  it('never refreshes a 401 from /login: the session is cleared and the server message is thrown', async () => {
    const server = fakeServer({ refreshSucceeds: true })
    const { client, onSessionExpired } = clientWith(server.fetchStub, { value: null })
    const error = await client
      .request('/login', { method: 'POST', body: { username: 'a', password: 'b' }, auth: false })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: 'Invalid username or password', kind: 'http' })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(server.calls.some((c) => c.url.endsWith('/auth/refresh'))).toBe(false)
  })

  it('turns JSON and plain-text error bodies into ApiError messages', async () => {
    const fetchStub = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/json')
        ? new Response('{"error":"Library not found"}', { status: 404 })
        : new Response('Forbidden to do that', { status: 403 }),
    )
    const { client } = clientWith(fetchStub, { value: 't' })
    await expect(client.request('/api/json')).rejects.toMatchObject({
      status: 404,
      message: 'Library not found',
    })
    await expect(client.request('/api/text')).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden to do that',
    })
  })

  it('aborts a request that outlives its timeout', async () => {
    const fetchStub = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const { client } = clientWith(fetchStub, { value: 't' })
    await expect(client.request('/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'timeout',
      status: 0,
    })
  })

  it('reads plain-text OK answers as text', async () => {
    const fetchStub = vi.fn(
      async () => new Response('OK', { status: 200, headers: { 'content-type': 'text/plain' } }),
    )
    const { client } = clientWith(fetchStub, { value: 't' })
    await expect(
      client.request('/init', {
        method: 'POST',
        body: { newRoot: { username: 'root', password: '' } },
        auth: false,
      }),
    ).resolves.toBe('OK')
  })

  it('hands back a bytes answer as an ArrayBuffer, even one that looks like JSON', async () => {
    const body = new TextEncoder().encode('{"not":"parsed"}')
    const fetchStub = vi.fn(
      async () => new Response(body, { status: 200, headers: { 'content-type': 'application/epub+zip' } }),
    )
    const { client } = clientWith(fetchStub, { value: 't' })
    const answer = await client.request<ArrayBuffer>('/api/items/1/ebook', { answer: 'bytes' })
    expect(answer).toBeInstanceOf(ArrayBuffer)
    expect(new Uint8Array(answer)).toEqual(body)
  })
})
