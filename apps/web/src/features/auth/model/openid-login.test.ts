import type { StatusResponse } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { loginOptions, openIdCallbackUrl } from './openid-login.ts'

const status = (authMethods: string[], authFormData: Record<string, unknown> = {}): StatusResponse => ({
  app: 'audiobookshelf',
  serverVersion: '0.1.0',
  isInit: true,
  language: 'en-us',
  authMethods,
  authFormData,
})

describe('login options', () => {
  it('offer the password form alone by default', () => {
    expect(loginOptions(status(['local']))).toEqual({ password: true, openId: false, openIdButtonText: null })
    expect(loginOptions(status([])).password).toBe(true)
  })
  it('offer OpenID with the configured text, and hide the password form when it is off', () => {
    expect(loginOptions(status(['openid'], { authOpenIDButtonText: ' Sign in with Pocket ID ' }))).toEqual({
      password: false,
      openId: true,
      openIdButtonText: 'Sign in with Pocket ID',
    })
    expect(
      loginOptions(status(['local', 'openid'], { authOpenIDButtonText: '' })).openIdButtonText,
    ).toBeNull()
  })
})

describe('OpenID start and callback', () => {
  it('sends the browser back to /login on this origin', () => {
    expect(openIdCallbackUrl('https://books.example', '/audiobookshelf/login')).toBe(
      'https://books.example/audiobookshelf/login',
    )
  })
})
