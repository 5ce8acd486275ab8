import { shareRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Share links: declared and served; every share is unknown until the module lands. */
export function registerSharesRoutes(app: FastifyInstance) {
  const unknown = () => {
    throw notFound('Not found')
  }
  serveRoute(app, routes.create, () => {
    throw notFound('Library item not found')
  })
  serveRoute(app, routes.remove, unknown)
  serveRoute(app, routes.page, unknown)
  serveRoute(app, routes.track, unknown)
  serveRoute(app, routes.cover, unknown)
  serveRoute(app, routes.download, unknown)
  serveRoute(app, routes.progress, unknown)
}
