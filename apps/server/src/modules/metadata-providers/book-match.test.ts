import { describe, expect, it } from 'vitest'
import { cleanSequence, httpUrl, toBookMatch } from './book-match.ts'

describe('provider answers normalised to the match shape', () => {
  it('keeps only http(s) cover URLs and sequences without spaces', () => {
    expect(httpUrl('javascript:alert(1)')).toBeNull()
    expect(httpUrl('file:///etc/passwd')).toBeNull()
    expect(httpUrl('not a url')).toBeNull()
    expect(httpUrl(' https://img.example/c.jpg ')).toBe('https://img.example/c.jpg')
    expect(cleanSequence('Book 2')).toBe('Book2')
    expect(cleanSequence(3)).toBe('3')
    expect(cleanSequence('')).toBeNull()
  })

  it('drops hits without a title and bounds every field', () => {
    expect(toBookMatch({ title: '  ', author: 'X' })).toBeNull()
    const m = toBookMatch({
      title: 'T'.repeat(5000),
      publishedYear: 'sometime',
      genres: ['Fantasy', 'fantasy', '', null],
      tags: ['a', 'b'],
      series: [{ series: 'S', sequence: '1' }, { series: 's', sequence: '2' }, { series: null }],
      duration: -5,
    })
    expect(m).toMatchObject({
      publishedYear: null,
      genres: ['Fantasy'],
      tags: 'a, b',
      series: [{ series: 'S', sequence: '1' }],
      duration: null,
    })
    expect(m?.title.length).toBe(1000)
  })
})
