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
  keepDays?: number
}

const DEFAULT_KEEP_DAYS = 7
const DAY_MS = 86_400_000
const LOG_FILE = /^\d{4}-\d{2}-\d{2}\.log$/

export class DailyLogFile extends Writable {
  private readonly dir: string
  private readonly keepDays: number
  private day = ''
  private fd: number | null = null

  constructor(options: DailyLogFileOptions) {
    super()
    this.dir = options.dir
    this.keepDays = options.keepDays ?? DEFAULT_KEEP_DAYS
    fs.mkdirSync(this.dir, { recursive: true })
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    try {
      const today = new Date().toISOString().slice(0, 10)
      if (today !== this.day || this.fd === null) {
        this.closeFile()
        this.fd = fs.openSync(path.join(this.dir, `${today}.log`), 'a')
        this.day = today
        this.prune()
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

  private prune() {
    const cutoff = Date.now() - this.keepDays * DAY_MS
    for (const name of fs.readdirSync(this.dir)) {
      if (LOG_FILE.test(name) && Date.parse(name.slice(0, 10)) < cutoff) {
        fs.rmSync(path.join(this.dir, name), { force: true })
      }
    }
  }
}

/** pino.transport's entry point: the stream the worker writes each line to. */
export default function dailyLogFile(options: DailyLogFileOptions): Writable {
  return new DailyLogFile(options)
}
