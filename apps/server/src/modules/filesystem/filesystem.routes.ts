import { fileRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { serveRoute } from '../../http/serve-route.ts'
import { FilesystemService } from './filesystem.service.ts'

export function registerFilesystemRoutes(app: FastifyInstance) {
  const filesystem = new FilesystemService()
  serveRoute(app, routes.folders, ({ query }) => filesystem.directories(query.path, query.level ?? 0))
}
