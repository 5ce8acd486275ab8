import { LoggerDataResponse } from '../logs.ts'
import { defineRoute } from './route.ts'

const tag = 'Logs'

/** The server log as admins read it (logging/ in the server). */
export const logRoutes = {
  getLoggerData: defineRoute({
    method: 'GET',
    path: '/api/logger-data',
    tag,
    summary: "Today's log lines kept in memory, oldest first (secrets redacted)",
    access: 'admin',
    answer: LoggerDataResponse,
  }),
}
