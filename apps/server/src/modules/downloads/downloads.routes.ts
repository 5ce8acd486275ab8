import { fileRoutes as routes, limits } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { contentDisposition, sendFile } from '../../http/send-file.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { sanitizeFilename } from '../../files/sanitize-filename.ts'
import { zipItems } from './zip-stream.ts'

/** Downloads need the download permission (spec §6); several items at most 40 at once (§5), on the server too. */
export function registerDownloadsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'browse' | 'libraries'>) {
  const items = ctx.browse.items

  serveRoute(app, routes.downloadItem, async ({ params }, request, reply) => {
    const [item] = await items.downloadable(requireAuth(request).user, [params.id])
    if (!item || item.files.length === 0) throw notFound('Item not found')
    const [only] = item.files
    if (item.isFile && only)
      return sendFile(request, reply, {
        path: only.path,
        size: only.size,
        mtimeMs: only.mtimeMs,
        attachment: true,
      })
    reply.header(
      'content-disposition',
      contentDisposition('attachment', `${sanitizeFilename(item.title) || 'item'}.zip`),
    )
    return reply.type('application/zip').send(zipItems([item], false))
  })

  // One file of an item as an attachment: Audiobookshelf's apps download a book's tracks one by one here.
  serveRoute(app, routes.downloadItemFile, async ({ params }, request, reply) => {
    const user = requireAuth(request).user
    const file = await items.libraryFile(user, params.id, params.ino)
    request.log.info({ userId: user.id, itemId: params.id, file: file.path }, 'item file downloaded')
    return sendFile(request, reply, { ...file, attachment: true })
  })

  serveRoute(app, routes.downloadLibraryItems, async ({ params, query }, request, reply) => {
    const ids = [...new Set(query.ids.split(',').filter(Boolean))]
    if (ids.length > limits.batchDownloadMaxItems)
      throw badRequest(`At most ${limits.batchDownloadMaxItems} items can be downloaded at once`)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    const found = await items.downloadable(user, ids, library.id)
    if (found.length === 0) throw notFound('Items not found')
    reply.header(
      'content-disposition',
      contentDisposition('attachment', `${sanitizeFilename(library.name) || 'library'}-download.zip`),
    )
    return reply.type('application/zip').send(zipItems(found, true))
  })
}
