import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })

export function registerFilterDataRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/libraries/:id/filterdata', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
    return reply.type('application/json; charset=utf-8').send((await ctx.browse.filterData.withJson(user, library)).json)
  })
}
