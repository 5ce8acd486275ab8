import { notificationRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { badRequest } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'

export function registerNotificationsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'notifications'>) {
  const n = ctx.notifications
  serveRoute(app, routes.get, async () => ({ data: n.data(), settings: await n.settings() }))
  serveRoute(app, routes.updateSettings, async ({ body }) => ({ settings: await n.updateSettings(body) }))
  serveRoute(app, routes.data, () => Promise.resolve(n.data()))
  serveRoute(app, routes.fireTest, async ({ query }) => {
    await n.fireTest(query.fail === '1' || query.fail === 'true')
    return { success: true }
  })
  serveRoute(app, routes.create, async ({ body }) => ({ settings: await n.create(body) }))
  serveRoute(app, routes.remove, async ({ params }) => ({ settings: await n.remove(params.id) }))
  serveRoute(app, routes.update, async ({ params, body }) => ({ settings: await n.update(params.id, body) }))
  serveRoute(app, routes.test, async ({ params }) => {
    if (!(await n.testOne(params.id))) throw badRequest('The Apprise server did not accept the notification')
    return { success: true }
  })
}
