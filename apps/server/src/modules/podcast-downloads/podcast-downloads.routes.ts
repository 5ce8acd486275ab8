import { podcastDownloadRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Checking feeds, queueing, listing, clearing and cancelling episode downloads (admins, spec §2 / §7). */
export function registerDownloadRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries' | 'podcastDownloads'>,
) {
  const downloads = ctx.podcastDownloads

  /** The podcast's id when the caller can see that item (404 otherwise, like any unknown id). */
  async function visibleItemId(request: FastifyRequest, id: string): Promise<string> {
    const [visible] = await ctx.browse.items.filterVisible(requireAuth(request).user, [id])
    if (!visible) throw notFound('Podcast not found')
    return visible
  }

  serveRoute(app, routes.checkNew, async ({ params, query }, request) => {
    const id = await visibleItemId(request, params.id)
    return { episodes: await downloads.checkNew(id, query.limit) }
  })

  serveRoute(app, routes.downloadEpisodes, async ({ params, body }, request) => {
    const id = await visibleItemId(request, params.id)
    return { downloads: await downloads.enqueue(id, body) }
  })

  serveRoute(app, routes.podcastQueue, async ({ params }, request) =>
    downloads.queueOf({ libraryItemId: await visibleItemId(request, params.id) }),
  )

  serveRoute(app, routes.clearQueue, async ({ params }, request) => {
    const id = await visibleItemId(request, params.id)
    downloads.clear(id)
    return downloads.queueOf({ libraryItemId: id })
  })

  serveRoute(app, routes.cancel, async ({ params }, request) => {
    // The download's podcast is authorised like the podcast routes above before anything is cancelled.
    const queue = downloads.queueOf({})
    const download = [...queue.currentDownloads, ...queue.queue].find((d) => d.id === params.downloadId)
    const visible = download
      ? await ctx.browse.items.filterVisible(requireAuth(request).user, [download.libraryItemId])
      : []
    if (visible.length === 0 || !downloads.cancel(params.downloadId)) throw notFound('Download not found')
    return {}
  })

  serveRoute(app, routes.libraryQueue, async ({ params }, request) => {
    const library = await ctx.libraries.getFor(requireAuth(request).user, params.id)
    return downloads.queueOf({ libraryId: library.id })
  })
}
