// The zod-free values of server-settings.ts: the web client loads them without zod (`@shelfcast/contracts/client`).
import type { ServerSettings } from './server-settings.ts'
import { metadataSources } from './library-values.ts'

export const dateFormats = [
  'MM/dd/yyyy',
  'dd/MM/yyyy',
  'dd.MM.yyyy',
  'yyyy-MM-dd',
  'MMM do, yyyy',
  'MMMM do, yyyy',
  'dd MMM yyyy',
  'dd MMMM yyyy',
] as const
export const timeFormats = ['HH:mm', 'h:mma'] as const

/** A new server's settings. */
export const defaultServerSettings = (version: string): ServerSettings => ({
  id: 'server-settings',
  version,
  language: 'en-us',
  dateFormat: 'MM/dd/yyyy',
  timeFormat: 'HH:mm',
  scannerFindCovers: false,
  scannerPreferMatchedMetadata: false,
  defaultMetadataPrecedence: [...metadataSources],
  storeCoverWithItem: false,
  storeMetadataWithItem: false,
  sortingIgnorePrefix: false,
  sortingPrefixes: ['the', 'a'],
  chromecastEnabled: false,
  // The home page's shelves show titles under the covers, as Audiobookshelf's do by default (1 = detail).
  homeBookshelfView: 1,
  bookshelfView: 0,
  allowIframe: false,
  logLevel: 2,
  rateLimitLoginRequests: 40,
  rateLimitLoginWindow: 600000,
  authActiveAuthMethods: ['local'],
  allowedOrigins: [],
  // The server's ACCESS_TOKEN_EXPIRY_SEC / REFRESH_TOKEN_EXPIRY_SEC replace these until an admin stores a value.
  accessTokenExpiry: 3600,
  refreshTokenExpiry: 30 * 24 * 3600,
  authLoginCustomMessage: null,
  scannerCoverProvider: 'google',
  scannerParseSubtitle: false,
  scannerDisableWatcher: false,
  metadataFileFormat: 'json',
  backupSchedule: false,
  backupsToKeep: 2,
  maxBackupSize: 1,
  loggerDailyLogsToKeep: 7,
  loggerScannerLogsToKeep: 2,
  podcastEpisodeSchedule: '0 * * * *',
  authOpenIDIssuerURL: null,
  authOpenIDAuthorizationURL: null,
  authOpenIDTokenURL: null,
  authOpenIDUserInfoURL: null,
  authOpenIDJwksURL: null,
  authOpenIDLogoutURL: null,
  authOpenIDTokenSigningAlgorithm: 'RS256',
  authOpenIDButtonText: 'Login with OpenId',
  authOpenIDAutoLaunch: false,
  authOpenIDAutoRegister: false,
  authOpenIDMatchExistingBy: null,
  buildNumber: 1,
  backupPath: '',
  timeZone: 'UTC',
})
