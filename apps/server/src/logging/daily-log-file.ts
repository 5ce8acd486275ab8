import fs from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'

/**
 * The log file target of the server's pino transport: it runs in pino's worker thread, so its synchronous
 * writes never hold the event loop. One file per day (`YYYY-MM-DD.log`, UTC) in `dir`, switched at
 * midnight; files older than `keepDays` are removed when a day's file opens.
 *
 * Loaded by path in the worker (Node strips the types), so this module imports only `node:` modules.
 */
export interface DailyLogFileOptions {
  dir: string
  /** Days of files kept; null leaves pruning to the server (logging/retention via pruneDailyLogs). */
  keepDays?: number | null
}

const DEFAULT_KEEP_DAYS = 7
const DAY_MS = 86_400_000
const LOG_FILE = /^\d{4}-\d{2}-\d{2}\.log$/

export class DailyLogFile extends Writable {
  private readonly dir: string
  private readonly keepDays: number | null
  private day = ''
  private fd: number | null = null

  constructor(options: DailyLogFileOptions) {
    super()
    this.dir = options.dir
    this.keepDays = options.keepDays === undefined ? DEFAULT_KEEP_DAYS : options.keepDays
    fs.mkdirSync(this.dir, { recursive: true })
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    try {
      const today = new Date().toISOString().slice(0, 10)
      if (today !== this.day || this.fd === null) {
        this.closeFile()
        this.fd = fs.openSync(path.join(this.dir, `${today}.log`), 'a')
        this.day = today
        if (this.keepDays !== null) pruneDailyLogs(this.dir, this.keepDays)
      }
      fs.writeSync(this.fd, chunk)
    } catch {
      // A full or read-only disk must not take the server down with it: drop the line.
    }
    done()
  }

  override _final(done: () => void): void {
    this.closeFile()
    done()
  }

  private closeFile() {
    if (this.fd !== null) fs.closeSync(this.fd)
    this.fd = null
  }
}

/** Removes the day files of `dir` older than `keepDays` days (other files stay); returns the names removed. */
export function pruneDailyLogs(dir: string, keepDays: number, now = Date.now()): string[] {
  const cutoff = now - keepDays * DAY_MS
  const removed: string[] = []
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return removed
  }
  for (const name of names) {
    if (LOG_FILE.test(name) && Date.parse(name.slice(0, 10)) < cutoff) {
      fs.rmSync(path.join(dir, name), { force: true })
      removed.push(name)
    }
  }
  return removed
}

/** pino.transport's entry point: the stream the worker writes each line to. */
export default function dailyLogFile(options: DailyLogFileOptions): Writable {
  return new DailyLogFile(options)
}
