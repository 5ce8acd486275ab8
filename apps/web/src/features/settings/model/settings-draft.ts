import type { ServerSettings, UpdateServerSettingsRequest } from '@shelfcast/contracts'
import { changedSettings } from './changed-settings.ts'

/** The on/off settings the page edits, by tab. */
export const toggleSettings = [
  'chromecastEnabled',
  'storeCoverWithItem',
  'storeMetadataWithItem',
  'scannerDisableWatcher',
  'scannerParseSubtitle',
  'scannerFindCovers',
  'scannerPreferMatchedMetadata',
  'sortingIgnorePrefix',
  'allowIframe',
] as const
export type ToggleSetting = (typeof toggleSettings)[number]

/** The page's form: settings as the fields hold them (numbers as typed, so a partial '-' stays). */
export type SettingsDraft = Pick<
  ServerSettings,
  | ToggleSetting
  | 'language'
  | 'dateFormat'
  | 'timeFormat'
  | 'allowedOrigins'
  | 'sortingPrefixes'
  | 'logLevel'
  | 'defaultMetadataPrecedence'
  | 'scannerCoverProvider'
> & {
  homeDetailView: boolean
  libraryDetailView: boolean
  authLoginCustomMessage: string
  rateLimitLoginRequests: string
  rateLimitLoginWindowMinutes: string
  accessTokenExpiryMinutes: string
  refreshTokenExpiryDays: string
  loggerDailyLogsToKeep: string
  loggerScannerLogsToKeep: string
}

const MINUTE_MS = 60_000
const MINUTE_SEC = 60
const DAY_SEC = 24 * 3600

/**
 * A whole number of base units (ms or s) from a field in larger units: an untouched field keeps the stored value exactly (the
 * unit may not divide it); an edited one is rounded to whole base units (the server checks the bounds).
 */
const wholeFrom = (field: string, stored: number, unit: number) =>
  field === String(stored / unit) ? stored : Math.round(Number(field) * unit)

export function draftFrom(s: ServerSettings): SettingsDraft {
  return {
    ...Object.fromEntries(toggleSettings.map((key) => [key, s[key]])),
    language: s.language,
    dateFormat: s.dateFormat,
    timeFormat: s.timeFormat,
    allowedOrigins: s.allowedOrigins,
    sortingPrefixes: s.sortingPrefixes,
    defaultMetadataPrecedence: s.defaultMetadataPrecedence,
    scannerCoverProvider: s.scannerCoverProvider,
    homeDetailView: s.homeBookshelfView === 1,
    libraryDetailView: s.bookshelfView === 1,
    authLoginCustomMessage: s.authLoginCustomMessage ?? '',
    rateLimitLoginRequests: String(s.rateLimitLoginRequests),
    rateLimitLoginWindowMinutes: String(s.rateLimitLoginWindow / MINUTE_MS),
    accessTokenExpiryMinutes: String(s.accessTokenExpiry / MINUTE_SEC),
    refreshTokenExpiryDays: String(s.refreshTokenExpiry / DAY_SEC),
    logLevel: s.logLevel,
    loggerDailyLogsToKeep: String(s.loggerDailyLogsToKeep),
    loggerScannerLogsToKeep: String(s.loggerScannerLogsToKeep),
  } as SettingsDraft
}

/**
 * What PATCH /api/settings should carry: only the settings that differ from the server's. The sorting
 * prefixes are left out: they have their own call, which re-sorts the titles.
 */
export function settingsChanges(s: ServerSettings, draft: SettingsDraft): UpdateServerSettingsRequest {
  const {
    homeDetailView,
    libraryDetailView,
    authLoginCustomMessage,
    rateLimitLoginRequests,
    rateLimitLoginWindowMinutes,
    accessTokenExpiryMinutes,
    refreshTokenExpiryDays,
    loggerDailyLogsToKeep,
    loggerScannerLogsToKeep,
    sortingPrefixes: _prefixes,
    ...same
  } = draft
  return changedSettings(s, {
    ...same,
    homeBookshelfView: homeDetailView ? 1 : 0,
    bookshelfView: libraryDetailView ? 1 : 0,
    authLoginCustomMessage: authLoginCustomMessage.trim() || null,
    rateLimitLoginRequests: Number(rateLimitLoginRequests),
    loggerDailyLogsToKeep: Number(loggerDailyLogsToKeep),
    loggerScannerLogsToKeep: Number(loggerScannerLogsToKeep),
    rateLimitLoginWindow: wholeFrom(rateLimitLoginWindowMinutes, s.rateLimitLoginWindow, MINUTE_MS),
    accessTokenExpiry: wholeFrom(accessTokenExpiryMinutes, s.accessTokenExpiry, MINUTE_SEC),
    refreshTokenExpiry: wholeFrom(refreshTokenExpiryDays, s.refreshTokenExpiry, DAY_SEC),
  })
}

/** Whether the prefixes changed (as a set: order and case do not sort differently). */
export function prefixesChanged(s: ServerSettings, prefixes: readonly string[]): boolean {
  const norm = (list: readonly string[]) =>
    [...new Set(list.map((p) => p.trim().toLowerCase()))].sort().join('\n')
  return norm(s.sortingPrefixes) !== norm(prefixes)
}
