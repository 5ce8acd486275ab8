import { z } from 'zod'
import { authMethods, ServerSettings } from './entities/server-settings.ts'

/** What answers carry in place of a stored OpenID client secret (as the SMTP password is masked). */
export const OPENID_CLIENT_SECRET_MASK = '********'

/** How a first OpenID sign-in finds an existing account to link (null: never, a new account or a refusal). */
export const openIDMatchExistingBy = ['email', 'username'] as const

/** The app's own redirect URI Audiobookshelf allows by default for the mobile flow. */
export const DEFAULT_OPENID_MOBILE_REDIRECT_URI = 'audiobookshelf://oauth'

const optionalUrl = z.string().trim().max(2000).nullable()
/** A claim name as providers spell them (`groups`, `abs_permissions`, `urn:zitadel:iam:org:project:roles`). */
const claimName = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z0-9_.:/-]*$/, 'A claim name may hold letters, digits and _ . : / - only')

/**
 * The Authentication settings (GET /api/auth-settings), with Audiobookshelf's keys. The client secret is
 * answered as the mask when one is stored, never in clear.
 */
export const AuthSettings = z.object({
  authLoginCustomMessage: z.string().nullable(),
  authActiveAuthMethods: z.array(z.enum(authMethods)),
  authOpenIDIssuerURL: z.string().nullable(),
  authOpenIDAuthorizationURL: z.string().nullable(),
  authOpenIDTokenURL: z.string().nullable(),
  authOpenIDUserInfoURL: z.string().nullable(),
  authOpenIDJwksURL: z.string().nullable(),
  authOpenIDLogoutURL: z.string().nullable(),
  authOpenIDClientID: z.string().nullable(),
  authOpenIDClientSecret: z.string().nullable(),
  authOpenIDTokenSigningAlgorithm: z.string(),
  authOpenIDButtonText: z.string(),
  authOpenIDAutoLaunch: z.boolean(),
  authOpenIDAutoRegister: z.boolean(),
  authOpenIDMatchExistingBy: z.enum(openIDMatchExistingBy).nullable(),
  /** App redirect URIs the mobile flow may return to; `['*']` allows any. */
  authOpenIDMobileRedirectURIs: z.array(z.string()),
  /** The ID token / userinfo claim listing the user's groups (admin, user, guest); empty: no mapping. */
  authOpenIDGroupClaim: z.string(),
  /** The claim with a non-admin's permissions (JSON like Audiobookshelf's); empty: not used. */
  authOpenIDAdvancedPermsClaim: z.string(),
  /** A path prefix (`/audiobookshelf`) the redirect URLs given to the provider carry behind a proxy. */
  authOpenIDSubfolderForRedirectURLs: z.string().nullable(),
})
export type AuthSettings = z.infer<typeof AuthSettings>

/**
 * PATCH /api/auth-settings: any subset. URLs, claim names and redirect URIs are checked by the server
 * (a bad one is a 400 with its message); the mask or an empty secret keeps the stored one.
 */
export const UpdateAuthSettingsRequest = z
  .object({
    authLoginCustomMessage: z.string().max(2000, 'The sign-in message is too long').nullable(),
    authActiveAuthMethods: z
      .array(z.enum(authMethods, 'Unknown sign-in method'))
      .min(1, 'At least one sign-in method must stay active')
      .max(authMethods.length),
    authOpenIDIssuerURL: optionalUrl,
    authOpenIDAuthorizationURL: optionalUrl,
    authOpenIDTokenURL: optionalUrl,
    authOpenIDUserInfoURL: optionalUrl,
    authOpenIDJwksURL: optionalUrl,
    authOpenIDLogoutURL: optionalUrl,
    authOpenIDClientID: z.string().trim().max(500).nullable(),
    authOpenIDClientSecret: z.string().max(2000).nullable(),
    authOpenIDTokenSigningAlgorithm: z
      .string()
      .trim()
      .max(20)
      .regex(/^[A-Za-z0-9]*$/, 'Unknown token signing algorithm'),
    authOpenIDButtonText: z.string().max(200, 'The button text is too long'),
    authOpenIDAutoLaunch: z.boolean(),
    authOpenIDAutoRegister: z.boolean(),
    authOpenIDMatchExistingBy: z
      .enum(openIDMatchExistingBy, 'Match existing users by email or username')
      .nullable(),
    authOpenIDMobileRedirectURIs: z
      .array(z.string().trim().max(2000))
      .max(50, 'Too many mobile redirect URIs'),
    authOpenIDGroupClaim: claimName,
    authOpenIDAdvancedPermsClaim: claimName,
    authOpenIDSubfolderForRedirectURLs: z
      .string()
      .trim()
      .max(200)
      .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$|^$/, 'The subfolder looks like /audiobookshelf')
      .nullable(),
  })
  .partial()
export type UpdateAuthSettingsRequest = z.input<typeof UpdateAuthSettingsRequest>

/** Audiobookshelf's answer to a PATCH: whether anything changed, the server settings, and ours: the result. */
export const UpdateAuthSettingsResponse = z.object({
  updated: z.boolean(),
  serverSettings: ServerSettings,
  authSettings: AuthSettings,
})
export type UpdateAuthSettingsResponse = z.infer<typeof UpdateAuthSettingsResponse>

/** GET /auth/openid/config?issuer=: the provider's discovery document, the fields the settings form fills. */
export const OpenIDConfigResponse = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().nullable(),
  token_endpoint: z.string().nullable(),
  userinfo_endpoint: z.string().nullable(),
  end_session_endpoint: z.string().nullable(),
  jwks_uri: z.string().nullable(),
  id_token_signing_alg_values_supported: z.array(z.string()),
})
export type OpenIDConfigResponse = z.infer<typeof OpenIDConfigResponse>

/** GET /auth/openid: the web flow's `callback` (a path of ours) or the mobile flow's PKCE choices. */
export const OpenIDStartQuery = z.object({
  callback: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  redirect_uri: z.string().max(2000).optional(),
  response_type: z.string().max(20).optional(),
  /** Set by the login page's button so a forced sign-in never loops: not used by the server. */
  autoLaunch: z.string().max(5).optional(),
})
export type OpenIDStartQuery = z.infer<typeof OpenIDStartQuery>

/** GET /auth/openid/callback: what the provider (or, in the mobile flow, the app) sends back. */
export const OpenIDCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
  /** Mobile flow: the verifier whose challenge the app sent to /auth/openid. */
  code_verifier: z.string().max(200).optional(),
})
export type OpenIDCallbackQuery = z.infer<typeof OpenIDCallbackQuery>
