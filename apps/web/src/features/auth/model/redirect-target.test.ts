import { describe, expect, it } from 'vitest'
import { safeRedirectTarget } from './redirect-target.ts'

describe('safe redirect after login', () => {
  it('accepts app-relative paths with query and hash', () => {
    expect(safeRedirectTarget('/library/abc/bookshelf?filter=issues#x')).toBe(
      '/library/abc/bookshelf?filter=issues#x',
    )
    expect(safeRedirectTarget('/account')).toBe('/account')
  })

  it.each([
    null,
    '',
    'account',
    'https://evil.example/',
    'javascript:alert(1)',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    '/login?redirect=/account',
  ])('refuses %j', (raw) => {
    expect(safeRedirectTarget(raw)).toBeNull()
  })
})
