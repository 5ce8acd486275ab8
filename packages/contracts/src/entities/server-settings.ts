import { z } from 'zod'
import { dateFormats, timeFormats } from './server-settings-values.ts'
import { CronExpression } from './library.ts'
import { metadataSources } from './library-values.ts'

export { dateFormats, timeFormats, defaultServerSettings } from './server-settings-values.ts'

/** Audiobookshelf's bookshelf views: 0 standard, 1 detail. */
const bookshelfView = z.number().int().min(0, 'Unknown bookshelf view').max(1, 'Unknown bookshelf view')
/** Audiobookshelf's log levels: 0 trace ... 5 fatal, 6 note. */
const logLevel = z.number().int().min(0, 'Unknown log level').max(6, 'Unknown log level')
export const authMethods = ['local', 'openid'] as const

/** The longest login window: a day, in milliseconds. */
export const MAX_LOGIN_RATE_LIMIT_WINDOW_MS = 24 * 3600 * 1000
/** Token lifetimes in seconds (Security tab): an access token lives 1 minute to 1 day ... */
export const MIN_ACCESS_TOKEN_EXPIRY_SEC = 60
export const MAX_ACCESS_TOKEN_EXPIRY_SEC = 24 * 3600
/** ... and a login session's refresh token 1 hour to 1 year. */
export const MIN_REFRESH_TOKEN_EXPIRY_SEC = 3600
export const MAX_REFRESH_TOKEN_EXPIRY_SEC = 365 * 24 * 3600

/** Failed logins per window when the limit is on: fewer would let one typo lock every account out. */
export const MIN_LOGIN_RATE_LIMIT_REQUESTS = 3

/** Words a title may start with that sorting ignores ("The", "A"); at least one (spec §5). */
export const SortingPrefixes = z
  .array(z.string().trim().min(1, 'A sorting prefix cannot be empty').max(50, 'A sorting prefix is too long'))
  .min(1, 'Must have at least 1 sorting prefix')
  .max(50, 'Too many sorting prefixes')

/**
 * Every server setting is bounded: each one is stored, sent with every login answer and read at
 * start-up, so an unbounded value could bloat every answer or keep the server from letting anyone in.
 */
