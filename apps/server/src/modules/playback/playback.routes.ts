import fsp from 'node:fs/promises'
import { playbackRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { sendFile } from '../../http/send-file.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Audiobookshelf's answer to a write: the text `OK`. */
const sendOk = (reply: FastifyReply) => reply.type('text/plain; charset=utf-8').send('OK')

/** Play, sync and close; direct-play tracks and HLS; session history; progress, bookmarks and stats. */
export function registerPlaybackRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'playback'>) {
  const playback = ctx.playback.sessions
  const progress = ctx.playback.progress

  // ---- play, sync, close --------------------------------------------------------------------------

  const client = (request: FastifyRequest) => {
    const userAgent = request.headers['user-agent']
    return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null }
  }
  serveRoute(app, routes.play, ({ params, body }, request) =>
    playback.play(requireAuth(request).user, params.id, undefined, body, client(request)),
  )
  serveRoute(app, routes.playEpisode, ({ params, body }, request) =>
    playback.play(requireAuth(request).user, params.id, params.episodeId, body, client(request)),
  )

  serveRoute(app, routes.syncLocal, ({ body }, request) =>
    ctx.playback.localSessions.sync(requireAuth(request).user, body),
  )

  serveRoute(app, routes.syncLocalAll, async ({ body }, request) => ({
    results: await ctx.playback.localSessions.syncAll(requireAuth(request).user, body.sessions),
  }))

  serveRoute(app, routes.sync, ({ params, body }, request, reply) => {
    playback.sync(requireAuth(request).user, params.id, body)
    return sendOk(reply)
  })

  serveRoute(app, routes.close, async ({ params, body }, request, reply) => {
    await playback.close(requireAuth(request).user, params.id, body)
    return sendOk(reply)
  })

  serveRoute(app, routes.getOpen, ({ params }, request) =>
    playback.getOpen(requireAuth(request).user, params.id),
  )

  // ---- media ------------------------------------------------------------------------------------

  serveRoute(app, routes.track, async ({ params }, request, reply) => {
    const file = await playback.trackFile(params.id, params.index)
    if ('redirect' in file) return reply.redirect(`${ctx.config.routerBasePath}${file.redirect}`)
    return sendFile(request, reply, {
      path: file.path,
      size: file.size,
      mtimeMs: file.mtimeMs,
      contentType: file.mimeType,
      cacheControl: 'no-cache',
    })
  })

  serveRoute(app, routes.hls, async ({ params }, request, reply) => {
    const found = await playback.hlsFile(params.stream, params.file)
    const st = await fsp.stat(found.path).catch(() => null)
    if (!st?.isFile()) throw notFound('Not found')
    return sendFile(request, reply, {
      path: found.path,
      size: st.size,
      contentType: found.contentType,
      cacheControl: 'no-cache',
    })
  })

  // ---- session history --------------------------------------------------------------------------

  serveRoute(app, routes.listSessions, async ({ query }) => {
    // Audiobookshelf's default: ascending unless `desc=1`; only the default column starts newest first.
    const desc = query.desc === undefined ? query.sort === 'updatedAt' : query.desc === '1'
    const page = await playback.sessionsPage({ userId: query.user }, query.page, query.itemsPerPage, {
      sort: query.sort,
      desc,
    })
    return { ...page, sessions: await playback.withUsers(page.sessions), userFilter: query.user ?? null }
  })

  serveRoute(app, routes.openSessions, async () => ({ sessions: await playback.openSessions() }))

  serveRoute(app, routes.deleteSession, async ({ params }, request, reply) => {
    if ((await playback.deleteSessions(requireAuth(request).user, [params.id])) === 0)
      throw notFound('Session not found')
    return sendOk(reply)
  })

  serveRoute(app, routes.deleteSessions, async ({ body }, request, reply) => {
    await playback.deleteSessions(requireAuth(request).user, body.sessions)
    return sendOk(reply)
  })

  serveRoute(app, routes.myListeningSessions, ({ query }, request) =>
    playback.sessionsPage({ userId: requireAuth(request).user.id }, query.page, query.itemsPerPage),
  )

  serveRoute(app, routes.myItemListeningSessions, ({ params, query }, request) =>
    playback.sessionsPage(
      { userId: requireAuth(request).user.id, itemId: params.id, episodeId: params.episodeId ?? '' },
      query.page,
      query.itemsPerPage,
    ),
  )

  serveRoute(app, routes.myListeningStats, (_, request) =>
    playback.listeningStats(requireAuth(request).user.id),
  )

  serveRoute(app, routes.userListeningSessions, ({ params, query }) =>
    playback.sessionsPage({ userId: params.id }, query.page, query.itemsPerPage),
  )

  serveRoute(app, routes.userListeningStats, ({ params }) => playback.listeningStats(params.id))

  // ---- progress ---------------------------------------------------------------------------------

  serveRoute(
    app,
    routes.allProgress,
    async (_, request) => (await progress.userExtras(requireAuth(request).user)).mediaProgress,
  )

  serveRoute(app, routes.hideFromContinueListening, ({ params }, request) =>
    progress.hideFromContinueListening(requireAuth(request).user, params.id),
  )

  serveRoute(app, routes.progress, ({ params }, request) =>
    progress.get(requireAuth(request).user, params.id, params.episodeId),
  )

  // Audiobookshelf clients send the array itself; `{libraryItemIds...}` wrappers are not accepted.
  serveRoute(app, routes.updateProgresses, async ({ body }, request, reply) => {
    await progress.batchUpdate(requireAuth(request).user, body)
    return sendOk(reply)
  })

  // Answers `OK` like Audiobookshelf; the record follows as `user_item_progress_updated` and GET reads it.
  serveRoute(app, routes.updateProgress, async ({ params, body }, request, reply) => {
    await progress.update(requireAuth(request).user, params.id, params.episodeId, body)
    return sendOk(reply)
  })

  serveRoute(app, routes.removeProgress, async ({ params }, request, reply) => {
    await progress.remove(requireAuth(request).user, params.id)
    return sendOk(reply)
  })

  // ---- bookmarks --------------------------------------------------------------------------------

  serveRoute(app, routes.allBookmarks, (_, request) => progress.bookmarks(requireAuth(request).user))

  serveRoute(app, routes.itemBookmarks, ({ params }, request) =>
    progress.bookmarks(requireAuth(request).user, params.id),
  )

  serveRoute(app, routes.createBookmark, ({ params, body }, request) =>
    progress.createBookmark(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.renameBookmark, ({ params, body }, request) =>
    progress.renameBookmark(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.deleteBookmark, async ({ params }, request, reply) => {
    const t = /^\d+(\.\d+)?$/.test(params.time) ? Number(params.time) : NaN
    if (!Number.isFinite(t)) throw notFound('Bookmark not found')
    await progress.deleteBookmark(requireAuth(request).user, params.id, t)
    return sendOk(reply)
  })
}
