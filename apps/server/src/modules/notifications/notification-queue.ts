import type { Logger } from 'pino'
import type { AppriseMessage } from './apprise-client.ts'

export interface QueuedSend {
  notificationId: string
  message: AppriseMessage
  /** `?fail=1` tests: counted as a failed attempt without calling the server. */
  intentionallyFail?: boolean
  /** Told the outcome (the per-notification test route waits for it). */
  done?: (ok: boolean) => void
}

export interface SendQueueDeps {
  /** One attempt; resolves true when the Apprise server accepted it. Never throws. */
  attempt(send: QueuedSend): Promise<boolean>
  /** Milliseconds from the start of one attempt to the start of the next. */
  delayMs: number
  /** Sends allowed to wait behind the next one; more are dropped. */
  capacity(): number
  log: Logger
}

/**
 * Sends one message at a time, at most one per `delayMs`. Callers never wait for it: an Apprise server that
 * hangs or fails costs one attempt (bounded by the sender's timeout), and a burst past the capacity is dropped.
 */
export class SendQueue {
  private readonly deps: SendQueueDeps
  private readonly pending: QueuedSend[] = []
  private busy = false
  private lastStartedAt = -Infinity
  private timer: NodeJS.Timeout | null = null
  private idleWaiters: (() => void)[] = []
  private stopped = false

  constructor(deps: SendQueueDeps) {
    this.deps = deps
  }

  /** Queues a send; false (and `done(false)`) when the queue is full. */
  push(send: QueuedSend): boolean {
    // The head (in flight, or waiting for its turn) is not counted, so a queue size of 0 still sends one at a time.
    const hasHead = this.busy || this.pending.length > 0
    const waiting = this.busy ? this.pending.length : Math.max(0, this.pending.length - 1)
    if (this.stopped || (hasHead && waiting >= this.deps.capacity())) {
      this.deps.log.warn({ notificationId: send.notificationId }, 'notification queue full: dropped')
      send.done?.(false)
      return false
    }
    this.pending.push(send)
    this.pump()
    return true
  }

  get size(): number {
    return this.pending.length
  }

  /** Resolves once nothing is queued or in flight (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.busy && !this.timer && this.pending.length === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    for (const send of this.pending.splice(0)) send.done?.(false)
    this.settleIdle()
  }

  private pump(): void {
    if (this.busy || this.timer || this.stopped) return
    const next = this.pending[0]
    if (!next) return this.settleIdle()
    const wait = this.lastStartedAt + this.deps.delayMs - Date.now()
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null
        this.pump()
      }, wait)
      return
    }
    this.pending.shift()
    this.busy = true
    this.lastStartedAt = Date.now()
    void this.deps
      .attempt(next)
      .catch(() => false)
      .then((ok) => {
        next.done?.(ok)
        this.busy = false
        this.pump()
      })
  }

  private settleIdle(): void {
    if (this.busy || this.timer || this.pending.length > 0) return
    for (const resolve of this.idleWaiters.splice(0)) resolve()
  }
}
