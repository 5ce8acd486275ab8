import { fileRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { badRequest } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { MAX_UPLOAD_FILE_BYTES } from './upload.service.ts'

export function registerUploadRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'upload'>) {
  serveRoute(app, routes.upload, (_input, request) => {
    if (!request.isMultipart()) throw badRequest('Expected a multipart upload')
    const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_FILE_BYTES } })
    return ctx.upload.upload(requireAuth(request).user, parts)
  })

  serveRoute(app, routes.pathExists, async ({ body }, request) => ({
    exists: await ctx.upload.pathExists(requireAuth(request).user, body.folderPath, body.directory),
  }))
}
