import { browseRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
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

  /** Every tag or genre of the items the caller may see, across the libraries they may open, alphabetically. */
  const everyValue = async (request: FastifyRequest, kind: 'tags' | 'genres') => {
    const user = requireAuth(request).user
    const values = new Set<string>()
    for (const library of await ctx.libraries.listFor(user)) {
      for (const value of (await ctx.browse.filterData.forLibrary(user, library))[kind]) values.add(value)
    }
    return [...values].sort(
      (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0),
    )
  }
  // The web client's tag and genre pages (admins, as in Audiobookshelf); renaming and deleting are not here yet.
  serveRoute(app, routes.tags, async (_input, request) => ({ tags: await everyValue(request, 'tags') }))
  serveRoute(app, routes.genres, async (_input, request) => ({ genres: await everyValue(request, 'genres') }))
}
