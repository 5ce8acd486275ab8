import { seriesRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Editing a series (the contract states the update permission it needs). */
export function registerSeriesEditRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'seriesEdit'>) {
  serveRoute(app, routes.update, ({ params, body }, request) =>
    ctx.seriesEdit.update(requireAuth(request).user, params.id, body),
  )
}
