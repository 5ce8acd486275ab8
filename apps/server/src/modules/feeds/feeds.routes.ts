import { feedRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requireAuth } from '../../http/auth-guard.ts'
import { sendFile } from '../../http/send-file.ts'
import { serveRoute } from '../../http/serve-route.ts'
import type { FeedAnswer, FeedsService } from './feeds.service.ts'

/** RFC 9110 §13.2.2: If-None-Match decides when present, else If-Modified-Since (whole seconds). */
function notModified(request: FastifyRequest, answer: FeedAnswer): boolean {
  const noneMatch = request.headers['if-none-match']
  if (noneMatch)
    return noneMatch.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === answer.etag)
  const since = Date.parse(request.headers['if-modified-since'] ?? '')
  return !Number.isNaN(since) && Math.floor(answer.lastModifiedMs / 1000) <= Math.floor(since / 1000)
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, answer: FeedAnswer) {
  reply.header('etag', answer.etag)
  reply.header('last-modified', new Date(answer.lastModifiedMs).toUTCString())
  // Podcast apps poll; they revalidate each time rather than trust a stale copy.
  reply.header('cache-control', 'public, max-age=0, must-revalidate')
  if (answer.preventIndexing) reply.header('x-robots-tag', 'noindex, nofollow')
  if (notModified(request, answer)) return reply.code(304).send()
  return reply.type('application/rss+xml; charset=utf-8').send(answer.xml)
}

/** Admin calls under /api/feeds, and the public feed, cover and enclosures under /feed/:slug. */
export function registerFeedsRoutes(app: FastifyInstance, ctx: { feeds: FeedsService }) {
  const feeds = ctx.feeds

  serveRoute(app, routes.list, async () => ({ feeds: await feeds.list() }))

  serveRoute(app, routes.openForItem, async ({ params, body }, request) => ({
    feed: await feeds.open(requireAuth(request).user, 'item', params.itemId, body),
  }))
  serveRoute(app, routes.openForCollection, async ({ params, body }, request) => ({
    feed: await feeds.open(requireAuth(request).user, 'collection', params.collectionId, body),
  }))
  serveRoute(app, routes.openForSeries, async ({ params, body }, request) => ({
    feed: await feeds.open(requireAuth(request).user, 'series', params.seriesId, body),
  }))

  serveRoute(app, routes.close, async ({ params }, _request, reply) => {
    await feeds.close(params.id)
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  serveRoute(app, routes.xml, async ({ params }, request, reply) =>
    sendFeed(request, reply, await feeds.answer(params.slug)),
  )

  serveRoute(app, routes.cover, async ({ params }, request, reply) => {
    const file = await feeds.cover(params.slug)
    return sendFile(request, reply, { ...file, cacheControl: 'public, max-age=0' })
  })

  serveRoute(app, routes.enclosure, async ({ params }, request, reply) => {
    const file = await feeds.enclosure(params.slug, params.episodeId)
    return sendFile(request, reply, {
      path: file.path,
      size: file.size,
      mtimeMs: file.mtimeMs,
      contentType: file.mimeType,
      cacheControl: 'public, max-age=0',
    })
  })
}
