import { itemEditRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** One item's files: track order, ffprobe data, deleting a file, the primary ebook (permissions in the contracts). */
export function registerItemFilesRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'itemFiles'>) {
  const files = ctx.itemFiles

  serveRoute(app, routes.updateTracks, ({ params, body }, request) =>
    files.updateTracks(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.ffprobe, ({ params }, request) =>
    files.ffprobe(requireAuth(request).user, params.id, params.fileid),
  )

  serveRoute(app, routes.removeFile, async ({ params }, request, reply) => {
    await files.removeFile(requireAuth(request).user, params.id, params.fileid)
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  serveRoute(app, routes.setEbookStatus, async ({ params }, request, reply) => {
    await files.toggleEbookStatus(requireAuth(request).user, params.id, params.fileid)
    return reply.type('text/plain; charset=utf-8').send('OK')
  })
}