export const ServerSettings = z.object({
  id: z.literal('server-settings'),
  version: z.string(),
  language: z
    .string()
    .max(35, 'Language must be a language code like en-us')
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'Language must be a language code like en-us'),
  dateFormat: z.enum(dateFormats),
  timeFormat: z.enum(timeFormats),
  scannerFindCovers: z.boolean(),
  scannerPreferMatchedMetadata: z.boolean(),
  /** The metadata precedence a new library starts with (highest first); a library keeps its own afterwards. */
  defaultMetadataPrecedence: z
    .array(z.enum(metadataSources, 'Unknown metadata source'))
    .max(metadataSources.length)
    .refine((list) => new Set(list).size === list.length, 'A metadata source can be listed only once'),
  storeCoverWithItem: z.boolean(),
  storeMetadataWithItem: z.boolean(),
  sortingIgnorePrefix: z.boolean(),
  sortingPrefixes: SortingPrefixes,
  chromecastEnabled: z.boolean(),
  homeBookshelfView: bookshelfView,
  bookshelfView: bookshelfView,
  allowIframe: z.boolean(),
  logLevel,
  /** Failed logins allowed per client address and window; 0 turns the limit off (as in Audiobookshelf). */
  rateLimitLoginRequests: z
    .number()
    .int('Login rate limit requests must be a whole number')
    .min(0, 'Login rate limit requests cannot be negative (0 turns the limit off)')
    .max(10_000, 'Login rate limit requests can be at most 10000'),
  /** The window in milliseconds; 0 turns the limit off. */
  rateLimitLoginWindow: z
    .number()
    .int('Login rate limit window must be a whole number of milliseconds')
    .min(0, 'Login rate limit window cannot be negative (0 turns the limit off)')
    .max(MAX_LOGIN_RATE_LIMIT_WINDOW_MS, 'Login rate limit window can be at most one day (86400000 ms)'),
  authActiveAuthMethods: z
    .array(z.enum(authMethods, 'Unknown sign-in method'))
    .min(1, 'At least one sign-in method must stay active')
    .max(authMethods.length),
  /** Browser origins besides the server's own that may use the refresh cookie (e.g. `https://app.example.org`). */
  allowedOrigins: z
    .array(
      z
        .string()
        .max(300)
        .regex(/^https?:\/\/[^/?#\s]+$/i, 'Origins look like https://host[:port]'),
    )
    .max(50),
  /**
   * Seconds an access token works; new tokens (next login or refresh) take a changed value. The answer
   * may state what ACCESS_TOKEN_EXPIRY_SEC gave (outside the bounds a PATCH has).
   */
  accessTokenExpiry: z.number().int().min(1),
  /** Seconds a login session lasts without a refresh (each refresh extends it); REFRESH_TOKEN_EXPIRY_SEC by default. */
  refreshTokenExpiry: z.number().int().min(1),
  /** Shown under the sign-in form (`/status` carries it for the login page). */
  authLoginCustomMessage: z.string().max(2000, 'The sign-in message is too long').nullable(),
  // Audiobookshelf states these in every settings answer; Shelfcast answers its defaults until the
  // capabilities behind them (scanner options, backups, log retention, OpenID) make them settings.
  /** The provider "Find covers" searches (a value of GET /api/search/providers' booksCovers). */
  scannerCoverProvider: z
    .string()
    .max(50)
    .regex(/^[A-Za-z0-9._-]+$/, 'Unknown cover provider'),
  scannerParseSubtitle: z.boolean(),
  scannerDisableWatcher: z.boolean(),
  metadataFileFormat: z.enum(['json', 'abs']),
  backupSchedule: z.union([z.literal(false), z.string().max(200)]),
  backupsToKeep: z.number().int().min(1).max(99),
  maxBackupSize: z.number().min(0).max(1000),
  loggerDailyLogsToKeep: z.number().int().min(1).max(365),
  loggerScannerLogsToKeep: z.number().int().min(1).max(365),
  podcastEpisodeSchedule: z.string().max(200),
  authOpenIDIssuerURL: z.string().max(2000).nullable(),
  authOpenIDAuthorizationURL: z.string().max(2000).nullable(),
  authOpenIDTokenURL: z.string().max(2000).nullable(),
  authOpenIDUserInfoURL: z.string().max(2000).nullable(),
  authOpenIDJwksURL: z.string().max(2000).nullable(),
  authOpenIDLogoutURL: z.string().max(2000).nullable(),
  authOpenIDTokenSigningAlgorithm: z.string().max(20),
  authOpenIDButtonText: z.string().max(200),
  authOpenIDAutoLaunch: z.boolean(),
  authOpenIDAutoRegister: z.boolean(),
  authOpenIDMatchExistingBy: z.string().max(50).nullable(),
  // Facts of the running server, never stored.
  buildNumber: z.number().int(),
  backupPath: z.string(),
  timeZone: z.string(),
})
export type ServerSettings = z.infer<typeof ServerSettings>

/** Settings a PATCH may change: those whose behaviour Shelfcast has (the others are stated, not yet editable). */
const EDITABLE_SERVER_SETTINGS = {
  language: true,
  dateFormat: true,
  timeFormat: true,
  scannerFindCovers: true,
  scannerPreferMatchedMetadata: true,
  defaultMetadataPrecedence: true,
  storeCoverWithItem: true,
  storeMetadataWithItem: true,
  sortingIgnorePrefix: true,
  sortingPrefixes: true,
  chromecastEnabled: true,
  homeBookshelfView: true,
  bookshelfView: true,
  allowIframe: true,
  logLevel: true,
  loggerDailyLogsToKeep: true,
  loggerScannerLogsToKeep: true,
  rateLimitLoginRequests: true,
  rateLimitLoginWindow: true,
  authActiveAuthMethods: true,
  allowedOrigins: true,
  authLoginCustomMessage: true,
  scannerParseSubtitle: true,
  scannerDisableWatcher: true,
  scannerCoverProvider: true,
} as const

/** Bounds on settings this server does not know (kept, as Audiobookshelf keeps them): they ride in every answer. */
export const MAX_UNKNOWN_SETTINGS = 50
export const MAX_UNKNOWN_SETTING_CHARS = 2000
const unknownSettingKey = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

/**
 * Why the settings a client sent that this server does not know cannot be kept, or null. They are kept
 * (a newer client or an Audiobookshelf app may store its own), but bounded, since every answer carries them.
 */
export function unknownSettingsProblem(extra: Record<string, unknown>): string | null {
  const keys = Object.keys(extra)
  if (keys.length > MAX_UNKNOWN_SETTINGS) return `Too many unknown settings (at most ${MAX_UNKNOWN_SETTINGS})`
  for (const key of keys) {
    if (!unknownSettingKey.test(key))
      return `Unknown setting name ${JSON.stringify(key.slice(0, 64))} is not allowed`
    const json = JSON.stringify(extra[key]) ?? ''
    if (json.length > MAX_UNKNOWN_SETTING_CHARS) return `Unknown setting ${key} is too large`
  }
  return null
}

/** The settings a client sent beside those this server knows. */
export function unknownSettings(body: Record<string, unknown>): Record<string, unknown> {
  const shape = ServerSettings.shape
  return Object.fromEntries(Object.entries(body).filter(([key]) => !Object.hasOwn(shape, key)))
}

/**
 * PATCH /api/settings: any subset of the editable settings. A known setting that is not editable (a fact of
 * the running server, or a capability not here yet) is refused; an unknown one is kept, bounded.
 */
export const UpdateServerSettingsRequest = ServerSettings.pick(EDITABLE_SERVER_SETTINGS)
  .extend({
    // Backups (spec §5 messages): false or a checked 5-field schedule, how many to keep, GB (0 = unlimited).
    backupSchedule: z.union([z.literal(false), CronExpression.transform((v) => v ?? false)]),
    backupsToKeep: z
      .number()
      .int('Invalid number of backups to keep')
      .min(1, 'Invalid number of backups to keep')
      .max(99, 'Invalid number of backups to keep'),
    maxBackupSize: z.number().min(0, 'Invalid maximum backup size').max(1000, 'Invalid maximum backup size'),
    // Security tab: bounded here, so a PATCH cannot make sessions end at once or never.
    accessTokenExpiry: z
      .number()
      .int('Access token lifetime must be a whole number of seconds')
      .min(MIN_ACCESS_TOKEN_EXPIRY_SEC, 'Access token lifetime must be at least 1 minute (60 seconds)')
      .max(MAX_ACCESS_TOKEN_EXPIRY_SEC, 'Access token lifetime can be at most 1 day (86400 seconds)'),
    refreshTokenExpiry: z
      .number()
      .int('Refresh token lifetime must be a whole number of seconds')
      .min(MIN_REFRESH_TOKEN_EXPIRY_SEC, 'Refresh token lifetime must be at least 1 hour (3600 seconds)')
      .max(MAX_REFRESH_TOKEN_EXPIRY_SEC, 'Refresh token lifetime can be at most 1 year (31536000 seconds)'),
  })
  .partial()
  .catchall(z.unknown())
  .superRefine((body, ctx) => {
    const editable = new Set<string>([
      ...Object.keys(EDITABLE_SERVER_SETTINGS),
      'backupSchedule',
      'backupsToKeep',
      'maxBackupSize',
      'accessTokenExpiry',
      'refreshTokenExpiry',
    ])
    for (const key of Object.keys(body)) {
      if (Object.hasOwn(ServerSettings.shape, key) && !editable.has(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} cannot be changed here` })
      }
    }
    const problem = unknownSettingsProblem(unknownSettings(body))
    if (problem) ctx.addIssue({ code: 'custom', path: [], message: problem })
  })
export type UpdateServerSettingsRequest = z.infer<typeof UpdateServerSettingsRequest>

/** Whether login rate limiting is on: Audiobookshelf turns it off when either value is 0. */
export const loginRateLimitEnabled = (
  s: Pick<ServerSettings, 'rateLimitLoginRequests' | 'rateLimitLoginWindow'>,
) => s.rateLimitLoginRequests > 0 && s.rateLimitLoginWindow > 0

/**
 * Why a combination of settings would lock accounts out (root included), or null. Checked on the
 * settings as they would be after a change, since a PATCH may carry only one of the two values.
 */
export function serverSettingsLockoutProblem(
  s: Pick<ServerSettings, 'rateLimitLoginRequests' | 'rateLimitLoginWindow' | 'authActiveAuthMethods'>,
): string | null {
  if (loginRateLimitEnabled(s) && s.rateLimitLoginRequests < MIN_LOGIN_RATE_LIMIT_REQUESTS) {
    return `Login rate limit requests must be at least ${MIN_LOGIN_RATE_LIMIT_REQUESTS} (or 0 to turn the limit off), so one mistyped password cannot lock everyone out`
  }
  // Apps hide the password form when 'local' is not listed: OpenID must then be the way in (the server also
  // checks that its discovery works before it lets password sign-in go).
  if (!s.authActiveAuthMethods.includes('local') && !s.authActiveAuthMethods.includes('openid')) {
    return 'Password sign-in (local) must stay active unless OpenID sign-in is on'
  }
  return null
}
