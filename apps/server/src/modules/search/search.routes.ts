import { browseRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { checkedAnswer, serveRoute } from '../../http/serve-route.ts'

/** Audiobookshelf's default number of hits per group. */
const DEFAULT_LIMIT = 12

export function registerSearchRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'browse' | 'libraries'>) {
  serveRoute(app, routes.search, async ({ params, query: q }, request, reply) => {
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    const limit = q.limit ?? DEFAULT_LIMIT
    const minified = q.minified ?? false
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'search', libraryId: library.id, user, query: [q.q, limit, minified], byUser: false },
      checkedAnswer(routes.search, () => ctx.browse.search.search(user, library, q.q, limit, minified)),
    )
  })
}
