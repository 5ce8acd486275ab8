import { InitRequest, type StatusResponse } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { parseInput } from '../../http/parse.ts'

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext) {
  const open = { config: { access: 'public' as const } }

  app.get('/status', open, async (): Promise<StatusResponse> => {
    const isInit = await ctx.users.hasRoot()
    const settings = await ctx.settings.getServerSettings()
    const status: StatusResponse = {
      app: 'audiobookshelf',
      serverVersion: ctx.config.version,
      isInit,
      language: settings.language,
      authMethods: settings.authActiveAuthMethods,
      authFormData: { authLoginCustomMessage: settings.authLoginCustomMessage ?? '' },
    }
    if (!isInit) {
      status.ConfigPath = ctx.config.configPath
      status.MetadataPath = ctx.config.metadataPath
    }
    return status
  })

  app.get('/ping', open, async () => ({ success: true }))
  app.get('/healthcheck', open, async (_req, reply) => reply.type('text/plain').send('OK'))

  app.post('/init', open, async (request, reply) => {
    const { newRoot } = parseInput(InitRequest, request.body)
    await ctx.users.createRoot(newRoot.username, newRoot.password)
    ctx.log.info({ username: newRoot.username }, 'root user created')
    return reply.type('text/plain').send('OK')
  })
}
