import { seriesRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { showsProgress } from '../../http/answer-cache.ts'
import { checkedAnswer, serveRoute } from '../../http/serve-route.ts'
import { includeList } from '../library-items/items.routes.ts'

export function registerSeriesRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'browse' | 'libraries'>) {
  const series = ctx.browse.series

  serveRoute(app, routes.list, async ({ params, query: q }, request, reply) => {
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'series', libraryId: library.id, user, query: q, byUser: showsProgress(q) },
      checkedAnswer(routes.list, () => series.list(user, library, { ...q, include: includeList(q.include) })),
    )
  })

  serveRoute(app, routes.getInLibrary, async ({ params: { id, seriesId }, query: q }, request) => {
    const user = requireAuth(request).user
    await ctx.libraries.getFor(user, id)
    return series.detail(user, ctx.libraries, seriesId, { libraryId: id, include: includeList(q.include) })
  })

  serveRoute(app, routes.get, ({ params, query: q }, request) =>
    series.detail(requireAuth(request).user, ctx.libraries, params.id, { include: includeList(q.include) }),
  )
}
