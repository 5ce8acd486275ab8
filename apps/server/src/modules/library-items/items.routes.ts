import { itemRoutes as routes, type ItemResponse } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { showsProgress } from '../../http/answer-cache.ts'
import { sendFile } from '../../http/send-file.ts'
import { checkedAnswer, serveRoute } from '../../http/serve-route.ts'
import type { CoverFormat } from './cover-images.ts'
import type { CoverAnswer } from './items.service.ts'

export const includeList = (include: string | undefined) =>
  (include ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)

/** With `ts` the URL names one version of the image, so it may be cached for a day. */
const cacheControlFor = (ts: string | undefined) => (ts ? 'private, max-age=86400' : 'no-cache')

/** The cover format asked for, else WebP when the client takes it, else JPEG. */
export function coverFormat(request: FastifyRequest, asked: string | undefined): CoverFormat {
  if (asked === 'jpg' || asked === 'jpeg') return 'jpeg'
  if (asked === 'png' || asked === 'webp') return asked
  const accept = request.headers.accept ?? ''
  return accept.includes('image/webp') ? 'webp' : 'jpeg'
}

/** Sends a cover answer (raw original or resized copy), or 404. */
export function sendCover(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CoverAnswer | null,
  ts: string | undefined,
) {
  if (!answer) throw notFound('Cover not found')
  const cacheControl = cacheControlFor(ts)
  if (answer.kind === 'raw') return sendFile(request, reply, { ...answer.file, cacheControl })
  return sendFile(request, reply, {
    path: answer.file.path,
    size: answer.file.size,
    contentType: answer.file.contentType,
    handle: answer.file.handle,
    cacheControl,
  })
}

/** Audiobookshelf's include=downloads: a podcast's queued episode downloads, and the running ones when any. */
function withDownloads(ctx: Pick<AppContext, 'podcastDownloads'>, item: ItemResponse): ItemResponse {
  if (item.mediaType !== 'podcast') return item
  const { queue, currentDownloads } = ctx.podcastDownloads.queueOf({ libraryItemId: item.id })
  return {
    ...item,
    episodeDownloadsQueued: queue,
    ...(currentDownloads.length > 0 ? { episodesDownloading: currentDownloads } : {}),
  }
}

export function registerItemsRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'podcastDownloads'>,
) {
  const items = ctx.browse.items

  serveRoute(app, routes.get, async ({ params: { id }, query: q }, request, reply) => {
    const user = requireAuth(request).user
    const include = includeList(q.include)
    const answer = () =>
      items.getForUser(user, id, {
        expanded: q.expanded ?? false,
        include,
        episodeId: q.episode,
        episodeForm: q.episodes ?? 'full',
      })
    // The download queue lives in memory (no database write marks its changes), so these answers are never cached.
    if (include.includes('downloads')) return withDownloads(ctx, await answer())
    // Not keyed on a library (the content stamp is global); whether the user may see it is in the fingerprint.
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: `item:${id}`, libraryId: '', user, query: q, byUser: showsProgress(q) },
      checkedAnswer(routes.get, answer),
    )
  })

  serveRoute(app, routes.batchGet, async ({ body }, request) => ({
    libraryItems: await items.batchGet(requireAuth(request).user, body.libraryItemIds),
  }))

  // Public, as in Audiobookshelf: <img> tags and third-party apps load covers without a token.
  serveRoute(app, routes.cover, async ({ params, query: q }, request, reply) => {
    const answer = await items.cover(params.id, {
      width: q.width,
      height: q.height,
      raw: q.raw ?? false,
      format: coverFormat(request, q.format),
    })
    return sendCover(request, reply, answer, q.ts)
  })

  serveRoute(app, routes.file, async ({ params }, request, reply) => {
    const file = await items.libraryFile(requireAuth(request).user, params.id, params.ino)
    return sendFile(request, reply, file)
  })

  const ebook = async (
    id: string,
    fileid: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => sendFile(request, reply, await items.ebookFile(requireAuth(request).user, id, fileid))
  serveRoute(app, routes.ebook, ({ params }, request, reply) => ebook(params.id, undefined, request, reply))
  serveRoute(app, routes.ebookFile, ({ params }, request, reply) =>
    ebook(params.id, params.fileid, request, reply),
  )
}
