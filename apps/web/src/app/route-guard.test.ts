import { describe, expect, it } from 'vitest'
import { loginRedirectFor } from './route-guard.ts'

describe('route guard redirect', () => {
  it('sends index and batch to plain /login', () => {
    expect(loginRedirectFor('index', '/')).toBe('/login')
    expect(loginRedirectFor('batch', '/batch')).toBe('/login')
  })

  it('keeps the full path of any other route, encoded', () => {
    expect(loginRedirectFor('account', '/account')).toBe('/login?redirect=%2Faccount')
    expect(loginRedirectFor('library-library-search', '/library/l1/search?q=a b&x=1#top')).toBe(
      `/login?redirect=${encodeURIComponent('/library/l1/search?q=a b&x=1#top')}`,
    )
  })
})
