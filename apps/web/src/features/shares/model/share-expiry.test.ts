import { describe, expect, it } from 'vitest'
import {
  remainingLabel,
  shareExpiresAt,
  shareLifetime,
  shareLifetimeSeconds,
  shareUrl,
  stepDuration,
  suggestShareSlug,
} from './share-expiry.ts'

describe('share expiry', () => {
  it('counts minutes, hours and days as 60, 3600 and 86400 seconds', () => {
    expect(shareLifetimeSeconds('2', 'minutes')).toBe(120)
    expect(shareLifetimeSeconds('3', 'hours')).toBe(10800)
    expect(shareLifetimeSeconds('1', 'days')).toBe(86400)
  })

  it('makes 0, an empty field or nonsense a permanent share (expiresAt 0)', () => {
    const now = 1_700_000_000_000
    expect(shareExpiresAt('0', 'days', now)).toBe(0)
    expect(shareExpiresAt('', 'hours', now)).toBe(0)
    expect(shareExpiresAt('  ', 'minutes', now)).toBe(0)
    expect(shareExpiresAt('-4', 'minutes', now)).toBe(0)
    expect(shareExpiresAt('5', 'minutes', now)).toBe(now + 300_000)
  })

  it('never steps the duration below 0', () => {
    expect(stepDuration('1', -1)).toBe('0')
    expect(stepDuration('0', -1)).toBe('0')
    expect(stepDuration('', -1)).toBe('0')
    expect(stepDuration('', 1)).toBe('1')
    expect(stepDuration('9', 1)).toBe('10')
  })

  it('suggests a random 10-character slug that passes the slug rule', () => {
    const a = suggestShareSlug()
    expect(a).toMatch(/^[a-z0-9]{10}$/)
    expect(suggestShareSlug((n) => new Uint8Array(n).fill(1))).toBe('bbbbbbbbbb')
    expect(new Set(Array.from({ length: 20 }, () => suggestShareSlug())).size).toBeGreaterThan(1)
  })

  it('builds the public URL under the base path', () => {
    expect(shareUrl('https://x.test', '', 'abc')).toBe('https://x.test/share/abc')
    expect(shareUrl('https://x.test', '/audiobookshelf/', 'abc')).toBe(
      'https://x.test/audiobookshelf/share/abc',
    )
  })

  it('tells permanent, remaining and expired shares apart', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(shareLifetime({ expiresAt: null }, now)).toEqual({ kind: 'permanent' })
    expect(shareLifetime({ expiresAt: '2026-01-01T00:01:05Z' }, now)).toEqual({
      kind: 'remaining',
      seconds: 65,
    })
    expect(shareLifetime({ expiresAt: '2025-12-31T23:59:59Z' }, now)).toEqual({ kind: 'expired' })
  })

  it('labels the time left from the largest unit down', () => {
    expect(remainingLabel(65)).toBe('1m 5s')
    expect(remainingLabel(86400 + 3600 * 2 + 60)).toBe('1d 2h 1m')
    expect(remainingLabel(0)).toBe('0s')
  })
})
