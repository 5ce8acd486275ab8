/**
 * The fetch openid-client uses to reach the admin's identity provider (discovery, JWKS, token, userinfo).
 * Not the guarded fetcher: the provider is set by an admin and is usually on the local network (Authelia,
 * Authentik, Keycloak next to this server), as the SMTP server is. Every call is bounded in time, so a
 * provider that hangs costs one failed sign-in, never a held request.
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

export function createOpenIDFetch(userAgent: string, timeoutMs = OPENID_FETCH_TIMEOUT_MS) {
  return (url: string, options: OpenIDFetchOptions): Promise<Response> => {
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    return fetch(url, {
      method: options.method,
      headers: { ...options.headers, 'user-agent': userAgent },
      // openid-client's body kinds are all ones fetch sends (its Uint8Array typing is only wider).
      body: (options.body ?? null) as BodyInit | null,
      ...(options.duplex ? { duplex: options.duplex } : {}),
      redirect: options.redirect,
      signal,
    })
  }
}
