import { metadataRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { badRequest } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { orNullWhenUnknown } from './audnexus.client.ts'

/** Audiobookshelf's default when a search names no provider. */
const DEFAULT_PROVIDER = 'google'

/** Provider searches, matching of items and authors, and the admin's custom providers. */
export function registerMetadataProvidersRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'metadata'>) {
  const { providers, customProviders, itemMatch, authorMatch } = ctx.metadata

  serveRoute(app, routes.providers, () => providers.list())

  serveRoute(app, routes.searchBooks, async ({ query: q }, request) => {
    const defaults = q.id && !q.title ? await itemMatch.searchDefaults(requireAuth(request).user, q.id) : null
    const title = q.title || defaults?.title || ''
    if (!title) throw badRequest('Title is required')
    return providers.searchBooks(q.provider ?? DEFAULT_PROVIDER, {
      title,
      author: q.author || defaults?.author || null,
    })
  })

  serveRoute(app, routes.searchCovers, async ({ query: q }) => ({
    results: q.podcast
      ? await providers.searchPodcastCovers(q.title)
      : await providers.searchCovers(q.provider ?? DEFAULT_PROVIDER, {
          title: q.title,
          author: q.author || null,
        }),
  }))

  serveRoute(app, routes.searchPodcasts, ({ query: q }) => providers.itunes.searchPodcasts(q.term, q.country))

  serveRoute(app, routes.searchAuthors, ({ query: q }) => authorMatch.search(q.q, q.region))

  serveRoute(
    app,
    routes.searchChapters,
    async ({ query: q }) =>
      (await orNullWhenUnknown(providers.audnexus.chapters(q.asin, q.region))) ?? {
        error: 'Chapters not found',
      },
  )

  serveRoute(app, routes.matchItem, ({ params, body }, request) =>
    itemMatch.matchItem(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.quickMatchBatch, async ({ body }, request) => {
    await itemMatch.startBatch(requireAuth(request).user, body.libraryItemIds, body.options)
    return { success: true }
  })

  serveRoute(app, routes.matchLibrary, async ({ params }, request) => {
    await itemMatch.startLibrary(requireAuth(request).user, params.id)
    return { success: true }
  })

  serveRoute(app, routes.matchAuthor, ({ params, body }, request) =>
    authorMatch.match(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.listCustomProviders, async () => ({ providers: await customProviders.list() }))

  serveRoute(app, routes.createCustomProvider, async ({ body }) => ({
    provider: await customProviders.create(body),
  }))

  serveRoute(app, routes.removeCustomProvider, async ({ params }) => {
    await customProviders.remove(params.id)
    return {}
  })

  // Background matches finish (or stop after their current item) before the database closes.
  app.addHook('preClose', async () => {
    await itemMatch.stop()
  })
}
