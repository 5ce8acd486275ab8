import { embedRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../../context.ts'
import { requireAuth } from '../../../http/auth-guard.ts'
import { serveRoute } from '../../../http/serve-route.ts'

/** Embedding an item's metadata into its audio files: one item now, or many through the queue (admins). */
export function registerEmbedRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'embed'>) {
  serveRoute(app, routes.embedMetadata, async ({ params, query }, request) => {
    const task = await ctx.embed.embedOne(requireAuth(request).user, params.id, {
      forceEmbedChapters: query.forceEmbedChapters === '1',
      // Backups are on unless explicitly turned off (Audiobookshelf's default).
      backup: query.backup !== '0',
    })
    return { task }
  })

  serveRoute(app, routes.batchEmbedMetadata, async ({ body }, request) => ({
    numQueued: await ctx.embed.enqueue(requireAuth(request).user, body.libraryItemIds),
  }))
}
