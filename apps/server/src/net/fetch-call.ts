import http, { type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import {
  FetchBlockedError,
  FetchError,
  FetchFailedError,
  FetchStatusError,
  urlForLogs,
} from './fetch-errors.ts'
import { BlockedAddressError } from './guarded-lookup.ts'
import { assertFetchable, hostOf, parseFetchUrl, type HostAllowlist } from './url-policy.ts'

export interface FetchLimits {
  /** Whole call: every connect, every redirect, headers and the last body byte. */
  timeoutMs: number
  maxBytes: number
  /** Longest silence on the socket (waiting to connect, for headers, or between body chunks). */
  stallTimeoutMs: number
  maxRedirects: number
}

/** What every request of one fetcher shares: the allowlist and the agents whose lookup is guarded. */
export interface Transport {
  allowlist: HostAllowlist
  httpAgent: http.Agent
  httpsAgent: https.Agent
}

/**
 * One fetch from the first request to the last body byte. It owns the total deadline and the caller's
 * abort signal; whichever ends the call first is remembered, so the error thrown names the real reason
 * rather than the socket error that destroying the request produces.
 */
export class FetchCall {
  /** The hop being fetched, for error messages. */
  url: string
  readonly limits: FetchLimits
  #failure: FetchError | null = null
  #request: ClientRequest | null = null
  #response: IncomingMessage | null = null
  readonly #timer: NodeJS.Timeout
  readonly #signal: AbortSignal | undefined
  readonly #onAbort = () => this.fail(new FetchFailedError('aborted', 'cancelled by the caller', this.url))

  constructor(url: string, limits: FetchLimits, signal?: AbortSignal) {
    this.url = url
    this.limits = limits
    this.#timer = setTimeout(
      () =>
        this.fail(
          new FetchFailedError('timeout', `no complete answer within ${limits.timeoutMs} ms`, this.url),
        ),
      limits.timeoutMs,
    )
    this.#signal = signal
    if (signal?.aborted) this.#onAbort()
    else signal?.addEventListener('abort', this.#onAbort, { once: true })
  }

  /** Ends the call now: the request and response are destroyed, and `reason` becomes the call's error. */
  fail(reason: FetchError): void {
    this.#failure ??= reason
    this.#request?.destroy(reason)
    this.#response?.destroy(reason)
  }

  /** The error to throw for `err`: the reason the call was ended with, if it was; otherwise `err` classified. */
  explain(err: unknown): FetchError {
    if (this.#failure) return this.#failure
    if (err instanceof FetchError) return err
    if (err instanceof BlockedAddressError) return new FetchBlockedError('address', err.message, this.url)
    const code = (err as NodeJS.ErrnoException | null)?.code
    return new FetchFailedError('network', code ?? String(err), this.url, { cause: err })
  }

  /** Releases the timer and listener and destroys whatever is still open: no socket outlives the call. */
  finish(): void {
    clearTimeout(this.#timer)
    this.#signal?.removeEventListener('abort', this.#onAbort)
    this.#request?.destroy()
    this.#response?.destroy()
  }

  /** Sends one request (GET, or POST of `payload`, unless `method` says) and resolves with its response head. */
  send(
    target: URL,
    headers: OutgoingHttpHeaders,
    transport: Transport,
    payload?: Buffer,
    method?: string,
  ): Promise<IncomingMessage> {
    this.#response?.destroy()
    return new Promise((resolve, reject) => {
      const secure = target.protocol === 'https:'
      const request = (secure ? https : http).request({
        protocol: target.protocol,
        hostname: hostOf(target),
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: method ?? (payload ? 'POST' : 'GET'),
        headers: payload ? { ...headers, 'content-length': payload.length } : headers,
        agent: secure ? transport.httpsAgent : transport.httpAgent,
      })
      this.#request = request
      // Stays attached for the life of the request, so a late error is never an unhandled 'error' event.
      request.on('error', reject)
      request.setTimeout(this.limits.stallTimeoutMs, () =>
        this.fail(new FetchFailedError('stalled', `silent for ${this.limits.stallTimeoutMs} ms`, this.url)),
      )
      request.once('response', (response) => {
        this.#response = response
        // Readers see errors through their own listeners; this one only keeps a destroy from crashing the process.
        response.on('error', () => undefined)
        resolve(response)
      })
      if (this.#failure) request.destroy(this.#failure)
      request.end(payload)
    })
  }
}

const redirectStatuses = new Set([301, 302, 303, 307, 308])
// Credentials the caller set for one origin never travel to another one a redirect names.
const originBoundHeaders = ['authorization', 'cookie', 'proxy-authorization']

/** How one fetch is sent: its body and method, and whether the caller reads every status itself. */
export interface SendOptions {
  payload?: Buffer
  method?: string
  /**
   * Answer whatever status comes, redirects included, without following them (fetch's `redirect: 'manual'`):
   * for protocol clients such as openid-client that read error answers and decide on redirects themselves.
   */
  rawStatus?: boolean
}

/**
 * Follows redirects by hand, re-checking every hop (scheme, literal address, and — through the agents'
 * lookup — the resolved address at connect time), and resolves with the first 2xx answer.
 */
export async function openResponse(
  call: FetchCall,
  input: string | URL,
  headers: OutgoingHttpHeaders,
  transport: Transport,
  { payload, method, rawStatus = false }: SendOptions = {},
): Promise<{ response: IncomingMessage; url: URL }> {
  let target = parseFetchUrl(input)
  let hopHeaders = headers
  for (let redirects = 0; ; redirects++) {
    call.url = urlForLogs(target)
    assertFetchable(target, transport.allowlist)
    const response = await call.send(target, hopHeaders, transport, payload, method)
    const status = response.statusCode ?? 0
    if (rawStatus) return { response, url: target }
    const location = response.headers.location
    if (redirectStatuses.has(status) && location) {
      response.destroy()
      if (redirects >= call.limits.maxRedirects) {
        throw new FetchFailedError(
          'too-many-redirects',
          `more than ${call.limits.maxRedirects} redirects`,
          call.url,
        )
      }
      const next = parseFetchUrl(location, target)
      if (next.origin !== target.origin) {
        hopHeaders = Object.fromEntries(
          Object.entries(hopHeaders).filter(([name]) => !originBoundHeaders.includes(name.toLowerCase())),
        )
      }
      target = next
      continue
    }
    if (status < 200 || status > 299) {
      response.destroy()
      throw new FetchStatusError(status, call.url)
    }
    return { response, url: target }
  }
}
