import { HttpError } from './errors.ts'

export interface RateLimitOptions {
  max: number
  windowMs: number
  now: () => number
}

/**
 * A fixed-window counter per client key (the client address). `check` refuses once `max`
 * events were recorded in the window; callers decide which events count (e.g. failed logins only).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()
  private readonly options: RateLimitOptions
  constructor(options: RateLimitOptions) {
    this.options = options
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
    const e = this.entry(key)
    return {
      'ratelimit-limit': String(this.options.max),
      'ratelimit-remaining': String(Math.max(0, this.options.max - e.count)),
      'ratelimit-reset': String(Math.max(0, Math.ceil((e.resetAt - this.options.now()) / 1000))),
    }
  }

  /** Throws 429 when the key has used up its window. */
  check(key: string) {
    const e = this.entry(key)
    if (e.count >= this.options.max) {
      const retryAfterSec = Math.max(1, Math.ceil((e.resetAt - this.options.now()) / 1000))
      throw new HttpError(429, 'Too many requests, please try again later.', {
        headers: { ...this.headers(key), 'retry-after': String(retryAfterSec) },
      })
    }
  }

  record(key: string) {
    this.entry(key).count++
  }

  private prune(now: number) {
    for (const [k, e] of this.hits) if (e.resetAt <= now) this.hits.delete(k)
  }
}
