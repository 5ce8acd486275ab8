import type { StatusResponse } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { shouldAutoLaunchOpenId } from './openid-auto-launch.ts'

const status = (authMethods: string[], autoLaunch: boolean): StatusResponse => ({
  app: 'audiobookshelf',
  serverVersion: '0.1.0',
  isInit: true,
  language: 'en-us',
  authMethods,
  authFormData: { authOpenIDAutoLaunch: autoLaunch },
})

describe('OpenID auto launch', () => {
  it('never happens with password-only sign-in', () => {
    expect(shouldAutoLaunchOpenId(status(['local'], true), new URLSearchParams())).toBe(false)
  })
  it('is what the server asks for otherwise', () => {
    expect(shouldAutoLaunchOpenId(status(['local', 'openid'], true), new URLSearchParams())).toBe(true)
    expect(shouldAutoLaunchOpenId(status(['local', 'openid'], false), new URLSearchParams())).toBe(false)
  })
  it('is overridden by autoLaunch=0', () => {
    expect(shouldAutoLaunchOpenId(status(['openid'], true), new URLSearchParams('autoLaunch=0'))).toBe(false)
  })
})
