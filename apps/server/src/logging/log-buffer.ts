import type { LogEntry } from '@shelfcast/contracts'

/** How many of today's lines stay in memory for the Logs page (the day file keeps them all). */
export const LOG_BUFFER_LINES = 5000

type Listener = (entry: LogEntry) => void

/**
 * A ring buffer of today's (UTC) log lines plus the listeners that stream new ones (admins' sockets).
 * A line logged while listeners run (e.g. by the socket layer itself) is kept but not streamed, so
 * streaming can never feed itself.
 */
export class LogBuffer {
  private readonly entries: (LogEntry | undefined)[]
  private next = 0
  private size = 0
  private day = ''
  private readonly listeners = new Set<Listener>()
  private notifying = false

  private readonly capacity: number

  constructor(capacity = LOG_BUFFER_LINES) {
    this.capacity = capacity
    this.entries = new Array<LogEntry | undefined>(capacity)
  }

  push(entry: LogEntry): void {
    const day = entry.timestamp.slice(0, 10)
    if (day !== this.day) {
      // A new day: yesterday's lines live on in yesterday's file only.
      this.entries.fill(undefined)
      this.next = 0
      this.size = 0
      this.day = day
    }
    this.entries[this.next] = entry
    this.next = (this.next + 1) % this.capacity
    this.size = Math.min(this.size + 1, this.capacity)
    if (this.notifying || this.listeners.size === 0) return
    this.notifying = true
    try {
      for (const listener of this.listeners) listener(entry)
    } catch {
      // A failing listener must not take the logging call down with it.
    } finally {
      this.notifying = false
    }
  }

  /** Today's lines, oldest first. */
  today(now = new Date()): LogEntry[] {
    if (this.day !== now.toISOString().slice(0, 10)) return []
    const start = (this.next - this.size + this.capacity) % this.capacity
    const out: LogEntry[] = []
    for (let i = 0; i < this.size; i++) {
      const entry = this.entries[(start + i) % this.capacity]
      if (entry) out.push(entry)
    }
    return out
  }

  /** Calls `listener` with every new line; returns the function that stops it. */
  onEntry(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
