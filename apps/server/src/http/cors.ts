import { messageKeyHeader } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The web views of Audiobookshelf's mobile apps (Capacitor), always allowed as Audiobookshelf allows them. */
export const APP_WEB_VIEW_ORIGINS = ['capacitor://localhost', 'http://localhost'] as const

/**
 * Where other origins may call: the API, HLS streams and public pages as in Audiobookshelf, and the sign-in
 * calls an allowed web app needs (never the client's own files).
 */
const CORS_PATH = /^\/(?:(?:api|hls|public)\/|(?:login|logout|status|ping|auth\/refresh)(?:\?|$))/

const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS'
/** What apps send: the bearer token, JSON bodies, byte ranges and the token-flow headers. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Range, X-Return-Tokens, X-Refresh-Token'
/** Preflight answers are cached by the browser this many seconds. */
const PREFLIGHT_MAX_AGE_SEC = 600

/**
 * CORS for the web views of the apps and the admin's allowed origins (Security tab `allowedOrigins`, read per
 * request so a change applies at once): such an origin gets its own origin back, with credentials, on /api,
 * /hls and /public, and a preflight answers 204. Any other origin gets no CORS header, so browsers keep
 * its pages from reading answers.
 */
export function installCors(app: FastifyInstance, allowedOrigins: () => Promise<readonly string[]>) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin
    if (typeof origin !== 'string' || origin === '') return
    if (!CORS_PATH.test(request.url)) return
    reply.header('vary', 'Origin')
    const allowed =
      (APP_WEB_VIEW_ORIGINS as readonly string[]).includes(origin) ||
      (await allowedOrigins()).some((o) => sameOrigin(o, origin))
    if (!allowed) return
    reply.header('access-control-allow-origin', origin)
    reply.header('access-control-allow-credentials', 'true')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS)
      reply.header('access-control-allow-headers', ALLOWED_HEADERS)
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SEC))
      return reply.code(204).send()
    }
    // Lets apps read the headers of byte-range and download answers, and the key of an error's message.
    reply.header(
      'access-control-expose-headers',
      `Content-Range, Content-Length, Accept-Ranges, Content-Disposition, ${messageKeyHeader}`,
    )
  })
}

/** Origins compare case-insensitively on scheme and host (a stored `https://App.example.org` is that origin). */
function sameOrigin(allowed: string, origin: string): boolean {
  try {
    return new URL(allowed).origin === new URL(origin).origin
  } catch {
    return false
  }
}
