import { describe, expect, it } from 'vitest'
import { formatBytes } from './format.ts'

describe('formatBytes', () => {
  it('picks the unit that keeps the number readable', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(512, 'en-US')).toBe('512 B')
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB')
    expect(formatBytes(25 * 1024 * 1024, 'en-US')).toBe('25 MB')
    expect(formatBytes(3.25 * 1024 ** 3, 'en-US')).toBe('3.25 GB')
    expect(formatBytes(Number.NaN)).toBe('0 B')
  })
})
