import { userRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { toUserJson } from './users.model.ts'

export function registerUsersRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'playback' | 'realtime' | 'users'>,
) {
  serveRoute(app, routes.list, async () => ({ users: (await ctx.users.list()).map(toUserJson) }))

  serveRoute(app, routes.online, async () => ({
    usersOnline: ctx.realtime.usersOnline(),
    openSessions: await ctx.playback.sessions.openSessions(),
  }))

  serveRoute(app, routes.create, async ({ body }, request) => {
    const user = await ctx.users.create(requireAuth(request).user, body)
    return { user: toUserJson(user) }
  })

  serveRoute(app, routes.get, async ({ params }) => {
    const user = await ctx.users.get(params.id)
    if (!user) throw notFound('User not found')
    return toUserJson(user)
  })

  serveRoute(app, routes.update, async ({ params, body }, request) => {
    const user = await ctx.users.update(requireAuth(request).user, params.id, body)
    return { success: true, user: toUserJson(user) }
  })

  serveRoute(app, routes.remove, async ({ params }, request) => {
    await ctx.users.delete(requireAuth(request).user, params.id)
    return { success: true }
  })
}
