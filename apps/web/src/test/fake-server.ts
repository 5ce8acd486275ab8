import { vi } from 'vitest'
import { createApiClient, type ApiClient } from '@/lib/api/index.ts'
import { getAccessToken } from '@/lib/session-store.ts'

export interface RecordedRequest {
  method: string
  path: string
  search: string
  body: unknown
}

type Reply = Response | Promise<Response>
type Handler = (request: RecordedRequest) => Reply

/**
 * A fetch stub that answers like the server, route by route ("POST /login"), recording requests.
 * Unhandled routes answer 404, so a test sees every call the page makes.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://app.test')
    const text = typeof init?.body === 'string' ? init.body : ''
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    }
    requests.push(request)
    const handler = routes[`${request.method} ${request.path}`]
    return handler ? handler(request) : new Response('Not found', { status: 404 })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests }
}

export const json = (body: unknown, status = 200) => Response.json(body, { status })
export const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain' } })

/** An API client that talks to a fake server's fetch, with the signed-in token and no refresh handling. */
export function fakeApiClient(fetch: typeof globalThis.fetch): ApiClient {
  return createApiClient({
    basePath: '',
    fetch,
    getAccessToken,
    onSessionRefreshed: () => {},
    onSessionExpired: () => {},
  })
}
