import path from 'node:path'
import { z } from 'zod'

/** Environment schema. Every value has a default so a plain start needs no configuration. */
/** Providers whose origin METADATA_PROVIDER_ORIGINS may set. */
export const PROVIDER_ORIGIN_KEYS = [
  'googleBooks',
  'openLibrary',
  'openLibraryCovers',
  'itunes',
  'audible',
  'audnexus',
  'fantlabApi',
  'fantlabSite',
  'audiobookCovers',
] as const
export type ProviderOriginKey = (typeof PROVIDER_ORIGIN_KEYS)[number]

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(13378),
  HOST: z.string().min(1).default('0.0.0.0'),
  CONFIG_PATH: z.string().min(1).default('./data/config'),
  METADATA_PATH: z.string().min(1).default('./data/metadata'),
  ROUTER_BASE_PATH: z
    .string()
    .default('/audiobookshelf')
    .refine((v) => v === '' || /^\/[A-Za-z0-9._~\-/]*[^/]$/.test(v), {
      message: 'must be empty or start with "/" and not end with "/" (for example /audiobookshelf)',
    }),
  CLIENT_DIST_PATH: z.string().optional(),
  /** Audiobookshelf's BACKUP_PATH: where backups go, fixed (the Backups page shows it read-only). */
  BACKUP_PATH: z.string().trim().optional(),
  DEMO_LIBRARY_PATH: z.string().optional(),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  /** Trust X-Forwarded-For only when running behind a proxy the admin configured. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  ACCESS_TOKEN_EXPIRY_SEC: z.coerce.number().int().min(10).default(3600),
  REFRESH_TOKEN_EXPIRY_SEC: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  /** How long a rotated refresh token keeps working, for tabs that refresh at the same moment. */
  REFRESH_TOKEN_GRACE_SEC: z.coerce.number().int().min(0).max(600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Transcoding (ffmpeg HLS) streams running at once: in total, and per user. */
  MAX_TRANSCODES: z.coerce.number().int().min(1).max(256).default(8),
  MAX_TRANSCODES_PER_USER: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Comma-separated absolute folders where library roots may be even though they lie in the install
   * folder or a system folder (never the config or metadata folder).
   */
  ALLOW_LIBRARY_ROOTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    )
    .refine((list) => list.every((p) => path.isAbsolute(p)), {
      message: 'a comma-separated list of absolute folders',
    }),
  /** Host names the guarded fetcher may reach whatever their address (LAN covers, test servers); Audiobookshelf's name. */
  SSRF_REQUEST_FILTER_WHITELIST: z.string().default(''),
  /**
   * Where the update check reads published releases (a GitHub releases API answer). Empty (the default): no
   * update check, nothing is fetched.
   */
  RELEASES_URL: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^https?:\/\//i.test(v), { message: 'must be empty or an http(s) URL' }),
  /**
   * Where metadata providers live, for a mirror or a test double: JSON like
   * {"audible":"http://127.0.0.1:8000/audible/{region}","audnexus":"http://127.0.0.1:8000"} ({region}: the
   * Audible store asked). Unset: the real services.
   */
  METADATA_PROVIDER_ORIGINS: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      const origin = z.string().regex(/^https?:\/\/[^\s?#]+$/, 'an http(s) URL')
      const parsed = z.partialRecord(z.enum(PROVIDER_ORIGIN_KEYS), origin).safeParse(
        (() => {
          try {
            return JSON.parse(text) as unknown
          } catch {
            return null
          }
        })(),
      )
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: `a JSON object of ${PROVIDER_ORIGIN_KEYS.join(', ')} to http(s) origins`,
        })
        return z.NEVER
      }
      return parsed.data
    }),
})

export interface Config {
  port: number
  host: string
  configPath: string
  metadataPath: string
  /** BACKUP_PATH when set: the backup folder, which the Backups page then cannot change. */
  backupPathFromEnv: string | null
  /** '' or a path like '/audiobookshelf'; every route also answers under it. */
  routerBasePath: string
  clientDistPath: string
  demoLibraryPath: string | null
  ffmpegPath: string
  ffprobePath: string
  /** The folder Shelfcast is installed in (the repository root); library roots stay out of it but for data/. */
  installPath: string
  /** ALLOW_LIBRARY_ROOTS: folders inside the install or system folders that may hold library roots anyway. */
  allowedLibraryRoots: string[]
  trustProxy: boolean
  accessTokenExpirySec: number
  refreshTokenExpirySec: number
  refreshTokenGraceSec: number
  logLevel: string
  maxTranscodes: number
  maxTranscodesPerUser: number
  /** SSRF_REQUEST_FILTER_WHITELIST: the only hosts outbound fetches may reach on a non-public address. */
  fetchAllowHosts: string[]
  /** METADATA_PROVIDER_ORIGINS: provider name -> origin (empty: the real services). */
  providerOrigins: Partial<Record<ProviderOriginKey, string>>
  /** RELEASES_URL: the releases the update check reads; null switches the check off. */
  releasesUrl: string | null
  version: string
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../../..')
export const serverVersion = '0.1.0'

/** Reads the environment; throws ConfigError with one readable line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    configPath: path.resolve(e.CONFIG_PATH),
    metadataPath: path.resolve(e.METADATA_PATH),
    backupPathFromEnv: e.BACKUP_PATH ? path.resolve(e.BACKUP_PATH) : null,
    routerBasePath: e.ROUTER_BASE_PATH,
    clientDistPath: path.resolve(e.CLIENT_DIST_PATH ?? path.join(repoRoot, 'apps/web/dist')),
    demoLibraryPath: e.DEMO_LIBRARY_PATH ? path.resolve(e.DEMO_LIBRARY_PATH) : null,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    installPath: repoRoot,
    allowedLibraryRoots: e.ALLOW_LIBRARY_ROOTS.map((p) => path.resolve(p)),
    trustProxy: e.TRUST_PROXY,
    accessTokenExpirySec: e.ACCESS_TOKEN_EXPIRY_SEC,
    refreshTokenExpirySec: e.REFRESH_TOKEN_EXPIRY_SEC,
    refreshTokenGraceSec: e.REFRESH_TOKEN_GRACE_SEC,
    logLevel: e.LOG_LEVEL,
    maxTranscodes: e.MAX_TRANSCODES,
    maxTranscodesPerUser: e.MAX_TRANSCODES_PER_USER,
    fetchAllowHosts: e.SSRF_REQUEST_FILTER_WHITELIST.split(',')
      .map((host) => host.trim())
      .filter((host) => host !== ''),
    providerOrigins: e.METADATA_PROVIDER_ORIGINS,
    releasesUrl: e.RELEASES_URL === '' ? null : e.RELEASES_URL,
    version: serverVersion,
  }
}
