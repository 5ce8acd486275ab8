import { authSettingsRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../../context.ts'
import { HttpError, notFound } from '../../../http/errors.ts'
import { serveRoute } from '../../../http/serve-route.ts'
import { toUserJson } from '../../users/users.model.ts'
import { setRefreshCookie } from '../auth.routes.ts'
import { buildLoginPayload } from '../login-payload.ts'
import { fetchDiscoveryDocument } from './discovery-document.ts'
import { OpenIDSignInError } from './openid-sign-in.ts'

/** The web flow's state: only the browser that started a sign-in may finish it. */
export const OPENID_STATE_COOKIE = 'auth_state'
/** Kept for logout at the provider (its end-session endpoint takes it as id_token_hint). */
export const OPENID_ID_TOKEN_COOKIE = 'openid_id_token'
const STATE_COOKIE_MAX_AGE_SEC = 10 * 60

/** This server's origin as the browser sees it (behind a trusted proxy, its forwarded host and scheme). */
export const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`

type OpenIDContext = Pick<
  AppContext,
  | 'auth'
  | 'authSettings'
  | 'config'
  | 'email'
  | 'fetcher'
  | 'libraries'
  | 'openid'
  | 'playback'
  | 'settings'
  | 'users'
>

/** The Authentication settings and the OpenID Connect flow (modules/auth/openid). */
export function registerOpenIDRoutes(app: FastifyInstance, ctx: OpenIDContext) {
  serveRoute(app, routes.getSettings, () => ctx.authSettings.masked())

  serveRoute(app, routes.updateSettings, ({ body }) => ctx.authSettings.update(body))

  serveRoute(app, routes.openidConfig, ({ query }) => fetchDiscoveryDocument(query.issuer, ctx.fetcher))

  /** A failed web sign-in goes back to the login page with the message (no session made). */
  const toLoginWithError = async (reply: FastifyReply, message: string) => {
    const target = `${await ctx.openid.loginPath()}?error=${encodeURIComponent(message)}&autoLaunch=0`
    return reply.clearCookie(OPENID_STATE_COOKIE, { path: '/' }).redirect(target, 302)
  }

  serveRoute(app, routes.openidStart, async ({ query }, request, reply) => {
    try {
      const started = await ctx.openid.start(query, ownOrigin(request))
      if (started.browserState) {
        reply.setCookie(OPENID_STATE_COOKIE, started.browserState, {
          httpOnly: true,
          // Lax: sent on the provider's top-level redirect back, never on another site's subrequest.
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: '/',
          maxAge: STATE_COOKIE_MAX_AGE_SEC,
        })
      }
      return reply.redirect(started.url, 302)
    } catch (err) {
      if (err instanceof OpenIDSignInError) throw new HttpError(400, err.message)
      throw err
    }
  })

  serveRoute(app, routes.openidMobileRedirect, async ({ query }, _request, reply) => {
    try {
      return reply.redirect(await ctx.openid.mobileRedirect(query), 302)
    } catch (err) {
      if (err instanceof OpenIDSignInError) throw new HttpError(400, err.message)
      throw err
    }
  })

  serveRoute(app, routes.openidCallback, async ({ query }, request, reply) => {
    const browserState = request.cookies[OPENID_STATE_COOKIE]
    // No state cookie: the app's half of the mobile flow (it answers JSON, never redirects).
    const asJson = query.code_verifier !== undefined && browserState === undefined
    let signedIn
    try {
      signedIn = await ctx.openid.callback(query, ownOrigin(request), browserState)
    } catch (err) {
      if (!(err instanceof OpenIDSignInError)) throw err
      if (asJson) throw new HttpError(400, err.message, { asJson: true })
      return toLoginWithError(reply, err.message)
    }
    const ua = request.headers['user-agent']
    const tokens = await ctx.auth.login(signedIn.user, {
      ip: request.ip ?? null,
      userAgent: typeof ua === 'string' ? ua : null,
    })
    if (signedIn.idToken) {
      reply.setCookie(OPENID_ID_TOKEN_COOKIE, signedIn.idToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        maxAge: tokens.refreshTokenExpirySec,
      })
    }
    if (signedIn.callback === null) {
      // The app keeps its tokens itself: the refresh token in the body, as with x-return-tokens.
      const payload = await buildLoginPayload(ctx, signedIn.user, {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      })
      return reply.status(200).type('application/json').send(payload)
    }
    // The web client: the refresh token stays in its httpOnly cookie; the URL carries the access token only.
    setRefreshCookie(request, reply, tokens)
    reply.clearCookie(OPENID_STATE_COOKIE, { path: '/' })
    const target = new URL(signedIn.callback, ownOrigin(request))
    target.searchParams.set('setToken', tokens.accessToken)
    target.searchParams.set('accessToken', tokens.accessToken)
    return reply.redirect(target.pathname + target.search, 302)
  })

  serveRoute(app, routes.unlink, async ({ params }) => {
    if (!(await ctx.users.get(params.id))) throw notFound('User not found')
    const user = await ctx.users.setOpenIDLink(params.id, null)
    return { user: toUserJson(user) }
  })
}
