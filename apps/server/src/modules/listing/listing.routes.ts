import { LibraryItemsQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'
import { includeList } from '../library-items/items.routes.ts'
import { showsProgress } from '../../http/answer-cache.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })

export function registerListingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/libraries/:id/items', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(LibraryItemsQuery, request.query)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
    const list = () => ctx.browse.listing.list(user, library, { ...q, include: includeList(q.include) })
    // A random page is meant to differ on every call.
    if (q.sort === 'random') return list()
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'items', libraryId: library.id, user, query: q, byUser: showsProgress(q) },
      list,
    )
  })
}
