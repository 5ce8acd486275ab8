import { logRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.ts'
import { sendFile } from '../http/send-file.ts'
import { serveRoute } from '../http/serve-route.ts'
import { listLogDays, logDayFile, readLogDay } from './log-days.ts'

/** The server log for admins: today's lines still in memory, and the kept day files (list, read, download). */
export function registerLogsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'logs'>) {
  serveRoute(app, routes.getLoggerData, async () => ({
    currentDailyLogs: ctx.logs.buffer.today(),
  }))
  serveRoute(app, routes.listDays, () => listLogDays(ctx.logs.dir))
  serveRoute(app, routes.getDay, ({ params }) => readLogDay(ctx.logs.dir, params.day))
  serveRoute(app, routes.downloadDay, async ({ params }, request, reply) => {
    const file = await logDayFile(ctx.logs.dir, params.day)
    return sendFile(request, reply, {
      path: file.path,
      size: file.size,
      contentType: 'application/x-ndjson; charset=utf-8',
      attachment: true,
      cacheControl: 'no-store',
    })
  })
}

/**
 * Every new line goes to the admin sockets listening for it (`set_log_listener`, sent by an open Logs page) at its
 * level or below; nothing is sent while none listens.
 */
export function streamLogsToListeners(ctx: Pick<AppContext, 'logs' | 'realtime'>): () => void {
  return ctx.logs.buffer.onEntry((entry) => ctx.realtime.toLogListeners(entry.level, entry))
}
