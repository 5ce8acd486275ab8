import type { AuthSettings, OpenIDConfigResponse, UpdateAuthSettingsRequest } from '@shelfcast/contracts'

/** The Authentication page's form: strings as typed, booleans as toggled. */
export interface AuthSettingsDraft {
  password: boolean
  openId: boolean
  issuerUrl: string
  authorizationUrl: string
  tokenUrl: string
  userInfoUrl: string
  jwksUrl: string
  logoutUrl: string
  clientId: string
  /** Starts as the server's mask when a secret is stored: only a changed value is sent. */
  clientSecret: string
  signingAlgorithm: string
  redirectUris: string[]
  subfolder: string
  buttonText: string
  matchExistingBy: '' | 'email' | 'username'
  autoLaunch: boolean
  autoRegister: boolean
  groupClaim: string
  advancedPermsClaim: string
}

export type AuthSettingsErrors = Partial<Record<keyof AuthSettingsDraft, string>> & {
  /** Per redirect URI, by index. */
  redirectUriErrors?: Record<number, string>
}

/** The subfolders offered for redirect URLs (ABS: none, or its own /audiobookshelf). */
export const redirectSubfolders = ['', '/audiobookshelf'] as const

export function authSettingsDraft(s: AuthSettings): AuthSettingsDraft {
  return {
    password: s.authActiveAuthMethods.includes('local'),
    openId: s.authActiveAuthMethods.includes('openid'),
    issuerUrl: s.authOpenIDIssuerURL ?? '',
    authorizationUrl: s.authOpenIDAuthorizationURL ?? '',
    tokenUrl: s.authOpenIDTokenURL ?? '',
    userInfoUrl: s.authOpenIDUserInfoURL ?? '',
    jwksUrl: s.authOpenIDJwksURL ?? '',
    logoutUrl: s.authOpenIDLogoutURL ?? '',
    clientId: s.authOpenIDClientID ?? '',
    clientSecret: s.authOpenIDClientSecret ?? '',
    signingAlgorithm: s.authOpenIDTokenSigningAlgorithm,
    redirectUris: [...s.authOpenIDMobileRedirectURIs],
    subfolder: s.authOpenIDSubfolderForRedirectURLs ?? '',
    buttonText: s.authOpenIDButtonText,
    matchExistingBy: s.authOpenIDMatchExistingBy ?? '',
    autoLaunch: s.authOpenIDAutoLaunch,
    autoRegister: s.authOpenIDAutoRegister,
    groupClaim: s.authOpenIDGroupClaim,
    advancedPermsClaim: s.authOpenIDAdvancedPermsClaim,
  }
}

/** The discovery document's endpoints written into the form (a missing one clears nothing). */
export function withDiscovery(draft: AuthSettingsDraft, config: OpenIDConfigResponse): AuthSettingsDraft {
  const algorithms = config.id_token_signing_alg_values_supported
  return {
    ...draft,
    issuerUrl: config.issuer || draft.issuerUrl,
    authorizationUrl: config.authorization_endpoint ?? draft.authorizationUrl,
    tokenUrl: config.token_endpoint ?? draft.tokenUrl,
    userInfoUrl: config.userinfo_endpoint ?? draft.userInfoUrl,
    jwksUrl: config.jwks_uri ?? draft.jwksUrl,
    logoutUrl: config.end_session_endpoint ?? draft.logoutUrl,
    signingAlgorithm:
      algorithms.length === 0 || algorithms.includes(draft.signingAlgorithm)
        ? draft.signingAlgorithm
        : (algorithms[0] ?? draft.signingAlgorithm),
  }
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
/** An app URI (scheme://…) or the lone `*` that allows any. */
const isRedirectUri = (value: string) => value === '*' || /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value)
const isClaimName = (value: string) => /^[A-Za-z0-9_.:/-]*$/.test(value)

