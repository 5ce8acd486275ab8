import { browseRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

export function registerLibraryStatsRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries'>,
) {
  serveRoute(app, routes.stats, async ({ params }, request) => {
    const user = requireAuth(request).user
    return ctx.browse.stats.forLibrary(user, await ctx.libraries.getFor(user, params.id))
  })
}
