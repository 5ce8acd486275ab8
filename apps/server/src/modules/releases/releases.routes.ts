import { releaseRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { serveRoute } from '../../http/serve-route.ts'
import type { ReleasesService } from './releases.service.ts'

export function registerReleasesRoutes(app: FastifyInstance, ctx: { releases: ReleasesService }) {
  serveRoute(app, routes.list, () => ctx.releases.list())
}
