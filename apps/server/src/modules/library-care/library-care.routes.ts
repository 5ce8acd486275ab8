import { libraryCareRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Admin tidying: metadata files of a library's item folders and the cache folder (Audiobookshelf answers OK). */
export function registerLibraryCareRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'libraryCare'>) {
  const care = ctx.libraryCare

  serveRoute(app, routes.removeMetadata, ({ params, query }, request) =>
    care.removeMetadataFiles(requireAuth(request).user, params.id, query.ext),
  )

  serveRoute(app, routes.purgeCache, async (_input, _request, reply) => {
    await care.purgeAll()
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  serveRoute(app, routes.purgeItemsCache, async (_input, _request, reply) => {
    await care.purgeItemsCache()
    return reply.type('text/plain; charset=utf-8').send('OK')
  })
}
