import {
  type AuthSettings,
  DEFAULT_OPENID_MOBILE_REDIRECT_URI,
  OPENID_CLIENT_SECRET_MASK,
  type ServerSettings,
  type UpdateAuthSettingsRequest,
  type UpdateServerSettingsRequest,
} from '@shelfcast/contracts'
import { z } from 'zod'
import { badRequest } from '../../../http/errors.ts'
import type { SettingsRepository } from '../../settings/settings.repository.ts'
import type { SettingsService } from '../../settings/settings.service.ts'
import { mobileRedirectUriProblem } from './redirects.ts'

/** Where the OpenID settings that are not server settings live (the secret among them: never in answers). */
const OPENID_SETTINGS_KEY = 'openidSettings'

const StoredOpenID = z.object({
  clientId: z.string().nullable().catch(null),
  clientSecret: z.string().nullable().catch(null),
  mobileRedirectURIs: z.array(z.string()).catch([DEFAULT_OPENID_MOBILE_REDIRECT_URI]),
  groupClaim: z.string().catch(''),
  advancedPermsClaim: z.string().catch(''),
  subfolder: z.string().nullable().catch(null),
})
type StoredOpenID = z.infer<typeof StoredOpenID>

const DEFAULT_STORED: StoredOpenID = {
  clientId: null,
  clientSecret: null,
  mobileRedirectURIs: [DEFAULT_OPENID_MOBILE_REDIRECT_URI],
  groupClaim: '',
  advancedPermsClaim: '',
  subfolder: null,
}

const URL_KEYS = [
  'authOpenIDIssuerURL',
  'authOpenIDAuthorizationURL',
  'authOpenIDTokenURL',
  'authOpenIDUserInfoURL',
  'authOpenIDJwksURL',
  'authOpenIDLogoutURL',
] as const

/** The settings of the server-settings document (stated in every settings answer, as Audiobookshelf does). */
const SERVER_KEYS = [
  'authLoginCustomMessage',
  'authActiveAuthMethods',
  ...URL_KEYS,
  'authOpenIDTokenSigningAlgorithm',
  'authOpenIDButtonText',
  'authOpenIDAutoLaunch',
  'authOpenIDAutoRegister',
  'authOpenIDMatchExistingBy',
] as const

function urlProblem(key: string, value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return null
  } catch {
    // falls through
  }
  return `${key} must be an http(s) URL`
}

/** Checks a would-be setting: discovery must work before password sign-in may go (the message on failure). */
export type OpenIDVerifier = (settings: AuthSettings) => Promise<string | null>

/**
 * The Authentication settings: password and OpenID sign-in. Kept with the server settings (their public part)
 * and in their own record (client, secret, claims, redirect list). Listeners apply a change at once.
 */
export class AuthSettingsService {
  private readonly settings: SettingsService
  private readonly repo: SettingsRepository
  private verifier: OpenIDVerifier = async () => null
  private stored: StoredOpenID | null = null
  /** Set while this service writes the server settings it has checked already. */
  private applying = false
  private readonly listeners = new Set<(s: AuthSettings) => void>()
  constructor(deps: { settings: SettingsService; repo: SettingsRepository }) {
    this.settings = deps.settings
    this.repo = deps.repo
    // PATCH /api/settings may change the sign-in methods too: the same rule holds there.
    this.settings.setAuthMethodsGuard(async (next) =>
      this.applying
        ? null
        : this.lockoutProblem({
            ...(await this.current()),
            authActiveAuthMethods: next.authActiveAuthMethods,
          }),
    )
  }

  setVerifier(verifier: OpenIDVerifier) {
    this.verifier = verifier
  }

  onChange(listener: (s: AuthSettings) => void) {
    this.listeners.add(listener)
  }

  private async storedOpenID(): Promise<StoredOpenID> {
    if (this.stored) return this.stored
    const text = await this.repo.get(OPENID_SETTINGS_KEY)
    let parsed: StoredOpenID = DEFAULT_STORED
    if (text) {
      try {
        parsed = StoredOpenID.parse({ ...DEFAULT_STORED, ...(JSON.parse(text) as object) })
      } catch {
        parsed = DEFAULT_STORED
      }
    }
    this.stored = parsed
    return parsed
  }

  /** The settings with the secret in clear: for the sign-in flow only, never an answer or a log line. */
  async current(): Promise<AuthSettings> {
    return compose(await this.settings.getServerSettings(), await this.storedOpenID())
  }

  /** The settings as answers carry them: the secret masked. */
  async masked(): Promise<AuthSettings> {
    return maskSecret(await this.current())
  }

