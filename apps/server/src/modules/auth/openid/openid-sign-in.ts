import * as oidc from 'openid-client'
import type { AuthSettings, OpenIDCallbackQuery, OpenIDStartQuery, UserType } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { UserRecord } from '../../users/users.model.ts'
import type { UsersService } from '../../users/users.service.ts'
import type { AuthSettingsService } from './auth-settings.service.ts'
import { permissionsFromClaim, roleFromGroupClaim } from './claims.ts'
import { PendingFlows } from './pending-flows.ts'
import { describeOpenIDError, ProviderConfigCache } from './provider-config.ts'
import { mobileRedirectAllowed, ownCallbackPath } from './redirects.ts'
import type { GuardedFetcher } from '../../../net/index.ts'

/** A sign-in that failed for a reason the user may read (the login page shows it); no session is made. */
export class OpenIDSignInError extends Error {}

export interface StartedSignIn {
  /** The provider's authorization URL to redirect to. */
  url: string
  /** Web flow: the state, kept in a short-lived httpOnly cookie (the callback must come from this browser). */
  browserState: string | null
}

export interface SignedIn {
  user: UserRecord
  idToken: string | null
  /** Web flow: the path to return to; null for the mobile flow (answered as JSON). */
  callback: string | null
}

/** The paths of this server the provider redirects to (behind a subfolder when one is set). */
const paths = (s: AuthSettings) => {
  const base = (s.authOpenIDSubfolderForRedirectURLs ?? '').replace(/\/+$/, '')
  return {
    callback: `${base}/auth/openid/callback`,
    mobile: `${base}/auth/openid/mobile-redirect`,
    login: `${base}/login`,
  }
}

/** OpenID Connect sign-in: the authorization code flow with PKCE, state and nonce, and who the user is. */
export class OpenIDSignIn {
  private readonly authSettings: AuthSettingsService
  private readonly users: UsersService
  private readonly log: Logger
  readonly providers: ProviderConfigCache
  private readonly flows: PendingFlows

  constructor(deps: {
    authSettings: AuthSettingsService
    users: UsersService
    log: Logger
    /** The app's guarded fetcher: the provider is reached like every outward call. */
    fetcher: GuardedFetcher
    now?: () => number
  }) {
    this.authSettings = deps.authSettings
    this.users = deps.users
    this.log = deps.log
    this.providers = new ProviderConfigCache(deps.fetcher)
    this.flows = new PendingFlows(deps.now)
    deps.authSettings.onChange(() => this.providers.invalidate())
    deps.authSettings.setVerifier(async (s) => {
      try {
        await this.providers.get(s)
        return null
      } catch (err) {
        return describeOpenIDError(err)
      }
    })
  }

  /** The login page's path (behind the subfolder), where failures are shown. */
  async loginPath(): Promise<string> {
    return paths(await this.authSettings.current()).login
  }

  private async enabledSettings(): Promise<AuthSettings> {
    const s = await this.authSettings.current()
    if (!s.authActiveAuthMethods.includes('openid'))
      throw new OpenIDSignInError('OpenID sign-in is not enabled')
    return s
  }

  private async configuration(s: AuthSettings): Promise<oidc.Configuration> {
    try {
      return await this.providers.get(s)
    } catch (err) {
      this.log.warn({ err: describeOpenIDError(err) }, 'OpenID discovery failed')
      throw new OpenIDSignInError(`The identity provider could not be reached: ${describeOpenIDError(err)}`)
    }
  }

