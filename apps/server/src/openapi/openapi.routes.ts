import { docsRoutes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { serveRoute } from '../http/serve-route.ts'
import { shelfcastOpenApi } from './shelfcast-openapi.ts'

export function registerOpenApiRoutes(app: FastifyInstance) {
  let document: Record<string, unknown> | null = null
  // Built on first request (a few hundred milliseconds of schema conversion), then kept: the table is static.
  serveRoute(app, docsRoutes.openApi, () => (document ??= shelfcastOpenApi()))
}
