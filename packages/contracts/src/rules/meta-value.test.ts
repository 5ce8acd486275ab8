import { describe, expect, it } from 'vitest'
import { metaValueIssue } from './meta-value.ts'

describe('metaValueIssue', () => {
  it('refuses blank, too long, control characters and the same name', () => {
    expect(metaValueIssue('a', '')).toBe('required')
    expect(metaValueIssue('a', '   ')).toBe('required')
    expect(metaValueIssue('a', 'x'.repeat(10_000))).toBe('tooLong')
    expect(metaValueIssue('a', 'x'.repeat(501))).toBe('tooLong')
    expect(metaValueIssue('a', 'b\u0007c')).toBe('controlCharacters')
    expect(metaValueIssue('a', 'b\nc')).toBe('controlCharacters')
    expect(metaValueIssue('a', ' a ')).toBe('sameName')
  })
  it('accepts a new name, a case change and 500 characters', () => {
    expect(metaValueIssue('a', 'b')).toBeNull()
    expect(metaValueIssue('scifi', 'SciFi')).toBeNull()
    expect(metaValueIssue('a', 'x'.repeat(500))).toBeNull()
  })
})
