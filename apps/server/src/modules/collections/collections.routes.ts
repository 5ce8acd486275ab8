import { collectionRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

export function registerCollectionsRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'collections' | 'libraries' | 'browse'>,
) {
  const collections = ctx.collections

  serveRoute(app, routes.listForLibrary, async ({ params, query }, request) => {
    const user = requireAuth(request).user
    return collections.listForLibrary(user, await ctx.libraries.getFor(user, params.id), query)
  })

  serveRoute(app, routes.listAll, async ({ query }, request) => ({
    collections: await collections.listAll(requireAuth(request).user, query.minified ?? false),
  }))

  serveRoute(app, routes.get, async ({ params, query }, request) => {
    const collection = await collections.get(
      requireAuth(request).user,
      params.id,
      query.minified ?? false,
      query.limit,
    )
    // include=rssfeed: the collection's open feed (Audiobookshelf's minified form) or null.
    if (!query.include?.toLowerCase().split(',').includes('rssfeed')) return collection
    const feedOf = await ctx.browse.feeds.orNull('collection', [collection.id])
    return { ...collection, rssFeed: feedOf(collection.id) }
  })

  serveRoute(app, routes.create, ({ body }, request) => collections.create(requireAuth(request).user, body))

  serveRoute(app, routes.update, ({ params, body }, request) =>
    collections.update(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.remove, async ({ params }, request) => {
    await collections.remove(requireAuth(request).user, params.id)
    return {}
  })

  serveRoute(app, routes.addBook, ({ params, body }, request) =>
    collections.addBooks(requireAuth(request).user, params.id, [body.id]),
  )

  serveRoute(app, routes.removeBook, ({ params }, request) =>
    collections.removeBooks(requireAuth(request).user, params.id, [params.bookId]),
  )

  serveRoute(app, routes.addBooks, ({ params, body }, request) =>
    collections.addBooks(requireAuth(request).user, params.id, body.books),
  )

  serveRoute(app, routes.removeBooks, ({ params, body }, request) =>
    collections.removeBooks(requireAuth(request).user, params.id, body.books),
  )
}
