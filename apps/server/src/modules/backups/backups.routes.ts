import { backupRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { badRequest } from '../../http/errors.ts'
import { sendFile } from '../../http/send-file.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { backupToasts } from './backups.service.ts'

/** Backups (admins only, declared on each route): list, create, delete, download, restore, upload, folder. */
export function registerBackupsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'backups'>) {
  const backups = ctx.backups

  serveRoute(app, routes.list, () => backups.list())
  serveRoute(app, routes.create, () => backups.create())
  serveRoute(app, routes.remove, ({ params }) => backups.remove(params.id))

  serveRoute(app, routes.download, async ({ params }, request, reply) => {
    const backup = await backups.find(params.id)
    return sendFile(request, reply, {
      path: backup.fullPath,
      size: backup.fileSize,
      contentType: 'application/zip',
      attachment: true,
    })
  })

  serveRoute(app, routes.apply, async ({ params }) => {
    await backups.apply(params.id)
    return {}
  })

  serveRoute(app, routes.upload, async (_input, request) => {
    if (!request.isMultipart()) throw badRequest(`${backupToasts.upload}: no file`)
    const part = await request.file({ limits: { fileSize: await backups.uploadLimit(), files: 1 } })
    if (!part) throw badRequest(`${backupToasts.upload}: no file`)
    return backups.upload(part.file, part.filename)
  })

  serveRoute(app, routes.updatePath, ({ body }) => backups.setFolder(body.path))
}
