import { authorRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

/** Changing authors; each route's contract states the account permission it needs (spec §6). */
export function registerAuthorEditRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'authorEdit'>) {
  const edit = ctx.authorEdit

  serveRoute(app, routes.update, ({ params, body }, request) =>
    edit.update(requireAuth(request).user, params.id, body),
  )

  serveRoute(app, routes.remove, async ({ params }, request) => {
    await edit.remove(requireAuth(request).user, params.id)
    return {}
  })

  serveRoute(app, routes.setImage, ({ params, body }, request) =>
    edit.setImageFromUrl(requireAuth(request).user, params.id, body.url),
  )

  serveRoute(app, routes.removeImage, ({ params }, request) =>
    edit.removeImage(requireAuth(request).user, params.id),
  )
}
