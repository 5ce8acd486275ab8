import { comicPageRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'
import type { ComicPageImage, ComicPagesService } from './comic-pages.service.ts'

/** A page names one version of its file in its ETag; the URL does not, so the browser revalidates within the hour. */
const PAGE_CACHE_CONTROL = 'private, max-age=3600'

const etagMatches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))

function sendPage(request: FastifyRequest, reply: FastifyReply, page: ComicPageImage) {
  reply.header('x-content-type-options', 'nosniff')
  reply.header('cache-control', PAGE_CACHE_CONTROL)
  reply.header('etag', page.etag)
  if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send()
  reply.type(page.mimeType)
  reply.header('content-length', String(page.bytes.length))
  return reply.send(page.bytes)
}

export function registerComicPagesRoutes(app: FastifyInstance, ctx: { comicPages: ComicPagesService }) {
  // The open archives hold file descriptors until the app closes.
  app.addHook('onClose', async () => ctx.comicPages.closeAll())
  serveRoute(app, routes.pages, async ({ params, query }, request) => {
    const pages = await ctx.comicPages.pages(requireAuth(request).user, params.id, query.fileid)
    return { pages: pages.map(({ name, size, mimeType }, index) => ({ index, name, size, mimeType })) }
  })

  serveRoute(app, routes.page, async ({ params, query }, request, reply) => {
    const user = requireAuth(request).user
    const page = await ctx.comicPages.page(user, params.id, Number(params.index), query.fileid)
    return sendPage(request, reply, page)
  })
}