  /** GET /auth/openid: where to send the browser, after checking where it may come back to. */
  async start(query: OpenIDStartQuery, origin: string): Promise<StartedSignIn> {
    const s = await this.enabledSettings()
    const p = paths(s)
    const mobile = query.redirect_uri !== undefined || query.code_challenge !== undefined
    let callback: string | null = null
    let codeVerifier: string | null = null
    let challenge: string
    let state: string
    let redirectUri: string
    if (mobile) {
      if (!query.redirect_uri || !mobileRedirectAllowed(query.redirect_uri, s.authOpenIDMobileRedirectURIs))
        throw new OpenIDSignInError('The redirect URI is not allowed for mobile sign-in')
      if (!query.code_challenge || query.code_challenge_method !== 'S256')
        throw new OpenIDSignInError('Mobile sign-in needs a code_challenge with code_challenge_method S256')
      if (!query.state) throw new OpenIDSignInError('Mobile sign-in needs a state')
      challenge = query.code_challenge
      state = query.state
      redirectUri = `${origin}${p.mobile}`
    } else {
      callback = ownCallbackPath(query.callback ?? p.login, origin)
      if (!callback) throw new OpenIDSignInError('The callback must be a page of this server')
      codeVerifier = oidc.randomPKCECodeVerifier()
      challenge = await oidc.calculatePKCECodeChallenge(codeVerifier)
      state = oidc.randomState()
      redirectUri = `${origin}${p.callback}`
    }
    const config = await this.configuration(s)
    const nonce = oidc.randomNonce()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: scopes(s),
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    this.flows.add(state, {
      nonce,
      codeVerifier,
      callback,
      mobileRedirectUri: mobile ? (query.redirect_uri ?? null) : null,
      redirectUri,
    })
    return { url: url.href, browserState: mobile ? null : state }
  }

  /** GET /auth/openid/mobile-redirect: the code goes on to the app's allowed redirect URI. */
  async mobileRedirect(query: OpenIDCallbackQuery): Promise<string> {
    const flow = this.flows.peek(query.state)
    if (!flow?.mobileRedirectUri) throw new OpenIDSignInError('No mobile sign-in in progress')
    const target = new URL(flow.mobileRedirectUri)
    for (const key of ['code', 'state', 'error', 'error_description', 'iss'] as const) {
      const value = query[key]
      if (value !== undefined) target.searchParams.set(key, value)
    }
    return target.href
  }

