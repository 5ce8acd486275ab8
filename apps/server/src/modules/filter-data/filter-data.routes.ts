import type { FastifyInstance, FastifyRequest } from 'fastify'
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
    return reply
      .type('application/json; charset=utf-8')
      .send((await ctx.browse.filterData.withJson(user, library)).json)
  })

  /** Every tag or genre of the items the caller may see, across the libraries they may open, alphabetically. */
  const everyValue = async (request: FastifyRequest, kind: 'tags' | 'genres') => {
    const user = requireAuth(request).user
    const values = new Set<string>()
    for (const library of await ctx.libraries.listFor(user)) {
      for (const value of (await ctx.browse.filterData.forLibrary(user, library))[kind]) values.add(value)
    }
    return [...values].sort(
      (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0),
    )
  }
  // The web client's tag and genre pages (admins, as in Audiobookshelf); renaming and deleting are not here yet.
  const admin = { config: { access: 'admin' as const } }
  app.get('/api/tags', admin, async (request) => ({ tags: await everyValue(request, 'tags') }))
  app.get('/api/genres', admin, async (request) => ({ genres: await everyValue(request, 'genres') }))
}
