import { meRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { bearerToken, requireAuth } from '../../http/auth-guard.ts'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { verifyPassword } from '../users/passwords.ts'
import { assertMayChangeOwnPassword } from '../users/users.service.ts'
import { itemsInProgress } from './items-in-progress.ts'

export function registerMeRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'browse' | 'libraries' | 'limiters' | 'playback' | 'users'>,
) {
  serveRoute(app, routes.get, async (_input, request) => {
    const json = await ctx.playback.progress.userJson(requireAuth(request).user)
    const bearer = bearerToken(request)
    return bearer ? { ...json, token: bearer } : json
  })

  serveRoute(app, routes.loginSessions, ({ query }, request) => {
    const { user, sessionId } = requireAuth(request)
    assertNotGuest(user)
    return ctx.auth.loginSessions(user.id, sessionId, query.page, query.itemsPerPage)
  })

  serveRoute(app, routes.revokeLoginSession, async ({ params }, request) => {
    const { user } = requireAuth(request)
    assertNotGuest(user)
    if (!(await ctx.auth.revokeLoginSession(user.id, params.id))) throw notFound('Session not found')
    return { success: true }
  })

  serveRoute(app, routes.itemsInProgress, ({ query }, request) =>
    itemsInProgress(
      { progress: ctx.playback.progress, items: ctx.browse.items },
      requireAuth(request).user,
      query.limit,
    ),
  )

  // Audiobookshelf's apps call these with GET; the answer is the updated user.
  for (const [route, hidden] of [
    [routes.hideSeries, true],
    [routes.showSeries, false],
  ] as const) {
    serveRoute(app, route, async ({ params: { id } }, request) => {
      const user = requireAuth(request).user
      await ctx.browse.series.detail(user, ctx.libraries, id, { include: [] })
      return ctx.playback.progress.userJson(
        await ctx.users.setSeriesHiddenFromContinueListening(user.id, id, hidden),
      )
    })
  }

  serveRoute(
    app,
    routes.changePassword,
    async ({ body }, request) => {
      const auth = requireAuth(request)
      // Password guessing through this route counts toward the same limit as the login form.
      const slot = ctx.limiters.login.take(request.ip)
      if (!(await verifyPassword(auth.user.passwordHash, body.password)))
        throw new HttpError(400, 'Invalid password')
      slot.refund()
      if (body.password === body.newPassword) throw badRequest('New password cannot match old password')
      await ctx.users.changeOwnPassword(auth.user, body.newPassword, auth.sessionId ?? undefined)
      return { success: true }
    },
    {
      // Before the body is read: a guest is refused whatever it sends (no password-guessing oracle), and a
      // limited address gets 429.
      before: (request) => {
        assertMayChangeOwnPassword(requireAuth(request).user)
        ctx.limiters.login.check(request.ip)
      },
    },
  )
}

/** Guests share one account: one guest must not see another's devices and addresses, nor sign them out. */
function assertNotGuest(user: { type: string }) {
  if (user.type === 'guest') throw forbidden('Guests cannot manage devices')
}
