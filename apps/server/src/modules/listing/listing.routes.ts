import { browseRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { showsProgress } from '../../http/answer-cache.ts'
import { checkedAnswer, serveRoute } from '../../http/serve-route.ts'
import { includeList } from '../library-items/items.routes.ts'

export function registerListingRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'browse' | 'libraries'>) {
  serveRoute(app, routes.items, async ({ params, query: q }, request, reply) => {
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    const list = () => ctx.browse.listing.list(user, library, { ...q, include: includeList(q.include) })
    // A random page is meant to differ on every call.
    if (q.sort === 'random') return list()
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'items', libraryId: library.id, user, query: q, byUser: showsProgress(q) },
      checkedAnswer(routes.items, list),
    )
  })
}
