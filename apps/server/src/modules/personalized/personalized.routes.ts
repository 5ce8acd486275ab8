import { PersonalizedQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'
import { includeList } from '../library-items/items.routes.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })

export function registerPersonalizedRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/libraries/:id/personalized', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(PersonalizedQuery, request.query)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
    const limit = q.limit ?? 10
    const include = includeList(q.include)
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'personalized', libraryId: library.id, user, query: { limit, include }, byUser: true },
      async () => {
        const shelves = await ctx.browse.personalized.shelves(user, library, limit)
        if (include.length === 0) return shelves
        // The item shelves take the include= values of item lists (rssfeed, numEpisodesIncomplete ...).
        return Promise.all(
          shelves.map(async (shelf) =>
            shelf.type === 'book' || shelf.type === 'podcast' || shelf.type === 'episode'
              ? { ...shelf, entities: await ctx.browse.items.withListIncludes(user, shelf.entities, include) }
              : shelf,
          ),
        )
      },
    )
  })
}
