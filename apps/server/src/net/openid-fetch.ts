import type { GuardedFetcher } from './guarded-fetcher.ts'

/**
 * The fetch openid-client uses to reach the admin's identity provider (discovery, JWKS, token, userinfo), over
 * the guarded fetcher like every outward call (SECURITY rule 3): a provider on the local network (Authelia,
 * Authentik, Keycloak next to this server) needs its host in SSRF_REQUEST_FILTER_WHITELIST. Every call is
 * bounded in time and size, so a provider that hangs costs one failed sign-in, never a held request.
 */
export const OPENID_FETCH_TIMEOUT_MS = 10_000

export interface OpenIDFetchOptions {
  body?: ArrayBuffer | ArrayBufferView | ReadableStream | string | URLSearchParams | null
  duplex?: 'half'
  headers: Record<string, string>
  method: string
  redirect: 'manual'
  signal?: AbortSignal
}

/** Statuses whose answers carry no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304])

async function bodyBytes(body: OpenIDFetchOptions['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body))
  if (body instanceof ArrayBuffer) return Buffer.from(body)
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  return Buffer.from(await new Response(body).arrayBuffer())
}

export function createOpenIDFetch(fetcher: GuardedFetcher, timeoutMs = OPENID_FETCH_TIMEOUT_MS) {
  return async (url: string, options: OpenIDFetchOptions): Promise<Response> => {
    const answer = await fetcher.request(
      url,
      { method: options.method, headers: options.headers, body: await bodyBytes(options.body) },
      { timeoutMs, signal: options.signal },
    )
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
    }
    return new Response(NO_BODY.has(answer.status) ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers,
    })
  }
}
