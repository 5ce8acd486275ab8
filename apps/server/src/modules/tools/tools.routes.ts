import { toolRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** The audio tools (admin only, as their contracts declare): encode to M4B, split to MP3s, cancel either, the run log. */
export function registerToolsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'tools'>) {
  serveRoute(app, routes.encodeM4b, ({ params, query }, request) =>
    ctx.tools.encode(requireAuth(request).user, params.id, query),
  )
  serveRoute(app, routes.cancelEncodeM4b, ({ params }) => ctx.tools.cancelEncode(params.id))
  serveRoute(app, routes.splitM4b, ({ params, body }, request) =>
    ctx.tools.split(requireAuth(request).user, params.id, body),
  )
  serveRoute(app, routes.cancelSplitM4b, ({ params }) => ctx.tools.cancelSplit(params.id))
  serveRoute(app, routes.log, ({ params }, request) =>
    ctx.tools.latestLog(requireAuth(request).user, params.id),
  )
}
