import { SeriesDetailQuery, SeriesListQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'
import { includeList } from '../library-items/items.routes.ts'
import { showsProgress } from '../../http/answer-cache.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const LibrarySeriesParams = IdParams.extend({ seriesId: z.string().min(1).max(100) })

export function registerSeriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const series = ctx.browse.series

  app.get('/api/libraries/:id/series', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(SeriesListQuery, request.query)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'series', libraryId: library.id, user, query: q, byUser: showsProgress(q) },
      () => series.list(user, library, { ...q, include: includeList(q.include) }),
    )
  })

  app.get('/api/libraries/:id/series/:seriesId', async (request) => {
    const { id, seriesId } = parseInput(LibrarySeriesParams, request.params)
    const q = parseInput(SeriesDetailQuery, request.query)
    const user = requireAuth(request).user
    await ctx.libraries.getFor(user, id)
    return series.detail(user, ctx.libraries, seriesId, { libraryId: id, include: includeList(q.include) })
  })

  app.get('/api/series/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(SeriesDetailQuery, request.query)
    return series.detail(requireAuth(request).user, ctx.libraries, id, { include: includeList(q.include) })
  })
}
