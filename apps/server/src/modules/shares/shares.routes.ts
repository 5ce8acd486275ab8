import { shareRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { assertSameOrigin } from '../../http/same-origin.ts'
import { contentDisposition, sendFile } from '../../http/send-file.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { sanitizeFilename } from '../../files/sanitize-filename.ts'
import { zipItems } from '../downloads/zip-stream.ts'
import { coverFormat, sendCover } from '../library-items/items.routes.ts'
import { ensureShareSession, shareSessionId } from './share-session-cookie.ts'

/**
 * Share links: admins create and delete them; the public routes serve the page data, tracks, cover, download
 * and progress of a live share to anyone with its slug. Every public request looks the share up again, and
 * streams are registered so that deleting (or expiring) the share cuts them.
 */
export function registerSharesRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'shares' | 'browse' | 'config' | 'settings'>,
) {
  const { shares, public: publicShares } = ctx.shares
  const items = ctx.browse.items

  serveRoute(app, routes.create, ({ body }, request) => shares.create(requireAuth(request).user, body))

  serveRoute(app, routes.remove, async ({ params }, _request, reply) => {
    await shares.remove(params.id)
    return reply.send()
  })

  serveRoute(app, routes.page, async ({ params, query }, request, reply) => {
    const share = await shares.live(params.slug)
    const sessionId = ensureShareSession(request, reply, ctx.config.routerBasePath)
    reply.header('cache-control', 'no-store')
    return publicShares.page(share, sessionId, query.t)
  })

  serveRoute(app, routes.track, async ({ params }, request, reply) => {
    const share = await shares.live(params.slug)
    const file = await publicShares.trackFile(share, params.index)
    // Deleted or expired while the file was looked up: as if it had been a moment earlier.
    if (!shares.streams.add(share.id, reply.raw)) throw notFound('Share not found')
    return sendFile(request, reply, { ...file, cacheControl: 'no-cache' })
  })

  serveRoute(app, routes.cover, async ({ params }, request, reply) => {
    const share = await shares.live(params.slug)
    const answer = await items.cover(share.media_item_id, {
      raw: false,
      format: coverFormat(request, undefined),
    })
    return sendCover(request, reply, answer, undefined)
  })

  serveRoute(app, routes.download, async ({ params }, request, reply) => {
    const share = await shares.live(params.slug)
    if (share.is_downloadable !== 1) throw forbidden('Downloads are not allowed for this share')
    const [item] = await items.filesOf([share.media_item_id])
    if (!item || item.files.length === 0) throw notFound('Share not found')
    if (!shares.streams.add(share.id, reply.raw)) throw notFound('Share not found')
    const [only] = item.files
    if (item.files.length === 1 && only)
      return sendFile(request, reply, {
        path: only.path,
        size: only.size,
        mtimeMs: only.mtimeMs,
        attachment: true,
        cacheControl: 'no-cache',
      })
    reply.header(
      'content-disposition',
      contentDisposition('attachment', `${sanitizeFilename(item.title) || 'book'}.zip`),
    )
    return reply.type('application/zip').send(zipItems([item], false))
  })

  serveRoute(app, routes.progress, async ({ params, body }, request, reply) => {
    // The cookie acts alone here: only our own pages (or allowed origins) may write with it.
    assertSameOrigin(request, (await ctx.settings.getServerSettings()).allowedOrigins)
    const share = await shares.live(params.slug)
    const sessionId = shareSessionId(request)
    if (!sessionId) throw notFound('No share session')
    await publicShares.saveProgress(share, sessionId, body.currentTime)
    return reply.send()
  })
}
