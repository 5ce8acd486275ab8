import { afterEach, describe, expect, it } from 'vitest'
import { takeOpenIDToken } from './session-store.ts'

describe('the token an OpenID sign-in comes back with', () => {
  afterEach(() => {
    localStorage.clear()
    window.history.replaceState(null, '', '/')
  })

  it('is stored for boot to restore the session, and leaves the address bar', () => {
    window.history.replaceState(
      null,
      '',
      '/login?redirect=%2Fitem%2Fx&setToken=access&accessToken=access#top',
    )
    takeOpenIDToken()
    expect(localStorage.getItem('token')).toBe('access')
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/login?redirect=%2Fitem%2Fx#top',
    )
  })

  it('prefers accessToken to setToken (older answers carry only setToken)', () => {
    window.history.replaceState(null, '', '/?setToken=older')
    takeOpenIDToken()
    expect(localStorage.getItem('token')).toBe('older')
    window.history.replaceState(null, '', '/?setToken=older&accessToken=newer')
    takeOpenIDToken()
    expect(localStorage.getItem('token')).toBe('newer')
  })

  it('leaves an ordinary visit alone', () => {
    window.history.replaceState(null, '', '/library/l1?filter=x')
    takeOpenIDToken()
    expect(localStorage.getItem('token')).toBeNull()
    expect(window.location.search).toBe('?filter=x')
  })
})
