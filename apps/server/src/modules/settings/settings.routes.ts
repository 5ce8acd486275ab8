import { UpdateServerSettingsRequest } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { parseInput } from '../../http/parse.ts'

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.patch('/api/settings', { config: { access: 'admin' } }, async (request) => {
    const body = parseInput(UpdateServerSettingsRequest, request.body)
    const serverSettings = await ctx.settings.updateServerSettings(body)
    ctx.realtime.toUsersWhere(() => true, 'server_settings_updated', serverSettings)
    return { success: true, serverSettings }
  })
}
