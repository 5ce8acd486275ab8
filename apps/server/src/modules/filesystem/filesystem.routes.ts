import { FilesystemQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { parseInput } from '../../http/parse.ts'
import { FilesystemService } from './filesystem.service.ts'

export function registerFilesystemRoutes(app: FastifyInstance) {
  const filesystem = new FilesystemService()
  app.get('/api/filesystem', { config: { access: 'admin' } }, async (request) => {
    const q = parseInput(FilesystemQuery, request.query)
    return filesystem.directories(q.path, q.level ?? 0)
  })
}
