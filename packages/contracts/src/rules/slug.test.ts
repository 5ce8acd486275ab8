import { describe, expect, it } from 'vitest'
import { sanitizeSlug, slugProblem } from './slug.ts'

describe('sanitizeSlug', () => {
  it('lowercases, transliterates accents and turns spaces into hyphens', () => {
    expect(sanitizeSlug('Crème Brûlée Podcast')).toBe('creme-brulee-podcast')
    expect(sanitizeSlug('  Straße / Ærø  ')).toBe('strasse-aero')
    expect(sanitizeSlug('a  --  b')).toBe('a-b')
    expect(sanitizeSlug('what?!')).toBe('what')
  })
  it('leaves a valid slug as it is', () => {
    expect(sanitizeSlug('li_abc-123')).toBe('li_abc-123')
  })
})

describe('slugProblem', () => {
  it('requires a slug made of lowercase letters, digits, hyphens and underscores', () => {
    expect(slugProblem('')).toBe('Slug is required')
    expect(slugProblem('Has Space')).toBe('Slug contains invalid characters')
    expect(slugProblem('ünï')).toBe('Slug contains invalid characters')
    expect(slugProblem('ok-slug_1')).toBeNull()
    for (const text of ['Crème Brûlée', 'A/B', 'x'.repeat(300)]) {
      const slug = sanitizeSlug(text)
      expect(slugProblem(slug), text).toBeNull()
    }
  })
})
