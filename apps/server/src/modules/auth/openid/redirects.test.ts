import { describe, expect, it } from 'vitest'
import { mobileRedirectAllowed, mobileRedirectUriProblem, ownCallbackPath } from './redirects.ts'

const ORIGIN = 'https://books.example.org'

describe('the web flow callback', () => {
  it('keeps paths and URLs of this server', () => {
    expect(ownCallbackPath('/login', ORIGIN)).toBe('/login')
    expect(ownCallbackPath('/audiobookshelf/login?x=1', ORIGIN)).toBe('/audiobookshelf/login?x=1')
    expect(ownCallbackPath(`${ORIGIN}/login`, ORIGIN)).toBe('/login')
  })
  it.each([
    'https://evil.example/login',
    '//evil.example/login',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'https://books.example.org.evil.example/',
    'http://books.example.org/login',
    ' /login',
    '',
  ])('refuses %j', (callback) => {
    expect(ownCallbackPath(callback, ORIGIN)).toBeNull()
  })
})

describe('the mobile redirect allowlist', () => {
  it('allows listed URIs only, or any with a lone *', () => {
    expect(mobileRedirectAllowed('audiobookshelf://oauth', ['audiobookshelf://oauth'])).toBe(true)
    expect(mobileRedirectAllowed('audiobookshelf://other', ['audiobookshelf://oauth'])).toBe(false)
    expect(mobileRedirectAllowed('myapp://cb', ['*'])).toBe(true)
    expect(mobileRedirectAllowed('javascript:alert(1)', ['*'])).toBe(false)
    expect(mobileRedirectAllowed('*', ['*'])).toBe(false)
  })
  it('refuses a list entry that is not a URL or has a script scheme', () => {
    expect(mobileRedirectUriProblem('audiobookshelf://oauth')).toBeNull()
    expect(mobileRedirectUriProblem('not a url')).toMatch(/not a URL/)
    expect(mobileRedirectUriProblem('data:text/html,x')).toMatch(/not allowed/)
  })
})
