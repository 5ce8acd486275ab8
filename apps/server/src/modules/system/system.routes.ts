import { CronExpression, InitRequest, type StatusResponse } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { badRequest } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'

const ValidateCronRequest = z.object({
  expression: z
    .string({ message: 'Cron expression is required' })
    .trim()
    .min(1, 'Cron expression is required')
    .max(200),
})

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

  // The web client's schedule editors (library scans, podcast downloads) check an expression before saving it.
  app.post('/api/validate-cron', async (request, reply) => {
    const { expression } = parseInput(ValidateCronRequest, request.body)
    const shape = CronExpression.safeParse(expression)
    if (!shape.success) throw badRequest(shape.error.issues[0]?.message ?? 'Invalid cron expression')
    return reply.type('text/plain; charset=utf-8').send('OK')
  })
  app.get('/healthcheck', open, async (_req, reply) => reply.type('text/plain').send('OK'))

  app.post('/init', open, async (request, reply) => {
    const { newRoot } = parseInput(InitRequest, request.body)
    await ctx.users.createRoot(newRoot.username, newRoot.password)
    ctx.log.info({ username: newRoot.username }, 'root user created')
    return reply.type('text/plain').send('OK')
  })
}
