import { libraryRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { checkedText, serveRoute } from '../../http/serve-route.ts'
import { libraryJson } from './library-json.ts'

export function registerLibrariesRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries' | 'playlists'>,
) {
  serveRoute(app, routes.list, async (_input, request) => ({
    libraries: (await ctx.libraries.listFor(requireAuth(request).user)).map(libraryJson),
  }))

  serveRoute(app, routes.get, async ({ params: { id }, query: { include } }, request, reply) => {
    const user = requireAuth(request).user
    if (include?.split(',').includes('filterdata')) {
      // The answer counts the user's own playlists: keyed on that count, not on the user, so everyone who
      // sees the same items and has as many playlists shares one answer (megabytes at 100,000 items).
      const numUserPlaylists = await ctx.playlists.countIn(user, id)
      const spec = {
        kind: 'library-filterdata',
        libraryId: id,
        user,
        query: { include, numUserPlaylists },
        byUser: false,
      }
      return ctx.browse.answers.sendText(
        request,
        reply,
        spec,
        checkedText(routes.get, () => ctx.libraries.getWithFilterDataJson(user, id, numUserPlaylists)),
      )
    }
    return libraryJson(await ctx.libraries.getFor(user, id))
  })

  serveRoute(app, routes.create, async ({ body }) => libraryJson(await ctx.libraries.create(body)))

  serveRoute(app, routes.update, async ({ params, body }) =>
    libraryJson(await ctx.libraries.update(params.id, body)),
  )

  serveRoute(app, routes.remove, async ({ params }) => libraryJson(await ctx.libraries.remove(params.id)))

  serveRoute(app, routes.reorder, async ({ body }) => ({
    libraries: (await ctx.libraries.reorder(body)).map(libraryJson),
  }))
}
