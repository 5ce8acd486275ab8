import { authorRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { checkedAnswer, serveRoute } from '../../http/serve-route.ts'
import { coverFormat, includeList, sendCover } from '../library-items/items.routes.ts'

export function registerAuthorsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'browse' | 'libraries'>) {
  const authors = ctx.browse.authors

  serveRoute(app, routes.list, async ({ params, query: q }, request, reply) => {
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    return ctx.browse.answers.send(
      request,
      reply,
      { kind: 'authors', libraryId: library.id, user, query: q, byUser: false },
      checkedAnswer(routes.list, () =>
        authors.list(user, library, { ...q, include: includeList(q.include) }),
      ),
    )
  })

  serveRoute(app, routes.narrators, async ({ params }, request) => {
    const user = requireAuth(request).user
    return authors.narrators(user, await ctx.libraries.getFor(user, params.id))
  })

  serveRoute(app, routes.get, ({ params, query: q }, request) =>
    authors.detail(requireAuth(request).user, ctx.libraries, params.id, {
      include: includeList(q.include),
      libraryId: q.library,
    }),
  )

  // Public, as in Audiobookshelf (image URLs carry no token).
  serveRoute(app, routes.image, async ({ params, query: q }, request, reply) => {
    const answer = await authors.image(params.id, {
      width: q.width,
      height: q.height,
      raw: q.raw ?? false,
      format: coverFormat(request, q.format),
    })
    return sendCover(request, reply, answer, q.ts)
  })
}