/** Locale keys of what is wrong; the server checks again (and refuses turning password off without OpenID). */
export function validateAuthSettings(d: AuthSettingsDraft): AuthSettingsErrors {
  const errors: AuthSettingsErrors = {}
  if (!d.openId) return errors
  const requiredUrls = ['issuerUrl', 'authorizationUrl', 'tokenUrl', 'userInfoUrl', 'jwksUrl'] as const
  for (const key of requiredUrls) {
    const value = d[key].trim()
    if (!value) errors[key] = 'MessageFieldRequiredForOpenId'
    else if (!isHttpUrl(value)) errors[key] = 'MessageEnterFullUrl'
  }
  if (d.logoutUrl.trim() && !isHttpUrl(d.logoutUrl.trim())) errors.logoutUrl = 'MessageEnterFullUrl'
  if (!d.clientId.trim()) errors.clientId = 'MessageFieldRequiredForOpenId'
  if (!d.clientSecret) errors.clientSecret = 'MessageFieldRequiredForOpenId'
  if (!d.signingAlgorithm.trim()) errors.signingAlgorithm = 'MessageFieldRequiredForOpenId'
  if (d.groupClaim.trim() && !isClaimName(d.groupClaim.trim())) errors.groupClaim = 'MessageClaimNameInvalid'
  if (d.advancedPermsClaim.trim() && !isClaimName(d.advancedPermsClaim.trim()))
    errors.advancedPermsClaim = 'MessageClaimNameInvalid'
  const uriErrors: Record<number, string> = {}
  d.redirectUris.forEach((uri, index) => {
    if (!isRedirectUri(uri.trim())) uriErrors[index] = 'MessageRedirectUriInvalid'
  })
  if (Object.keys(uriErrors).length > 0) errors.redirectUriErrors = uriErrors
  return errors
}

export const hasErrors = (errors: AuthSettingsErrors) => Object.keys(errors).length > 0

const orNull = (value: string) => (value.trim() ? value.trim() : null)

/** PATCH body: everything but the secret, which goes only when it was changed (the mask keeps the stored one). */
export function toAuthSettingsRequest(
  d: AuthSettingsDraft,
  saved: AuthSettingsDraft,
): UpdateAuthSettingsRequest {
  const methods: ('local' | 'openid')[] = []
  if (d.password) methods.push('local')
  if (d.openId) methods.push('openid')
  return {
    authActiveAuthMethods: methods,
    authOpenIDIssuerURL: orNull(d.issuerUrl),
    authOpenIDAuthorizationURL: orNull(d.authorizationUrl),
    authOpenIDTokenURL: orNull(d.tokenUrl),
    authOpenIDUserInfoURL: orNull(d.userInfoUrl),
    authOpenIDJwksURL: orNull(d.jwksUrl),
    authOpenIDLogoutURL: orNull(d.logoutUrl),
    authOpenIDClientID: orNull(d.clientId),
    ...(d.clientSecret !== saved.clientSecret ? { authOpenIDClientSecret: d.clientSecret } : {}),
    authOpenIDTokenSigningAlgorithm: d.signingAlgorithm.trim(),
    authOpenIDMobileRedirectURIs: d.redirectUris.map((uri) => uri.trim()).filter(Boolean),
    authOpenIDSubfolderForRedirectURLs: d.subfolder || null,
    authOpenIDButtonText: d.buttonText,
    authOpenIDMatchExistingBy: d.matchExistingBy || null,
    authOpenIDAutoLaunch: d.autoLaunch,
    authOpenIDAutoRegister: d.autoRegister,
    authOpenIDGroupClaim: d.groupClaim.trim(),
    authOpenIDAdvancedPermsClaim: d.advancedPermsClaim.trim(),
  }
}

/** The advanced permissions claim's example value, shown in the help (ABS's permission names). */
export const advancedPermsExample = JSON.stringify(
  {
    canDownload: false,
    canUpload: false,
    canDelete: false,
    canUpdate: false,
    canAccessExplicitContent: false,
    canAccessAllLibraries: false,
    canAccessAllTags: false,
    canCreateEReader: false,
    tagsAreDenylist: false,
    allowedLibraries: ['5406ba8a-16e1-451d-96d7-4931b0a0d966', '918fd848-7c1d-4a02-818a-847435a879ca'],
    allowedTags: ['ExampleTag', 'AnotherTag'],
  },
  null,
  2,
)
