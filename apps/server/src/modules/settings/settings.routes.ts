import { settingsRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { pinoLevelOf } from '../../logging/log-entry.ts'

export function registerSettingsRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'realtime' | 'settings' | 'logs'>,
) {
  serveRoute(app, routes.get, async () => ({ serverSettings: await ctx.settings.getServerSettings() }))
  serveRoute(app, routes.update, async ({ body }) => {
    const serverSettings = await ctx.settings.updateServerSettings(body)
    // The log level applies at once, to every line logged from now on.
    if (body.logLevel !== undefined) ctx.logs.setLevel(pinoLevelOf(serverSettings.logLevel))
    ctx.realtime.toUsersWhere(() => true, 'server_settings_updated', serverSettings)
    return { success: true, serverSettings }
  })
  serveRoute(app, routes.updateSortingPrefixes, async ({ body }) => {
    const answer = await ctx.settings.updateSortingPrefixes(body.sortingPrefixes)
    ctx.realtime.toUsersWhere(() => true, 'server_settings_updated', answer.serverSettings)
    return answer
  })
}
