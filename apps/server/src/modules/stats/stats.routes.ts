import { statsRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Year in review (the caller's, the server's) and server totals; admin access is checked by the guard. */
export function registerStatsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'stats'>) {
  serveRoute(app, routes.myYear, ({ params }, request) =>
    ctx.stats.userYear(requireAuth(request).user, params.year),
  )
  serveRoute(app, routes.serverYear, ({ params }, request) =>
    ctx.stats.serverYear(requireAuth(request).user, params.year),
  )
  serveRoute(app, routes.server, () => ctx.stats.server())
}
