import { logRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.ts'
import { serveRoute } from '../http/serve-route.ts'

/** `GET /api/logger-data` (admins): today's lines still in memory, oldest first. */
export function registerLogsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'logs'>) {
  serveRoute(app, routes.getLoggerData, async () => ({
    currentDailyLogs: ctx.logs.buffer.today(),
  }))
}

/** Every new line goes to the admins' sockets (the `admins` room; nothing is sent while no admin is online). */
export function streamLogsToAdmins(ctx: Pick<AppContext, 'logs' | 'realtime'>): () => void {
  return ctx.logs.buffer.onEntry((entry) => ctx.realtime.toAdmins('log', entry))
}
