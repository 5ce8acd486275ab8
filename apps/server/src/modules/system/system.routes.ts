import { CronExpression, systemRoutes as routes, type StatusResponse } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { badRequest } from '../../http/errors.ts'
import { serveRoute } from '../../http/serve-route.ts'

export function registerSystemRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'log' | 'settings' | 'users'>,
) {
  serveRoute(app, routes.status, async () => {
    const isInit = await ctx.users.hasRoot()
    const settings = await ctx.settings.getServerSettings()
    const status: StatusResponse = {
      app: 'audiobookshelf',
      serverVersion: ctx.config.version,
      isInit,
      language: settings.language,
      authMethods: settings.authActiveAuthMethods,
      authFormData: {
        authLoginCustomMessage: settings.authLoginCustomMessage ?? '',
        // The login page's OpenID button and auto-launch (Audiobookshelf sends them while OpenID is on).
        ...(settings.authActiveAuthMethods.includes('openid')
          ? {
              authOpenIDButtonText: settings.authOpenIDButtonText,
              authOpenIDAutoLaunch: settings.authOpenIDAutoLaunch,
            }
          : {}),
      },
    }
    if (!isInit) {
      status.ConfigPath = ctx.config.configPath
      status.MetadataPath = ctx.config.metadataPath
    }
    return status
  })

  serveRoute(app, routes.ping, () => ({ success: true }))

  // The web client's schedule editors (library scans, podcast downloads) check an expression before saving it.
  serveRoute(app, routes.validateCron, ({ body: { expression } }, _request, reply) => {
    const shape = CronExpression.safeParse(expression)
    if (!shape.success) throw badRequest(shape.error.issues[0]?.message ?? 'Invalid cron expression')
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  serveRoute(app, routes.healthcheck, (_input, _request, reply) => reply.type('text/plain').send('OK'))

  serveRoute(app, routes.init, async ({ body: { newRoot } }, _request, reply) => {
    await ctx.users.createRoot(newRoot.username, newRoot.password)
    ctx.log.info({ username: newRoot.username }, 'root user created')
    return reply.type('text/plain').send('OK')
  })
}
