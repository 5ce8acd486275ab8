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
})
