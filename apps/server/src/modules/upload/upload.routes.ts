import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { badRequest } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { MAX_UPLOAD_FILE_BYTES } from './upload.service.ts'

const PathExistsBody = z.object({ directory: z.string().max(4096), folderPath: z.string().min(1).max(4096) })

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/upload', { config: { permission: 'upload' } }, async (request) => {
    if (!request.isMultipart()) throw badRequest('Expected a multipart upload')
    const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_FILE_BYTES } })
    return ctx.upload.upload(requireAuth(request).user, parts)
  })

  app.post('/api/filesystem/pathexists', { config: { permission: 'upload' } }, async (request) => {
    const body = parseInput(PathExistsBody, request.body)
    return { exists: await ctx.upload.pathExists(requireAuth(request).user, body.folderPath, body.directory) }
  })
}
