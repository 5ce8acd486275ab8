import type { AnswerOf, CallArgs, LoginResponse, RouteSpec } from '@shelfcast/contracts'
import { authRoutes, fillPath, messageKeyHeader } from '@shelfcast/contracts/client'
import { ApiError, keyedMessageFromHeader, messageFromErrorBody } from './api-error.ts'

export type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  query?: Record<string, QueryValue>
  /** Milliseconds before the request is aborted; defaults to the client's. */
  timeoutMs?: number
  signal?: AbortSignal
  /** Send the bearer token and take part in refresh-on-401 (default true). */
  auth?: boolean
  /** Send cookies: the refresh token lives in an httpOnly cookie. */
  credentials?: RequestCredentials
  /** 'bytes' hands back the body as an ArrayBuffer (an ebook's file) instead of JSON or text. */
  answer?: 'json' | 'bytes'
}

export interface ApiClientOptions {
  /** ROUTER_BASE_PATH without trailing slash ('' at the root). */
  basePath: string
  fetch?: typeof fetch
  getAccessToken: () => string | null
  /** A refresh succeeded: store the new user and token (and let the socket re-authenticate). */
  onSessionRefreshed: (session: LoginResponse) => void
  /** The session is gone (refresh failed, or a 401 on /login or /auth/refresh): clear user and token. */
  onSessionExpired: () => void
  defaultTimeoutMs?: number
}

/** Per-call options of a typed route call. */
export type CallOptions = Pick<RequestOptions, 'timeoutMs' | 'signal' | 'auth' | 'credentials' | 'answer'>

export interface ApiClient {
  /** Calls a route declared in contracts: params, query keys, body and answer are typed from it. */
  call<R extends RouteSpec>(route: R, ...args: CallArgs<R, CallOptions>): Promise<AnswerOf<R>>
  /**
   * The transport under `call`: a request to any path, its answer untyped. Features call routes with `call`;
   * this is for the client's own plumbing and its tests.
   */
  request<T>(path: string, options?: RequestOptions): Promise<T>
  /** One shared POST /auth/refresh; resolves to the new access token, or null when the session is gone. */
  refreshSession(): Promise<string | null>
  /** Full URL of a server path under the base path (for links, media and the socket). */
  url(path: string, query?: Record<string, QueryValue>): string
}

/** Paths whose 401 means "not signed in" rather than "token expired": never refreshed. */
const sessionPaths = new Set<string>([authRoutes.login.path, authRoutes.refresh.path])

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 30_000
  let refreshing: Promise<string | null> | null = null

  function url(path: string, query?: Record<string, QueryValue>): string {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value))
    }
    const qs = search.toString()
    return `${options.basePath}${path}${qs ? `?${qs}` : ''}`
  }

  async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' }
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
    if (token) headers.Authorization = `Bearer ${token}`

    const timeout = AbortSignal.timeout(opts.timeoutMs ?? defaultTimeoutMs)
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
    try {
      return await fetchImpl(url(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        credentials: opts.credentials ?? 'same-origin',
        signal,
      })
    } catch (error) {
      if (timeout.aborted) throw new ApiError(0, '', 'timeout')
      if (opts.signal?.aborted) throw new ApiError(0, '', 'aborted')
      throw new ApiError(0, error instanceof Error ? error.message : '', 'network')
    }
  }

  async function toError(response: Response): Promise<ApiError> {
    const body = await response.text().catch(() => '')
    const keyed = keyedMessageFromHeader(response.headers.get(messageKeyHeader))
    return new ApiError(response.status, messageFromErrorBody(body) || response.statusText, 'http', keyed)
  }

  async function read<T>(response: Response, opts: RequestOptions): Promise<T> {
    if (opts.answer === 'bytes') return (await response.arrayBuffer()) as T
    if (response.status === 204) return undefined as T
    const text = await response.text()
    if (!text) return undefined as T
    const type = response.headers.get('content-type') ?? ''
    // Some answers are plain "OK"; hand those back as text.
    if (type.includes('json') || /^[[{]/.test(text.trim())) return JSON.parse(text) as T
    return text as T
  }

  function refreshSession(): Promise<string | null> {
    // Everyone who hits a 401 while a refresh is in flight waits for that same refresh.
    refreshing ??= (async () => {
      try {
        // Sent directly, not through `call`: a 401 here ends the session instead of starting another refresh.
        const { path, method } = authRoutes.refresh
        const response = await send(path, { method, credentials: 'include' }, null)
        if (!response.ok) throw await toError(response)
        const session = await read<AnswerOf<typeof authRoutes.refresh>>(response, {})
        const token = session?.user?.accessToken
        if (!token) throw new ApiError(response.status, 'No access token in refresh answer')
        options.onSessionRefreshed(session)
        return token
      } catch {
        options.onSessionExpired()
        return null
      } finally {
        refreshing = null
      }
    })()
    return refreshing
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const auth = opts.auth ?? true
    const tokenUsed = auth ? options.getAccessToken() : null
    const response = await send(path, opts, tokenUsed)
    if (response.ok) return read<T>(response, opts)

    if (response.status === 401 && sessionPaths.has(path)) {
      options.onSessionExpired()
      throw await toError(response)
    }
    if (response.status !== 401 || !auth) throw await toError(response)

    // The token may already have been refreshed by another request since this one left: just retry.
    const current = options.getAccessToken()
    const freshToken = current && current !== tokenUsed ? current : await refreshSession()
    if (!freshToken) throw await toError(response)

    const retried = await send(path, opts, freshToken)
    if (!retried.ok) throw await toError(retried)
    return read<T>(retried, opts)
  }

  function call<R extends RouteSpec>(route: R, ...[input]: CallArgs<R, CallOptions>): Promise<AnswerOf<R>> {
    const { params, query, body, ...opts } = (input ?? {}) as {
      params?: Record<string, string | number | null | undefined>
      query?: Record<string, QueryValue>
      body?: unknown
    } & CallOptions
    return request<AnswerOf<R>>(fillPath(route.path, params), { ...opts, method: route.method, query, body })
  }

  return {
    call,
    request,
    refreshSession,
    url,
  }
}
