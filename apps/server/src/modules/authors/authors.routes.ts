import { AuthorQuery, AuthorsListQuery, CoverQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'
import { coverFormat, includeList, sendCover } from '../library-items/items.routes.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })

export function registerAuthorsRoutes(app: FastifyInstance, ctx: AppContext) {
  const authors = ctx.browse.authors

  app.get('/api/libraries/:id/authors', async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(AuthorsListQuery, request.query)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'authors', libraryId: library.id, user, query: q, byUser: false },
      () => authors.list(user, library, { ...q, include: includeList(q.include) }),
    )
  })

  app.get('/api/libraries/:id/narrators', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const user = requireAuth(request).user
    return authors.narrators(user, await ctx.libraries.getFor(user, id))
  })

  app.get('/api/authors/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(AuthorQuery, request.query)
    return authors.detail(requireAuth(request).user, ctx.libraries, id, {
      include: includeList(q.include),
      libraryId: q.library,
    })
  })

  // Public, as in Audiobookshelf (image URLs carry no token).
  app.get('/api/authors/:id/image', { config: { access: 'public' } }, async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(CoverQuery, request.query)
    const answer = await authors.image(id, {
      width: q.width,
      height: q.height,
      raw: q.raw ?? false,
      format: coverFormat(request, q.format),
    })
    return sendCover(request, reply, answer, q.ts)
  })
}
