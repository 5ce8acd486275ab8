import { browseRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { checkedText, serveRoute } from '../../http/serve-route.ts'

export function registerFilterDataRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries'>,
) {
  serveRoute(app, routes.filterData, async ({ params }, request, reply) => {
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    // Sent as the JSON text the filter data keeps (serialised once per change).
    const json = checkedText(
      routes.filterData,
      async () => (await ctx.browse.filterData.withJson(user, library)).json,
    )
    return reply.type('application/json; charset=utf-8').send(await json())
  })

  // GET /api/tags and /api/genres are served with their renames in modules/item-metadata.
}
