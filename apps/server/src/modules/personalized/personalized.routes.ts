import { browseRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { checkedAnswer, serveRoute } from '../../http/serve-route.ts'
import { includeList } from '../library-items/items.routes.ts'

export function registerPersonalizedRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries'>,
) {
  serveRoute(app, routes.personalized, async ({ params, query: q }, request, reply) => {
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    const limit = q.limit ?? 10
    const include = includeList(q.include)
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'personalized', libraryId: library.id, user, query: { limit, include }, byUser: true },
      checkedAnswer(routes.personalized, async () => {
        const shelves = await ctx.browse.personalized.shelves(user, library, limit)
        if (include.length === 0) return shelves
        // The item shelves take the include= values of item lists (rssfeed, numEpisodesIncomplete ...).
        return Promise.all(
          shelves.map(async (shelf) =>
            shelf.type === 'book' || shelf.type === 'podcast' || shelf.type === 'episode'
              ? { ...shelf, entities: await ctx.browse.items.withListIncludes(user, shelf.entities, include) }
              : shelf,
          ),
        )
      }),
    )
  })
}
