import fs from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino, { type Logger } from 'pino'

const KEEP_DAYS = 7

/** A log file per day under METADATA_PATH/logs, switched at midnight; older than a week is removed. */
class DailyFileStream extends Writable {
  private readonly dir: string
  private day = ''
  private fd: number | null = null
  constructor(dir: string) {
    super()
    this.dir = dir
    fs.mkdirSync(dir, { recursive: true })
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    try {
      const today = new Date().toISOString().slice(0, 10)
      if (today !== this.day || this.fd === null) {
        if (this.fd !== null) fs.closeSync(this.fd)
        this.fd = fs.openSync(path.join(this.dir, `${today}.log`), 'a')
        this.day = today
        this.prune()
      }
      fs.writeSync(this.fd, chunk)
      done()
    } catch {
      // A full or read-only disk must not take the server down with it: drop the line.
      done()
    }
  }

  private prune() {
    const cutoff = Date.now() - KEEP_DAYS * 86400000
    for (const f of fs.readdirSync(this.dir)) {
      if (!/^\d{4}-\d{2}-\d{2}\.log$/.test(f)) continue
      if (Date.parse(f.slice(0, 10)) < cutoff) fs.rmSync(path.join(this.dir, f), { force: true })
    }
  }

  override _final(done: () => void) {
    if (this.fd !== null) fs.closeSync(this.fd)
    this.fd = null
    done()
  }
}

/** JSON logs to stdout and to METADATA_PATH/logs. */
export function createLogger(level: string, metadataPath: string): Logger {
  return pino(
    { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    pino.multistream([
      { level: level as pino.Level, stream: process.stdout },
      { level: level as pino.Level, stream: new DailyFileStream(path.join(metadataPath, 'logs')) },
    ]),
  )
}

export const silentLogger = (): Logger => pino({ level: 'silent' })
