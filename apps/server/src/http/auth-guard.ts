import { isAdminOrUp } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthContext, AuthService } from '../modules/auth/auth.service.ts'
import { forbidden, unauthorized } from './errors.ts'

/** Who may call a route. Everything is 'user' unless the route says otherwise. */
export type RouteAccess = 'public' | 'user' | 'admin'

/** Account permissions a route may require on top of its access (§6: update, delete, download, upload, createEreader). */
export type RoutePermission = 'update' | 'delete' | 'download' | 'upload' | 'createEreader'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess
    /** Checked here for every caller, so no API call skips what the client hides. */
    permission?: RoutePermission
    /**
     * The route is loaded by a URL a browser opens without headers (<audio>, <a download>, an ebook
     * reader): it may take its token as `?token=` on GET/HEAD. Nowhere else, so tokens stay out of
     * the logs, history and Referer headers of ordinary API calls.
     */
    queryToken?: boolean
  }
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

/**
 * The bearer token of a request: the Authorization header, or `?token=` on GET/HEAD of a route that
 * declared `queryToken` (media URLs).
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (typeof header === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (m?.[1]) return m[1]
  }
  const mediaUrl = request.routeOptions.config?.queryToken === true
  if (mediaUrl && (request.method === 'GET' || request.method === 'HEAD')) {
    const q = (request.query as Record<string, unknown> | undefined)?.token
    if (typeof q === 'string' && q.length > 0) return q
  }
  return null
}

/**
 * The one guard for every request. Whether a route is public is decided by the matched route's
 * own declaration, never by the URL or its query string; unmatched URLs are not public.
 */
export function installAuthGuard(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('auth', null)
  app.addHook('onRequest', async (request) => {
    const access: RouteAccess = request.routeOptions.config?.access ?? 'user'
    const token = bearerToken(request)
    if (access === 'public') {
      // Public routes may still use a valid token (e.g. /logout), but never require one.
      if (token) request.auth = await auth.authenticate(token)
      return
    }
    if (!request.routeOptions.url) return // 404 handler: nothing to protect, nothing to reveal.
    if (!token) throw unauthorized()
    const ctx = await auth.authenticate(token)
    if (!ctx) throw unauthorized()
    request.auth = ctx
    if (access === 'admin' && !isAdminOrUp(ctx.user.type)) throw forbidden('Admin only')
    const permission = request.routeOptions.config?.permission
    if (permission && !ctx.user.permissions[permission]) throw forbidden(`Permission denied: ${permission}`)
  })
}

/** The authenticated caller of a non-public route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}
