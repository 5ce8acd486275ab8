import fs from 'node:fs'
import path from 'node:path'
import pino, { type Logger } from 'pino'
import { redactLine } from '../logging/redact.ts'

/** Lines a scan log keeps in memory (and writes); past them it notes how many it dropped. */
export const MAX_SCAN_LOG_LINES = 10_000
const SCAN_LOG_FILE = /^\d{4}-\d{2}-\d{2}T[\d-]+Z\.log$/

/** Where a library's scan logs go: `{metadata}/logs/scans/{libraryId}` (one folder a library, for retention). */
export function scanLogDir(metadataPath: string, libraryId: string): string {
  return path.join(metadataPath, 'logs', 'scans', libraryId.replace(/[^\w-]/g, '_'))
}

/**
 * One library scan's own log: a logger whose lines (Debug and up, redacted like every line) are kept for the
 * scan's file and also go on to the server log, which keeps them at its own level.
 */
export class ScanLog {
  readonly log: Logger
  private readonly lines: string[] = []
  private dropped = 0

  constructor(main: Logger, bindings: Record<string, unknown>) {
    this.log = pino(
      { level: 'debug', base: bindings, timestamp: pino.stdTimeFunctions.isoTime },
      { write: (line: string) => this.keep(line, main) },
    )
  }

  private keep(line: string, main: Logger) {
    const safe = redactLine(line)
    if (this.lines.length < MAX_SCAN_LOG_LINES) this.lines.push(safe.endsWith('\n') ? safe : `${safe}\n`)
    else this.dropped++
    let parsed: Record<string, unknown>
    try {
      parsed = JSON.parse(safe) as Record<string, unknown>
    } catch {
      return
    }
    const { level, time: _time, msg, ...fields } = parsed
    const label = typeof level === 'number' ? main.levels.labels[level] : undefined
    if (label && label in main && typeof msg === 'string')
      (main[label as pino.Level] as pino.LogFn)(fields, msg)
  }

  /**
   * Writes the scan's lines to a new file in `dir` named by when it was written, then keeps only the newest
   * `keep` files there (the `loggerScannerLogsToKeep` setting); returns the file written.
   */
  async save(dir: string, keep: number, now = new Date()): Promise<string> {
    await fs.promises.mkdir(dir, { recursive: true })
    const file = path.join(dir, `${now.toISOString().replace(/[:.]/g, '-')}.log`)
    const tail = this.dropped ? [`${JSON.stringify({ msg: `${this.dropped} more lines not kept` })}\n`] : []
    await fs.promises.writeFile(file, [...this.lines, ...tail].join(''))
    await pruneScanLogs(dir, keep)
    return file
  }
}

/** Removes all but the newest `keep` scan logs of a library's folder (other files stay); returns those removed. */
export async function pruneScanLogs(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[]))
    .filter((name) => SCAN_LOG_FILE.test(name))
    .sort()
  const old = names.slice(0, Math.max(names.length - Math.max(keep, 1), 0))
  for (const name of old) await fs.promises.rm(path.join(dir, name), { force: true })
  return old
}
