import { z } from 'zod'

/**
 * Audiobookshelf's log levels, as numbers (the server setting `logLevel` uses the same scale):
 * TRACE 0, DEBUG 1, INFO 2, WARN 3, ERROR 4, FATAL 5, NOTE 6.
 */
export const LogLevelName = z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL', 'NOTE'])
export type LogLevelName = z.infer<typeof LogLevelName>

/** One line of the server log, secrets already redacted (Audiobookshelf's log object). */
export const LogEntry = z.object({
  /** ISO 8601 time of the line. */
  timestamp: z.string(),
  /** The module that logged it, when known. */
  source: z.string(),
  /** The message, then the line's other fields as JSON. */
  message: z.string(),
  levelName: LogLevelName,
  level: z.number().int().min(0).max(6),
})
export type LogEntry = z.infer<typeof LogEntry>

/** `GET /api/logger-data`: the lines logged today (UTC) still in the server's buffer, oldest first. */
export const LoggerDataResponse = z.object({ currentDailyLogs: z.array(LogEntry) })
export type LoggerDataResponse = z.infer<typeof LoggerDataResponse>

/** A day of the server log: the name of its file (`YYYY-MM-DD.log`, UTC), a real calendar date. */
export const LogDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid day')
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`)
    return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day
  }, 'Invalid day')

/** `GET /api/logger-data/days`: the days whose log file is kept (loggerDailyLogsToKeep), newest first. */
export const LogDaysResponse = z.object({
  days: z.array(z.object({ day: LogDay, size: z.number().int().min(0) })),
})
export type LogDaysResponse = z.infer<typeof LogDaysResponse>

/** `GET /api/logger-data/days/:day`: that day's lines from its file, oldest first (secrets redacted). */
export const LogDayResponse = z.object({
  day: LogDay,
  lines: z.array(LogEntry),
  /** The file is larger than the server reads at once: only its last lines are here (the download has all). */
  truncated: z.boolean(),
})
export type LogDayResponse = z.infer<typeof LogDayResponse>
