import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino, { type Logger } from 'pino'

/** The server's logger and how to stop it without losing the lines still on their way. */
export interface ServerLogger {
  log: Logger
  /** Flushes every line to stdout and the day's file, then stops the transport's worker. */
  close(): Promise<void>
}

/**
 * JSON logs to stdout and to METADATA_PATH/logs (one file a day, a week kept), both written by a pino
 * transport in a worker thread, never by synchronous writes on the event loop.
 */
export function createLogger(
  level: string,
  metadataPath: string,
  options: { stdout?: boolean } = {},
): ServerLogger {
  const targets: pino.TransportTargetOptions[] = [
    {
      // A path, not a file: URL: pino's multi-target worker loads it with require (Node 24: ESM and .ts).
      target: fileURLToPath(new URL('./logging/daily-log-file.ts', import.meta.url)),
      level,
      options: { dir: path.join(metadataPath, 'logs') },
    },
  ]
  if (options.stdout !== false) targets.unshift({ target: 'pino/file', level, options: { destination: 1 } })
  const transport = pino.transport({ targets })
  const log = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, transport)
  let closed: Promise<void> | null = null
  return {
    log,
    close() {
      closed ??= (async () => {
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
