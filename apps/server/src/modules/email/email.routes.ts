import { emailRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

export function registerEmailRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'email'>) {
  serveRoute(app, routes.getSettings, async () => ({ settings: await ctx.email.settings() }))

  serveRoute(app, routes.updateSettings, async ({ body }) => ({
    settings: await ctx.email.updateSettings(body),
  }))

  serveRoute(app, routes.sendTest, async () => {
    await ctx.email.sendTest()
    return { success: true }
  })

  serveRoute(app, routes.updateEreaderDevices, async ({ body }) => ({
    ereaderDevices: await ctx.email.replaceDevices(body.ereaderDevices),
  }))

  serveRoute(app, routes.updateOwnEreaderDevices, async ({ body }, request) => ({
    ereaderDevices: await ctx.email.replaceOwnDevices(requireAuth(request).user, body.ereaderDevices),
  }))

  serveRoute(app, routes.sendEbookToDevice, async ({ body }, request) => {
    await ctx.email.sendEbookToDevice(requireAuth(request).user, body)
    return { success: true }
  })
}
