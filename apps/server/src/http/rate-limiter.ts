import { HttpError } from './errors.ts'

export interface RateLimitOptions {
  max: number
  windowMs: number
  now: () => number
}

/**
 * A fixed-window counter per client key (the client address). `check` refuses once `max`
 * events were recorded in the window; callers decide which events count (e.g. failed logins only).
 * A `max` or `windowMs` of 0 turns the limiter off, as Audiobookshelf's rate-limit settings do.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()
  private options: RateLimitOptions
  constructor(options: RateLimitOptions) {
    this.options = options
  }

  private get enabled() {
    return this.options.max > 0 && this.options.windowMs > 0
  }

  private entry(key: string) {
    const now = this.options.now()
    let e = this.hits.get(key)
    if (!e || e.resetAt <= now) {
      e = { count: 0, resetAt: now + this.options.windowMs }
      this.hits.set(key, e)
    }
    if (this.hits.size > 10000) this.prune(now)
    return e
  }

  /** Headers in the IETF draft form that Audiobookshelf also sends. */
  headers(key: string): Record<string, string> {
    if (!this.enabled) return {}
    const e = this.entry(key)
    return {
      'ratelimit-limit': String(this.options.max),
      'ratelimit-remaining': String(Math.max(0, this.options.max - e.count)),
      'ratelimit-reset': String(Math.max(0, Math.ceil((e.resetAt - this.options.now()) / 1000))),
    }
  }

  /** Throws 429 when the key has used up its window. */
  check(key: string) {
    if (!this.enabled) return
    const e = this.entry(key)
    if (e.count >= this.options.max) {
      const retryAfterSec = Math.max(1, Math.ceil((e.resetAt - this.options.now()) / 1000))
      throw new HttpError(429, 'Too many requests, please try again later.', {
        headers: { ...this.headers(key), 'retry-after': String(retryAfterSec) },
      })
    }
  }

  record(key: string) {
    if (!this.enabled) return
    this.entry(key).count++
  }

  /**
   * Checks and records in one step, before the slow work (a password hash) starts, so attempts
   * sent concurrently cannot all pass `check` before any of them is recorded. `refund` gives the
   * slot back when the attempt turns out not to count (a successful login); it is a no-op once
   * the window has moved on.
   */
  take(key: string): { refund(): void } {
    if (!this.enabled) return { refund: () => {} }
    this.check(key)
    const e = this.entry(key)
    e.count++
    let refunded = false
    return {
      refund: () => {
        if (refunded || this.hits.get(key) !== e || e.resetAt <= this.options.now()) return
        refunded = true
        e.count = Math.max(0, e.count - 1)
      },
    }
  }

  /**
   * New limits from a settings change, applied at once. Counts start afresh: a window measured with the
   * old length or limit would mislead both ways.
   */
  setLimits(limits: Pick<RateLimitOptions, 'max' | 'windowMs'>) {
    if (limits.max === this.options.max && limits.windowMs === this.options.windowMs) return
    this.options = { ...this.options, ...limits }
    this.hits.clear()
  }

  private prune(now: number) {
    for (const [k, e] of this.hits) if (e.resetAt <= now) this.hits.delete(k)
  }
}
