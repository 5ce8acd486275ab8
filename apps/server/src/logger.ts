import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino, { type Logger } from 'pino'
import { pruneDailyLogs } from './logging/daily-log-file.ts'
import { LogBuffer } from './logging/log-buffer.ts'
import { toLogEntry } from './logging/log-entry.ts'
import { redactLine } from './logging/redact.ts'

/** What the app controls of the logger at run time: today's lines (Logs page, live stream) and the level. */
export interface LogControl {
  buffer: LogBuffer
  /** The folder of the day files (`YYYY-MM-DD.log`); null when the logger keeps none (tests). */
  dir: string | null
  /** Applies a pino level to every line logged from now on (the `logLevel` server setting). */
  setLevel(level: string): void
  /** Keeps this many days of day files (the `loggerDailyLogsToKeep` setting): older ones go now and hourly. */
  setRetention(days: number): void
}

/** The server's logger and how to stop it without losing the lines still on their way. */
export interface ServerLogger extends LogControl {
  log: Logger
  /** Flushes every line to stdout and the day's file, then stops the transport's worker. */
  close(): Promise<void>
}

const DEFAULT_RETENTION_DAYS = 7
const HOUR_MS = 3_600_000

/**
 * Every line is redacted (logging/redact.ts) in the main thread before it goes anywhere, and kept in today's
 * buffer. JSON logs to stdout and to METADATA_PATH/logs (one file a day, a week kept), both written by a pino
 * transport in a worker thread, never by synchronous writes on the event loop.
 */
export function createLogger(
  level: string,
  metadataPath: string,
  options: { stdout?: boolean } = {},
): ServerLogger {
  const logDir = path.join(metadataPath, 'logs')
  const targets: pino.TransportTargetOptions[] = [
    {
      // A path, not a file: URL: pino's multi-target worker loads it with require (Node 24: ESM and .ts).
      target: fileURLToPath(new URL('./logging/daily-log-file.ts', import.meta.url)),
      // The logger filters by level (changed at run time); its targets take whatever it lets through.
      level: 'trace',
      // Retention is applied from here (setRetention), where the setting is known and can change.
      options: { dir: logDir, keepDays: null },
    },
  ]
  if (options.stdout !== false)
    targets.unshift({ target: 'pino/file', level: 'trace', options: { destination: 1 } })
  const transport = pino.transport({ targets })
  const buffer = new LogBuffer()
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: {
        streamWrite(line) {
          const safe = redactLine(line)
          const entry = toLogEntry(safe)
          if (entry) buffer.push(entry)
          return safe
        },
      },
    },
    transport,
  )
  let closed: Promise<void> | null = null
  let keepDays = DEFAULT_RETENTION_DAYS
  const prune = () => {
    try {
      pruneDailyLogs(logDir, keepDays)
    } catch {
      // An unreadable folder is retried at the next pass.
    }
  }
  prune()
  const pruning = setInterval(prune, HOUR_MS)
  pruning.unref()
  return {
    log,
    buffer,
    dir: logDir,
    setLevel(next) {
      log.level = next
    },
    setRetention(days) {
      keepDays = days
      prune()
    },
    close() {
      closed ??= (async () => {
        clearInterval(pruning)
        const done = once(transport, 'close')
        log.flush()
        transport.end()
        await done
      })()
      return closed
    },
  }
}

export const silentLogger = (): Logger => pino({ level: 'silent' })

/** A log control for a logger the app does not own (tests): an empty buffer, a level left as it is. */
export const detachedLogControl = (): LogControl => ({
  buffer: new LogBuffer(),
  dir: null,
  setLevel: () => undefined,
  setRetention: () => undefined,
})
