import { SearchQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
/** Audiobookshelf's default number of hits per group. */
const DEFAULT_LIMIT = 12

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/libraries/:id/search', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(SearchQuery, request.query)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
    const limit = q.limit ?? DEFAULT_LIMIT
    const minified = q.minified ?? false
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'search', libraryId: library.id, user, query: [q.q, limit, minified], byUser: false },
      () => ctx.browse.search.search(user, library, q.q, limit, minified),
    )
  })
}
