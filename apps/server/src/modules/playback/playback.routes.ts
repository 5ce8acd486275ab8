import fsp from 'node:fs/promises'
import {
  BatchProgressUpdate,
  BookmarkRequest,
  CloseRequest,
  LocalSessionInput,
  LocalSessionsRequest,
  PagedQuery,
  PlayRequest,
  ProgressUpdate,
  SyncRequest,
} from '@shelfcast/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { sendFile } from '../../http/send-file.ts'

const idText = z.string().min(1).max(200)
const IdParams = z.object({ id: idText })
const ItemEpisodeParams = z.object({ id: idText, episodeId: idText.optional() })
const TrackParams = z.object({ id: idText, index: z.string().max(20) })
const HlsParams = z.object({ stream: idText, file: z.string().max(300) })
const BookmarkParams = z.object({ id: idText, time: z.string().max(40) })
const SessionsQuery = PagedQuery.extend({ user: idText.optional() })
const BatchDeleteRequest = z.object({ sessions: z.array(idText).max(1000) })

const publicRoute = { config: { access: 'public' as const } }
const adminRoute = { config: { access: 'admin' as const } }

/** Play, sync and close; direct-play tracks and HLS; session history; progress, bookmarks and stats. */
export function registerPlaybackRoutes(app: FastifyInstance, ctx: AppContext) {
  const playback = ctx.playback.sessions
  const progress = ctx.playback.progress

  // ---- play, sync, close --------------------------------------------------------------------------

  const play = async (request: FastifyRequest) => {
    const { id, episodeId } = parseInput(ItemEpisodeParams, request.params)
    const body = parseInput(PlayRequest, request.body)
    const userAgent = request.headers['user-agent']
    return playback.play(requireAuth(request).user, id, episodeId, body, {
      ip: request.ip ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    })
  }
  app.post('/api/items/:id/play', play)
  app.post('/api/items/:id/play/:episodeId', play)

  app.post('/api/session/local', async (request) => {
    return ctx.playback.localSessions.sync(
      requireAuth(request).user,
      parseInput(LocalSessionInput, request.body),
    )
  })

  app.post('/api/session/local-all', async (request) => {
    const { sessions } = parseInput(LocalSessionsRequest, request.body)
    return { results: await ctx.playback.localSessions.syncAll(requireAuth(request).user, sessions) }
  })

  app.post('/api/session/:id/sync', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    playback.sync(requireAuth(request).user, id, parseInput(SyncRequest, request.body))
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  app.post('/api/session/:id/close', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const body =
      request.body === undefined || request.body === null ? undefined : parseInput(CloseRequest, request.body)
    await playback.close(requireAuth(request).user, id, body)
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  app.get('/api/session/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return playback.getOpen(requireAuth(request).user, id)
  })

  // ---- media ------------------------------------------------------------------------------------

  app.get('/public/session/:id/track/:index', publicRoute, async (request, reply) => {
    const { id, index } = parseInput(TrackParams, request.params)
    const file = await playback.trackFile(id, index)
    if ('redirect' in file) return reply.redirect(`${ctx.config.routerBasePath}${file.redirect}`)
    return sendFile(request, reply, {
      path: file.path,
      size: file.size,
      mtimeMs: file.mtimeMs,
      contentType: file.mimeType,
      cacheControl: 'no-cache',
    })
  })

  app.get('/hls/:stream/:file', publicRoute, async (request, reply) => {
    const { stream, file } = parseInput(HlsParams, request.params)
    const found = await playback.hlsFile(stream, file)
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

  app.get('/api/sessions', adminRoute, async (request) => {
    const q = parseInput(SessionsQuery, request.query)
    const page = await playback.sessionsPage({ userId: q.user }, q.page, q.itemsPerPage)
    return { ...page, sessions: await playback.withUsers(page.sessions), userFilter: q.user ?? null }
  })

  app.get('/api/sessions/open', adminRoute, async () => ({ sessions: await playback.openSessions() }))

  app.delete('/api/sessions/:id', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    if ((await playback.deleteSessions(requireAuth(request).user, [id])) === 0)
      throw notFound('Session not found')
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  app.post('/api/sessions/batch/delete', adminRoute, async (request, reply) => {
    const { sessions } = parseInput(BatchDeleteRequest, request.body)
    await playback.deleteSessions(requireAuth(request).user, sessions)
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  app.get('/api/me/listening-sessions', async (request) => {
    const q = parseInput(PagedQuery, request.query)
    return playback.sessionsPage({ userId: requireAuth(request).user.id }, q.page, q.itemsPerPage)
  })

  app.get('/api/me/item/listening-sessions/:id/:episodeId?', async (request) => {
    const { id, episodeId } = parseInput(ItemEpisodeParams, request.params)
    const q = parseInput(PagedQuery, request.query)
    return playback.sessionsPage(
      { userId: requireAuth(request).user.id, itemId: id, episodeId: episodeId ?? '' },
      q.page,
      q.itemsPerPage,
    )
  })

  app.get('/api/me/listening-stats', async (request) => playback.listeningStats(requireAuth(request).user.id))

  app.get('/api/users/:id/listening-sessions', adminRoute, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(PagedQuery, request.query)
    return playback.sessionsPage({ userId: id }, q.page, q.itemsPerPage)
  })

  app.get('/api/users/:id/listening-stats', adminRoute, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return playback.listeningStats(id)
  })

  // ---- progress ---------------------------------------------------------------------------------

  app.get(
    '/api/me/progress',
    async (request) => (await progress.userExtras(requireAuth(request).user)).mediaProgress,
  )

  app.get('/api/me/progress/:id/remove-from-continue-listening', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return progress.hideFromContinueListening(requireAuth(request).user, id)
  })

  app.get('/api/me/progress/:id/:episodeId?', async (request) => {
    const { id, episodeId } = parseInput(ItemEpisodeParams, request.params)
    return progress.get(requireAuth(request).user, id, episodeId)
  })

  app.patch('/api/me/progress/batch/update', async (request, reply) => {
    // Audiobookshelf clients send the array itself; `{libraryItemIds...}` wrappers are not accepted.
    await progress.batchUpdate(requireAuth(request).user, parseInput(BatchProgressUpdate, request.body ?? []))
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  // Answers `OK` like Audiobookshelf; the record follows as `user_item_progress_updated` and GET reads it.
  app.patch('/api/me/progress/:id/:episodeId?', async (request, reply) => {
    const { id, episodeId } = parseInput(ItemEpisodeParams, request.params)
    await progress.update(requireAuth(request).user, id, episodeId, parseInput(ProgressUpdate, request.body))
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  app.delete('/api/me/progress/:id', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    await progress.remove(requireAuth(request).user, id)
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  // ---- bookmarks --------------------------------------------------------------------------------

  app.get('/api/me/bookmarks', async (request) => progress.bookmarks(requireAuth(request).user))

  app.get('/api/me/bookmarks/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return progress.bookmarks(requireAuth(request).user, id)
  })

  app.post('/api/me/item/:id/bookmark', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return progress.createBookmark(requireAuth(request).user, id, parseInput(BookmarkRequest, request.body))
  })

  app.patch('/api/me/item/:id/bookmark', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return progress.renameBookmark(requireAuth(request).user, id, parseInput(BookmarkRequest, request.body))
  })

  app.delete('/api/me/item/:id/bookmark/:time', async (request, reply) => {
    const { id, time } = parseInput(BookmarkParams, request.params)
    const t = /^\d+(\.\d+)?$/.test(time) ? Number(time) : NaN
    if (!Number.isFinite(t)) throw notFound('Bookmark not found')
    await progress.deleteBookmark(requireAuth(request).user, id, t)
    return reply.type('text/plain; charset=utf-8').send('OK')
  })
}
