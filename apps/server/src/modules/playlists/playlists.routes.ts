import { playlistRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Playlists are their owner's alone: every route answers 404 for anyone else's. */
export function registerPlaylistsRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'libraries' | 'playlists'>,
) {
  const playlists = ctx.playlists

  serveRoute(app, routes.listForLibrary, async ({ params, query }, request) => {
    const user = requireAuth(request).user
    return playlists.list(user, await ctx.libraries.getFor(user, params.id), query)
  })

  serveRoute(app, routes.listAll, async ({ query }, request) => {
    const { results } = await playlists.list(requireAuth(request).user, null, {
      minified: query.minified ?? false,
    })
    return { playlists: results }
  })

  serveRoute(app, routes.get, ({ params, query }, request) =>
    playlists.get(requireAuth(request).user, params.id, query.minified ?? false, query.limit),
  )

  serveRoute(app, routes.create, ({ body }, request) => playlists.create(requireAuth(request).user, body))

  serveRoute(app, routes.createFromCollection, ({ params }, request) =>
    playlists.createFromCollection(requireAuth(request).user, params.collectionId),
  )

  serveRoute(app, routes.update, ({ params, body }, request) =>
    playlists.update(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.remove, async ({ params }, request) => {
    await playlists.remove(requireAuth(request).user, params.id)
    return {}
  })

  serveRoute(app, routes.addEntry, ({ params, body }, request) =>
    playlists.addEntries(requireAuth(request).user, params.id, [body]),
  )

  serveRoute(app, routes.removeEntry, async ({ params }, request) => {
    const { id, libraryItemId, episodeId } = params
    return (
      (await playlists.removeEntries(requireAuth(request).user, id, [{ libraryItemId, episodeId }])) ?? {}
    )
  })

  serveRoute(app, routes.addEntries, ({ params, body }, request) =>
    playlists.addEntries(requireAuth(request).user, params.id, body.items),
  )

  serveRoute(app, routes.removeEntries, async ({ params, body }, request) => {
    return (await playlists.removeEntries(requireAuth(request).user, params.id, body.items)) ?? {}
  })
}
