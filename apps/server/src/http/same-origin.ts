import type { FastifyRequest } from 'fastify'
import { forbidden } from './errors.ts'

export const FOREIGN_ORIGIN_MESSAGE = 'Request from another site refused'

/** An http(s) URL or origin parsed; null for anything else ('null', garbage). */
function webUrl(url: string): URL | null {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null
  } catch {
    return null
  }
}

/**
 * The site a browser says a request comes from: its Origin header, else its Referer's origin.
 * Undefined when neither is sent (apps, curl: no browser, so no cross-site request to fear).
 */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin
  if (typeof origin === 'string' && origin !== '') return origin
  const referer = request.headers.referer
  return typeof referer === 'string' && referer !== '' ? referer : undefined
}

/**
 * Refuses (403) a browser request from a site other than this server or one of `allowedOrigins`.
 * For state changes authenticated by a cookie alone, where SameSite=Lax is not enough (same-site
 * subdomains, older browsers). For the server's own site hosts are compared, not schemes (a
 * TLS-terminating proxy makes the server see http while the browser says https); allowed origins
 * must match exactly. Requests without Origin and Referer pass.
 */
export function assertSameOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  const claimed = claimedOrigin(request)
  if (claimed === undefined) return
  const from = webUrl(claimed)
  if (from && from.host === (request.host ?? '').toLowerCase()) return
  if (from && allowedOrigins.some((o) => webUrl(o)?.origin === from.origin)) return
  throw forbidden(FOREIGN_ORIGIN_MESSAGE)
}
