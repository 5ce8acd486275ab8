import { apiKeyRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'

export function registerApiKeysRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'apiKeys'>) {
  serveRoute(app, routes.list, async () => ({ apiKeys: await ctx.apiKeys.list() }))

  serveRoute(app, routes.create, async ({ body }, request) => ({
    apiKey: await ctx.apiKeys.create(requireAuth(request), body),
  }))

  serveRoute(app, routes.update, async ({ params, body }, request) => ({
    apiKey: await ctx.apiKeys.update(requireAuth(request), params.id, body),
  }))

  serveRoute(app, routes.remove, async ({ params }, request) => {
    await ctx.apiKeys.delete(requireAuth(request), params.id)
    return { success: true }
  })
}
