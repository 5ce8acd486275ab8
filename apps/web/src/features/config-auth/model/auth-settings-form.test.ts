import type { AuthSettings } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  authSettingsDraft,
  toAuthSettingsRequest,
  validateAuthSettings,
  withDiscovery,
} from './auth-settings-form.ts'

const stored: AuthSettings = {
  authLoginCustomMessage: null,
  authActiveAuthMethods: ['local', 'openid'],
  authOpenIDIssuerURL: 'https://idp.example',
  authOpenIDAuthorizationURL: 'https://idp.example/auth',
  authOpenIDTokenURL: 'https://idp.example/token',
  authOpenIDUserInfoURL: 'https://idp.example/me',
  authOpenIDJwksURL: 'https://idp.example/jwks',
  authOpenIDLogoutURL: null,
  authOpenIDClientID: 'shelfcast',
  authOpenIDClientSecret: '********',
  authOpenIDTokenSigningAlgorithm: 'RS256',
  authOpenIDButtonText: 'Login with OpenId',
  authOpenIDAutoLaunch: false,
  authOpenIDAutoRegister: true,
  authOpenIDMatchExistingBy: 'email',
  authOpenIDMobileRedirectURIs: ['audiobookshelf://oauth'],
  authOpenIDGroupClaim: 'groups',
  authOpenIDAdvancedPermsClaim: '',
  authOpenIDSubfolderForRedirectURLs: '/audiobookshelf',
}

describe('authentication settings form', () => {
  it('round-trips the stored settings, leaving the masked secret out', () => {
    const draft = authSettingsDraft(stored)
    const request = toAuthSettingsRequest(draft, draft)
    expect(request).not.toHaveProperty('authOpenIDClientSecret')
    expect(request).toMatchObject({
      authActiveAuthMethods: ['local', 'openid'],
      authOpenIDLogoutURL: null,
      authOpenIDMatchExistingBy: 'email',
      authOpenIDSubfolderForRedirectURLs: '/audiobookshelf',
      authOpenIDGroupClaim: 'groups',
    })
    expect(validateAuthSettings(draft)).toEqual({})
  })

  it('sends an emptied match and subfolder as null, and drops blank redirect URIs', () => {
    const draft = { ...authSettingsDraft(stored), matchExistingBy: '' as const, subfolder: '' }
    const request = toAuthSettingsRequest({ ...draft, redirectUris: ['*', ''] }, draft)
    expect(request.authOpenIDMatchExistingBy).toBeNull()
    expect(request.authOpenIDSubfolderForRedirectURLs).toBeNull()
    expect(request.authOpenIDMobileRedirectURIs).toEqual(['*'])
  })

  it('checks OpenID fields only while OpenID is on', () => {
    const empty = { ...authSettingsDraft(stored), issuerUrl: '', tokenUrl: 'ftp://x', groupClaim: 'a b' }
    expect(validateAuthSettings({ ...empty, openId: false })).toEqual({})
    expect(validateAuthSettings(empty)).toMatchObject({
      issuerUrl: 'MessageFieldRequiredForOpenId',
      tokenUrl: 'MessageEnterFullUrl',
      groupClaim: 'MessageClaimNameInvalid',
    })
    expect(
      validateAuthSettings({ ...empty, redirectUris: ['*', 'myapp://cb', 'nope'] }).redirectUriErrors,
    ).toEqual({
      2: 'MessageRedirectUriInvalid',
    })
  })

  it("keeps a supported signing algorithm after discovery, else takes the provider's first", () => {
    const config = {
      issuer: 'https://idp.example',
      authorization_endpoint: null,
      token_endpoint: 'https://idp.example/t',
      userinfo_endpoint: null,
      end_session_endpoint: null,
      jwks_uri: null,
      id_token_signing_alg_values_supported: ['PS256', 'RS256'],
    }
    const draft = authSettingsDraft(stored)
    expect(withDiscovery(draft, config)).toMatchObject({
      signingAlgorithm: 'RS256',
      tokenUrl: 'https://idp.example/t',
      authorizationUrl: 'https://idp.example/auth',
    })
    expect(
      withDiscovery(draft, { ...config, id_token_signing_alg_values_supported: ['ES256'] }).signingAlgorithm,
    ).toBe('ES256')
  })
})
