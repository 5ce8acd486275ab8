import crypto from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { viaBasePath } from '../../http/client-files.ts'

export const SHARE_SESSION_COOKIE = 'share_session_id'
const MAX_AGE_SEC = 30 * 24 * 3600
export const SHARE_SESSION_MAX_AGE_MS = MAX_AGE_SEC * 1000
/** 32 random bytes, base64url: anything else in the cookie is ignored (and replaced on the page). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/

/** The visitor's share session id, when the cookie holds a well-formed one. */
export function shareSessionId(request: FastifyRequest): string | null {
  const value = request.cookies[SHARE_SESSION_COOKIE]
  return value && SESSION_ID.test(value) ? value : null
}

/** Only a hash is stored: the database never holds a cookie that would let someone resume another's session. */
export const hashSessionId = (id: string) => crypto.createHash('sha256').update(id).digest('hex')

/**
 * Reads the visitor's share session id, or gives them a new one (httpOnly, 30 days, SameSite=Lax), scoped to
 * the share routes under the prefix the request came by (with ROUTER_BASE_PATH or without).
 */
export function ensureShareSession(request: FastifyRequest, reply: FastifyReply, basePath: string): string {
  const id = shareSessionId(request) ?? crypto.randomBytes(32).toString('base64url')
  // Sent again on every page load, so the 30 days count from the last visit.
  reply.setCookie(SHARE_SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: MAX_AGE_SEC,
    path: `${viaBasePath.has(request.raw) ? basePath : ''}/public/share`,
  })
  return id
}