  /**
   * GET /auth/openid/callback: checks state (and, on the web, that it is this browser's), exchanges the code
   * with PKCE, validates the ID token (issuer, audience, expiry, nonce, signature), then finds the account.
   */
  async callback(
    query: OpenIDCallbackQuery,
    origin: string,
    browserState: string | undefined,
  ): Promise<SignedIn> {
    const s = await this.enabledSettings()
    const flow = this.flows.take(query.state)
    if (!flow) throw new OpenIDSignInError('The sign-in expired or was already used: please sign in again')
    const mobile = flow.mobileRedirectUri !== null
    if (!mobile && (!browserState || browserState !== query.state))
      throw new OpenIDSignInError('The sign-in was started in another browser: please sign in again')
    if (query.error)
      throw new OpenIDSignInError(`The identity provider refused: ${query.error_description ?? query.error}`)
    const verifier = mobile ? query.code_verifier : flow.codeVerifier
    if (!verifier) throw new OpenIDSignInError('Mobile sign-in needs the code_verifier')
    const config = await this.configuration(s)
    const current = new URL(flow.redirectUri)
    for (const key of ['code', 'state', 'iss'] as const) {
      const value = query[key]
      if (value !== undefined) current.searchParams.set(key, value)
    }
    // Audiobookshelf's apps send back the code and state only: the provider's `iss` stayed at the bounce.
    const issuer = config.serverMetadata().issuer
    if (
      mobile &&
      query.iss === undefined &&
      config.serverMetadata().authorization_response_iss_parameter_supported
    )
      current.searchParams.set('iss', issuer)
    let claims: Record<string, unknown>
    let idToken: string | null
    try {
      const tokens = await oidc.authorizationCodeGrant(
        config,
        current,
        {
          pkceCodeVerifier: verifier,
          expectedState: query.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: flow.redirectUri },
      )
      const idClaims = tokens.claims()
      if (!idClaims) throw new Error('no ID token')
      idToken = tokens.id_token ?? null
      claims = { ...idClaims }
      if (config.serverMetadata().userinfo_endpoint) {
        try {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)
          // Claims only userinfo carries (groups often) are added; the ID token's win where both have one.
          claims = { ...info, ...idClaims }
        } catch (err) {
          this.log.info(
            { err: describeOpenIDError(err) },
            'OpenID userinfo not read; the ID token claims are used',
          )
        }
      }
    } catch (err) {
      this.log.warn({ err: describeOpenIDError(err) }, 'OpenID sign-in refused')
      throw new OpenIDSignInError(`OpenID sign-in failed: ${describeOpenIDError(err)}`)
    }
    const user = await this.accountFor(claims, s)
    return { user, idToken, callback: flow.callback }
  }

  /** The account the claims sign in as: linked, matched (and linked), or made; typed by the group claim. */
  private async accountFor(claims: Record<string, unknown>, s: AuthSettings): Promise<UserRecord> {
    const sub = typeof claims.sub === 'string' ? claims.sub : ''
    if (!sub) throw new OpenIDSignInError('The identity provider sent no subject')
    const decision = roleFromGroupClaim(claims, s.authOpenIDGroupClaim)
    if (!decision.ok) throw new OpenIDSignInError(decision.message)
    let user = await this.users.findByOpenIDSub(sub)
    if (!user && s.authOpenIDMatchExistingBy) {
      const match = await this.matchExisting(claims, s.authOpenIDMatchExistingBy)
      if (match) {
        if (match.openidSub) throw new OpenIDSignInError('That account is linked to another OpenID user')
        user = await this.users.setOpenIDLink(match.id, sub)
      }
    }
    if (!user) {
      if (!s.authOpenIDAutoRegister)
        throw new OpenIDSignInError('No account on this server is linked to you: ask an admin to create one')
      const type: UserType = decision.role ?? 'user'
      const perms = permissionsFromClaim(claims, s.authOpenIDAdvancedPermsClaim, type)
      user = await this.users.createFromOpenID({
        username: usernameFrom(claims),
        email: typeof claims.email === 'string' ? claims.email.slice(0, 320) : null,
        type,
        sub,
        ...(perms ?? {}),
      })
      this.log.info({ userId: user.id, type }, 'OpenID sign-in registered a new account')
    } else {
      const change: Parameters<UsersService['applyOpenIDClaims']>[1] = {}
      // Root stays root whatever the provider says; everyone else takes the type their groups give.
      if (decision.role && user.type !== 'root') change.type = decision.role
      const perms = permissionsFromClaim(claims, s.authOpenIDAdvancedPermsClaim, change.type ?? user.type)
      if (perms) Object.assign(change, perms)
      user = await this.users.applyOpenIDClaims(user, change)
    }
    if (!user.isActive || user.isLocked) throw new OpenIDSignInError('Your account is disabled')
    return user
  }

  private async matchExisting(claims: Record<string, unknown>, by: 'email' | 'username') {
    if (by === 'email') {
      // Only a verified address may claim an account (a provider may let anyone type any email).
      if (typeof claims.email !== 'string' || claims.email_verified === false) return null
      const found = await this.users.findByEmail(claims.email)
      return found.length === 1 ? found[0]! : null
    }
    const name = typeof claims.preferred_username === 'string' ? claims.preferred_username : null
    return name ? this.users.findByUsername(name) : null
  }

  /** Where the browser goes after our logout: the provider's end-session URL, when it has one. */
  async logoutUrl(idToken: string | undefined, origin: string): Promise<string | null> {
    if (!idToken) return null
    try {
      const s = await this.authSettings.current()
      if (!s.authActiveAuthMethods.includes('openid')) return null
      const config = await this.providers.get(s)
      if (!config.serverMetadata().end_session_endpoint) return null
      return oidc.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: `${origin}${paths(s).login}`,
      }).href
    } catch {
      return null
    }
  }
}

function scopes(s: AuthSettings): string {
  const extra = [s.authOpenIDGroupClaim, s.authOpenIDAdvancedPermsClaim].includes('groups') ? ' groups' : ''
  return `openid profile email${extra}`
}

function usernameFrom(claims: Record<string, unknown>): string {
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  const email = pick(claims.email)
  return (
    pick(claims.preferred_username) ??
    pick(claims.nickname) ??
    (email ? email.split('@')[0] : null) ??
    `openid-${String(claims.sub).slice(0, 20)}`
  )
}
