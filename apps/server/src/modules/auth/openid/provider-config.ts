import * as oidc from 'openid-client'
import type { AuthSettings } from '@shelfcast/contracts'
import { createOpenIDFetch, type GuardedFetcher } from '../../../net/index.ts'

/** Why OpenID is not usable with these settings (nothing fetched), or null. */
export function openIDSettingsProblem(s: AuthSettings): string | null {
  if (!s.authOpenIDClientID) return 'OpenID needs a client ID'
  const manual = s.authOpenIDAuthorizationURL && s.authOpenIDTokenURL && s.authOpenIDJwksURL
  if (!s.authOpenIDIssuerURL) return 'OpenID needs an issuer URL'
  if (!manual && !/^https?:\/\//i.test(s.authOpenIDIssuerURL)) return 'The issuer URL must be an http(s) URL'
  return null
}

/**
 * openid-client's Configuration for the settings: discovery from the issuer, or the manual endpoints when
 * the authorization, token and JWKS URLs are all given. ID token signatures are always checked against the
 * provider's keys (enableNonRepudiationChecks), so a token signed by a key not in its JWKS is refused.
 */
async function buildConfiguration(s: AuthSettings, fetcher: GuardedFetcher): Promise<oidc.Configuration> {
  const problem = openIDSettingsProblem(s)
  if (problem) throw new Error(problem)
  const clientId = s.authOpenIDClientID ?? ''
  const metadata: Partial<oidc.ClientMetadata> = {
    id_token_signed_response_alg: s.authOpenIDTokenSigningAlgorithm || 'RS256',
  }
  const auth = s.authOpenIDClientSecret ? oidc.ClientSecretBasic(s.authOpenIDClientSecret) : oidc.None()
  const customFetch = createOpenIDFetch(fetcher)
  const issuer = s.authOpenIDIssuerURL ?? ''
  const insecure = issuer.startsWith('http:')
  let config: oidc.Configuration
  if (s.authOpenIDAuthorizationURL && s.authOpenIDTokenURL && s.authOpenIDJwksURL) {
    config = new oidc.Configuration(
      {
        issuer,
        authorization_endpoint: s.authOpenIDAuthorizationURL,
        token_endpoint: s.authOpenIDTokenURL,
        jwks_uri: s.authOpenIDJwksURL,
        ...(s.authOpenIDUserInfoURL ? { userinfo_endpoint: s.authOpenIDUserInfoURL } : {}),
        ...(s.authOpenIDLogoutURL ? { end_session_endpoint: s.authOpenIDLogoutURL } : {}),
      },
      clientId,
      metadata,
      auth,
    )
    config[oidc.customFetch] = customFetch
    if (
      [s.authOpenIDAuthorizationURL, s.authOpenIDTokenURL, s.authOpenIDJwksURL].some((u) =>
        u.startsWith('http:'),
      )
    )
      oidc.allowInsecureRequests(config)
  } else {
    config = await oidc.discovery(new URL(issuer), clientId, metadata, auth, {
      [oidc.customFetch]: customFetch,
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    })
  }
  oidc.enableNonRepudiationChecks(config)
  return config
}

/** The Configuration of the current settings, built once per change of them (discovery is one fetch). */
export class ProviderConfigCache {
  private readonly fetcher: GuardedFetcher
  private cached: { key: string; config: Promise<oidc.Configuration> } | null = null
  constructor(fetcher: GuardedFetcher) {
    this.fetcher = fetcher
  }

  get(s: AuthSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify(s)
    if (this.cached?.key === key) return this.cached.config
    const config = buildConfiguration(s, this.fetcher)
    this.cached = { key, config }
    // A failed discovery is not kept: the next sign-in tries again (the provider may have been down).
    config.catch(() => {
      if (this.cached?.config === config) this.cached = null
    })
    return config
  }

  invalidate() {
    this.cached = null
  }
}

/** A provider error as one line for the admin or the login page. */
export function describeOpenIDError(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : ''
    return `${err.message}${cause}`.slice(0, 300)
  }
  return 'Unknown error'
}
