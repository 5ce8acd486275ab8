import { describe, expect, it } from 'vitest'
import { HttpError } from './errors.ts'
import { RateLimiter } from './rate-limiter.ts'

describe('RateLimiter', () => {
  it('refuses after max events in the window and recovers after it', () => {
    let now = 0
    const rl = new RateLimiter({ max: 3, windowMs: 1000, now: () => now })
    for (let i = 0; i < 3; i++) {
      rl.check('a')
      rl.record('a')
    }
    expect(() => rl.check('a')).toThrow(HttpError)
    rl.check('b')
    now = 1001
    expect(() => rl.check('a')).not.toThrow()
  })

  it('reports remaining and a retry-after on refusal', () => {
    const rl = new RateLimiter({ max: 1, windowMs: 60000, now: () => 0 })
    rl.record('x')
    expect(rl.headers('x')['ratelimit-remaining']).toBe('0')
    try {
      rl.check('x')
    } catch (e) {
      expect((e as HttpError).status).toBe(429)
      expect((e as HttpError).headers['retry-after']).toBe('60')
    }
  })

  it('take() records before the work starts, so concurrent callers cannot all slip through', () => {
    const rl = new RateLimiter({ max: 2, windowMs: 1000, now: () => 0 })
    rl.take('a')
    rl.take('a')
    expect(() => rl.take('a')).toThrow(HttpError)
  })

  it('refund() gives the slot back once, and not into a later window', () => {
    let now = 0
    const rl = new RateLimiter({ max: 1, windowMs: 1000, now: () => now })
    const slot = rl.take('a')
    slot.refund()
    slot.refund()
    expect(rl.headers('a')['ratelimit-remaining']).toBe('1')
    const kept = rl.take('a')
    now = 1001
    rl.take('a')
    kept.refund() // belongs to the old window: must not free the new one
    expect(() => rl.check('a')).toThrow(HttpError)
  })
})
