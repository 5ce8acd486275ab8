import { z } from 'zod'
import { LogDay, LogDayResponse, LogDaysResponse, LoggerDataResponse } from '../logs.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Logs'
const day = z.object({ day: LogDay })

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
  listDays: defineRoute({
    method: 'GET',
    path: '/api/logger-data/days',
    tag,
    summary: 'The days whose log file is kept, newest first',
    access: 'admin',
    answer: LogDaysResponse,
  }),
  getDay: defineRoute({
    method: 'GET',
    path: '/api/logger-data/days/:day',
    tag,
    summary: "One kept day's log lines, oldest first (secrets redacted)",
    access: 'admin',
    params: day,
    answer: LogDayResponse,
    errors: { 400: 'Not a day (YYYY-MM-DD)', 404: 'No log file is kept for that day' },
  }),
  downloadDay: defineRoute({
    method: 'GET',
    path: '/api/logger-data/days/:day/download',
    tag,
    summary: "One kept day's log file as an attachment (JSON lines, secrets redacted)",
    access: 'admin',
    queryToken: true,
    params: day,
    answer: rawAnswer.bytes('application/x-ndjson', 'The day file, one JSON object a line'),
    errors: { 400: 'Not a day (YYYY-MM-DD)', 404: 'No log file is kept for that day' },
  }),
}
