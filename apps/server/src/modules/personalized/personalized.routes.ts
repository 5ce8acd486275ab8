import { PersonalizedQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })

export function registerPersonalizedRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/libraries/:id/personalized', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(PersonalizedQuery, request.query)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
    const limit = q.limit ?? 10
    return ctx.browse.answers.send(request, reply, { kind: 'personalized', libraryId: library.id, user, query: limit, byUser: true }, () =>
      ctx.browse.personalized.shelves(user, library, limit),
    )
  })
}
