import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })

export function registerLibraryStatsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/libraries/:id/stats', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const user = requireAuth(request).user
    return ctx.browse.stats.forLibrary(user, await ctx.libraries.getFor(user, id))
  })
}
