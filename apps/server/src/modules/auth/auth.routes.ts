import { authRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.ts'
import { bearerToken, requireAuth } from '../../http/auth-guard.ts'
import { HttpError } from '../../http/errors.ts'
import { assertSameOrigin } from '../../http/same-origin.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { buildLoginPayload } from './login-payload.ts'

/** The cookie OpenID sign-in keeps its ID token in (logout at the provider); named in modules/auth/openid. */
const OPENID_ID_TOKEN_COOKIE = 'openid_id_token'

export const REFRESH_COOKIE = 'refresh_token'

function clientMeta(request: FastifyRequest) {
  const ua = request.headers['user-agent']
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua : null }
}

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: { refreshToken: string; refreshTokenExpirySec: number },
) {
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: tokens.refreshTokenExpirySec,
  })
}

export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: Pick<
    AppContext,
    'auth' | 'config' | 'email' | 'libraries' | 'limiters' | 'openid' | 'playback' | 'settings'
  >,
) {
  /** The refresh cookie acts alone on refresh and logout: only our own pages (or allowed origins) may use it. */
  const assertCookieSameOrigin = async (request: FastifyRequest) =>
    assertSameOrigin(request, (await ctx.settings.getServerSettings()).allowedOrigins)

  serveRoute(
    app,
    routes.login,
    async ({ body }, request, reply) => {
      // The attempt takes its slot before the password is checked (concurrent guesses cannot slip
      // past the limit); only failed attempts keep it, so a household behind one address is not locked out.
      const slot = ctx.limiters.login.take(request.ip)
      let user
      try {
        user = await ctx.auth.checkCredentials(body.username, body.password)
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 401)) slot.refund()
        throw err
      }
      slot.refund()
      const tokens = await ctx.auth.login(user, clientMeta(request))
      const inBody = request.headers['x-return-tokens'] === 'true'
      if (!inBody) setRefreshCookie(request, reply, tokens)
      return buildLoginPayload(ctx, user, {
        accessToken: tokens.accessToken,
        refreshToken: inBody ? tokens.refreshToken : undefined,
      })
    },
    {
      // Before the body is read: a limited address gets 429 whatever it sends, and every answer the headers.
      before: (request, reply) => {
        reply.headers(ctx.limiters.login.headers(request.ip))
        ctx.limiters.login.check(request.ip)
      },
    },
  )

  serveRoute(app, routes.refresh, async (_input, request, reply) => {
    const key = request.ip
    reply.headers(ctx.limiters.refresh.headers(key))
    ctx.limiters.refresh.check(key)
    ctx.limiters.refresh.record(key)
    const header = request.headers['x-refresh-token']
    const fromHeader = typeof header === 'string' && header.length > 0 ? header : null
    const token = fromHeader ?? request.cookies[REFRESH_COOKIE] ?? null
    if (!token) throw new HttpError(401, 'No refresh token provided', { asJson: true })
    if (!fromHeader) await assertCookieSameOrigin(request)
    if (token.length > 512) throw new HttpError(401, 'Invalid refresh token', { asJson: true })
    try {
      const tokens = await ctx.auth.refresh(token)
      if (!fromHeader) setRefreshCookie(request, reply, tokens)
      return await buildLoginPayload(ctx, tokens.user, {
        accessToken: tokens.accessToken,
        refreshToken: fromHeader ? tokens.refreshToken : undefined,
      })
    } catch (err) {
      if (!fromHeader) reply.clearCookie(REFRESH_COOKIE, { path: '/' })
      throw err
    }
  })

  serveRoute(app, routes.logout, async ({ query }, request, reply) => {
    const cookie = request.cookies[REFRESH_COOKIE]
    if (cookie) await assertCookieSameOrigin(request)
    const session = cookie ? await ctx.auth.sessionOfRefreshToken(cookie) : null
    const sessionId = request.auth?.sessionId ?? session?.id ?? null
    const userId = request.auth?.user.id ?? session?.userId ?? null
    await ctx.auth.logout(sessionId, userId, query.allDevices === '1')
    reply.clearCookie(REFRESH_COOKIE, { path: '/' })
    // Signed in through OpenID: the client goes on to the provider's end-session page, when it has one.
    const idToken = request.cookies[OPENID_ID_TOKEN_COOKIE]
    if (idToken) reply.clearCookie(OPENID_ID_TOKEN_COOKIE, { path: '/' })
    return { redirect_url: await ctx.openid.logoutUrl(idToken, `${request.protocol}://${request.host}`) }
  })

  serveRoute(app, routes.authorize, async (_input, request) => {
    const auth = requireAuth(request)
    const token = bearerToken(request) ?? ''
    return buildLoginPayload(ctx, auth.user, { accessToken: token }, { issued: false })
  })
}