  async update(
    patch: UpdateAuthSettingsRequest,
  ): Promise<{ updated: boolean; serverSettings: ServerSettings; authSettings: AuthSettings }> {
    const current = await this.current()
    const next: AuthSettings = { ...current }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue
      if (key === 'authOpenIDClientSecret' && (value === OPENID_CLIENT_SECRET_MASK || value === '')) continue
      ;(next as Record<string, unknown>)[key] =
        value === '' && key !== 'authOpenIDButtonText' ? emptyValue(key) : value
    }
    next.authOpenIDMobileRedirectURIs = [...new Set(next.authOpenIDMobileRedirectURIs.filter(Boolean))]
    next.authActiveAuthMethods = [...new Set(next.authActiveAuthMethods)]
    const problem = valueProblem(next) ?? (await this.lockoutProblem(next))
    if (problem) throw badRequest(problem)
    const updated = JSON.stringify(next) !== JSON.stringify(current)
    if (!updated)
      return {
        updated,
        serverSettings: await this.settings.getServerSettings(),
        authSettings: maskSecret(next),
      }

    const stored: StoredOpenID = {
      clientId: next.authOpenIDClientID,
      clientSecret: next.authOpenIDClientSecret,
      mobileRedirectURIs: next.authOpenIDMobileRedirectURIs,
      groupClaim: next.authOpenIDGroupClaim,
      advancedPermsClaim: next.authOpenIDAdvancedPermsClaim,
      subfolder: next.authOpenIDSubfolderForRedirectURLs,
    }
    await this.repo.set(OPENID_SETTINGS_KEY, JSON.stringify(stored))
    this.stored = stored
    const serverChanges = Object.fromEntries(SERVER_KEYS.map((k) => [k, next[k]]))
    // These keys are the Authentication page's; /api/settings refuses them, this service is their one writer.
    this.applying = true
    let serverSettings: ServerSettings
    try {
      serverSettings = await this.settings.updateServerSettings(serverChanges as UpdateServerSettingsRequest)
    } finally {
      this.applying = false
    }
    for (const listener of this.listeners) listener(next)
    return { updated, serverSettings, authSettings: maskSecret(next) }
  }

  /** Password sign-in may be off only while OpenID is on, configured, and its discovery works. */
  private async lockoutProblem(next: AuthSettings): Promise<string | null> {
    const methods = next.authActiveAuthMethods
    if (methods.includes('openid')) {
      if (!next.authOpenIDClientID || !next.authOpenIDIssuerURL)
        return 'OpenID sign-in needs an issuer URL and a client ID'
    }
    if (methods.includes('local')) return null
    if (!methods.includes('openid')) return 'At least one sign-in method must stay active'
    const failure = await this.verifier(next)
    if (failure)
      return `Password sign-in can be turned off only while OpenID sign-in works (discovery failed: ${failure})`
    return null
  }
}

function emptyValue(key: string): unknown {
  if (key === 'authOpenIDGroupClaim' || key === 'authOpenIDAdvancedPermsClaim') return ''
  return null
}

function valueProblem(s: AuthSettings): string | null {
  for (const key of URL_KEYS) {
    const problem = urlProblem(key, s[key])
    if (problem) return problem
  }
  const list = s.authOpenIDMobileRedirectURIs
  if (list.includes('*') && list.length > 1)
    return 'A lone * allows every mobile redirect URI: list nothing else with it'
  for (const uri of list) {
    const problem = mobileRedirectUriProblem(uri)
    if (problem) return problem
  }
  return null
}

function compose(server: ServerSettings, stored: StoredOpenID): AuthSettings {
  const match = server.authOpenIDMatchExistingBy
  return {
    authLoginCustomMessage: server.authLoginCustomMessage,
    authActiveAuthMethods: server.authActiveAuthMethods,
    authOpenIDIssuerURL: server.authOpenIDIssuerURL,
    authOpenIDAuthorizationURL: server.authOpenIDAuthorizationURL,
    authOpenIDTokenURL: server.authOpenIDTokenURL,
    authOpenIDUserInfoURL: server.authOpenIDUserInfoURL,
    authOpenIDJwksURL: server.authOpenIDJwksURL,
    authOpenIDLogoutURL: server.authOpenIDLogoutURL,
    authOpenIDClientID: stored.clientId,
    authOpenIDClientSecret: stored.clientSecret,
    authOpenIDTokenSigningAlgorithm: server.authOpenIDTokenSigningAlgorithm,
    authOpenIDButtonText: server.authOpenIDButtonText,
    authOpenIDAutoLaunch: server.authOpenIDAutoLaunch,
    authOpenIDAutoRegister: server.authOpenIDAutoRegister,
    authOpenIDMatchExistingBy: match === 'email' || match === 'username' ? match : null,
    authOpenIDMobileRedirectURIs: stored.mobileRedirectURIs,
    authOpenIDGroupClaim: stored.groupClaim,
    authOpenIDAdvancedPermsClaim: stored.advancedPermsClaim,
    authOpenIDSubfolderForRedirectURLs: stored.subfolder,
  }
}

const maskSecret = (s: AuthSettings): AuthSettings => ({
  ...s,
  authOpenIDClientSecret: s.authOpenIDClientSecret ? OPENID_CLIENT_SECRET_MASK : null,
})
