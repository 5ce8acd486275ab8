import { describe, expect, it } from 'vitest'
import { formatRate } from './rate-label.ts'

describe('rate label', () => {
  it('shows one decimal, two with a 0.05 step, in the language', () => {
    expect(formatRate(1, 0.1, 'en-US')).toBe('1.0')
    expect(formatRate(1.05, 0.05, 'en-US')).toBe('1.05')
    expect(formatRate(1.5, 0.1, 'de-DE')).toBe('1,5')
    expect(formatRate(1.25, 0.05, 'fr-FR')).toBe('1,25')
  })
})
