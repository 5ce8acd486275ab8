import { CreateLibraryRequest, ReorderLibrariesRequest, UpdateLibraryRequest } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'
import { libraryJson } from './library-json.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const GetQuery = z.object({ include: z.string().max(200).optional() })

export function registerLibrariesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/libraries', async (request) => ({
    libraries: (await ctx.libraries.listFor(requireAuth(request).user)).map(libraryJson),
  }))

  app.get('/api/libraries/:id', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const { include } = parseInput(GetQuery, request.query)
    const user = requireAuth(request).user
    if (include?.split(',').includes('filterdata')) {
      // The answer counts the user's own playlists: keyed on that count, not on the user, so everyone who
      // sees the same items and has as many playlists shares one answer (megabytes at 100,000 items).
      const numUserPlaylists = await ctx.playlists.countIn(user, id)
      const spec = {
        kind: 'library-filterdata',
        libraryId: id,
        user,
        query: { include, numUserPlaylists },
        byUser: false,
      }
      return ctx.browse.answers.sendText(request, reply, spec, () =>
        ctx.libraries.getWithFilterDataJson(user, id, numUserPlaylists),
      )
    }
    return libraryJson(await ctx.libraries.getFor(user, id))
  })

  app.post('/api/libraries', { config: { access: 'admin' } }, async (request) => {
    const body = parseInput(CreateLibraryRequest, request.body)
    return libraryJson(await ctx.libraries.create(body))
  })

  app.patch('/api/libraries/:id', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return libraryJson(await ctx.libraries.update(id, parseInput(UpdateLibraryRequest, request.body)))
  })

  app.delete('/api/libraries/:id', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return libraryJson(await ctx.libraries.remove(id))
  })

  app.post('/api/libraries/order', { config: { access: 'admin' } }, async (request) => ({
    libraries: (await ctx.libraries.reorder(parseInput(ReorderLibrariesRequest, request.body))).map(
      libraryJson,
    ),
  }))
}
