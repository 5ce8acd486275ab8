import { limits } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { MEDIA_URL, requireAuth } from '../../http/auth-guard.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { contentDisposition, sendFile } from '../../http/send-file.ts'
import { sanitizeFilename } from '../../files/sanitize-filename.ts'
import { zipItems } from './zip-stream.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const FileParams = IdParams.extend({ ino: z.string().min(1).max(100) })
const IdsQuery = z.object({
  ids: z
    .string()
    .min(1, 'No items given')
    .max(limits.batchDownloadMaxItems * 101),
})

/** Downloads need the download permission (spec §6); several items at most 40 at once (§5), on the server too. */
export function registerDownloadsRoutes(app: FastifyInstance, ctx: AppContext) {
  const items = ctx.browse.items

  app.get(
    '/api/items/:id/download',
    { config: { ...MEDIA_URL, permission: 'download' } },
    async (request, reply) => {
      const { id } = parseInput(IdParams, request.params)
      const [item] = await items.downloadable(requireAuth(request).user, [id])
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
    },
  )

  // One file of an item as an attachment: Audiobookshelf's apps download a book's tracks one by one here.
  app.get(
    '/api/items/:id/file/:ino/download',
    { config: { ...MEDIA_URL, permission: 'download' } },
    async (request, reply) => {
      const { id, ino } = parseInput(FileParams, request.params)
      const file = await items.libraryFile(requireAuth(request).user, id, ino)
      return sendFile(request, reply, { ...file, attachment: true })
    },
  )

  app.get(
    '/api/libraries/:id/download',
    { config: { ...MEDIA_URL, permission: 'download' } },
    async (request, reply) => {
      const { id } = parseInput(IdParams, request.params)
      const ids = [...new Set(parseInput(IdsQuery, request.query).ids.split(',').filter(Boolean))]
      if (ids.length > limits.batchDownloadMaxItems)
        throw badRequest(`At most ${limits.batchDownloadMaxItems} items can be downloaded at once`)
      const user = requireAuth(request).user
      const library = await ctx.libraries.getFor(user, id)
      const found = await items.downloadable(user, ids, library.id)
      if (found.length === 0) throw notFound('Items not found')
      reply.header(
        'content-disposition',
        contentDisposition('attachment', `${sanitizeFilename(library.name) || 'library'}-download.zip`),
      )
      return reply.type('application/zip').send(zipItems(found, true))
    },
  )
}
