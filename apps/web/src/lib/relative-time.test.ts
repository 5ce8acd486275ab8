import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time.ts'

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 0, 10, 12)
  it('uses the largest whole unit, past and future', () => {
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago')
    expect(formatRelativeTime(now - 26 * 3600_000, now)).toBe('yesterday')
    expect(formatRelativeTime(now + 3 * 24 * 3600_000, now)).toBe('in 3 days')
    expect(formatRelativeTime(now - 10_000, now)).toBe('now')
  })
  it('follows the locale', () => {
    expect(formatRelativeTime(now - 2 * 3600_000, now, 'de-DE')).toBe('vor 2 Stunden')
  })
})
