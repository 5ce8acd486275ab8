import type { LocalUserSettings } from '@shelfcast/contracts'
import { defaultLocalUserSettings } from '@shelfcast/contracts/client'

/** Keys this client keeps in localStorage (spec §3 and ABS web's own). */
export const storageKeys = {
  token: 'token',
  lang: 'lang',
  theme: 'theme',
  userSettings: 'userSettings',
  /** The library chosen last on this device, reopened after a reload. */
  lastLibraryId: 'lastLibraryId',
  ignoreVersion: 'ignoreVersion',
  /** The last update check's version data (spec §4: reused for 5 minutes). */
  versionData: 'versionData',
  playerQueueAutoPlay: 'playerQueueAutoPlay',
  /** Bookshelf view chosen on this device ('standard' or 'detail'); else the server's default. */
  bookshelfView: 'bookshelfView',
  /** '1' when deleting an item should also delete its files (spec §3: the choice is remembered). */
  hardDeleteDefault: 'hardDeleteDefault',
} as const

// Storage can throw (private mode, quota, disabled cookies); the app must keep working without it.
export function readString(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch (error) {
    console.error(`[storage] could not write ${key}`, error)
  }
}

/** Parsed JSON at `key`, or null when missing or corrupt (corruption is logged, never thrown). */
export function readJson(key: string): unknown {
  const raw = readString(key)
  if (raw === null) return null
  try {
    return JSON.parse(raw) as unknown
  } catch (error) {
    console.error(`[storage] corrupt JSON in ${key}; using defaults`, error)
    return null
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value))
}

/**
 * Local user settings merged over the defaults. Only known keys whose stored value has the default's
 * type are kept, so a corrupt or outdated entry can never put a wrong type into the app.
 */
export function loadLocalUserSettings(): LocalUserSettings {
  const stored = readJson(storageKeys.userSettings)
  const settings: LocalUserSettings = { ...defaultLocalUserSettings }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) {
    if (stored !== null) console.error('[storage] user settings are not an object; using defaults')
    return settings
  }
  const record = stored as Record<string, unknown>
  for (const key of Object.keys(defaultLocalUserSettings) as (keyof LocalUserSettings)[]) {
    const value = record[key]
    if (typeof value === typeof defaultLocalUserSettings[key]) {
      ;(settings as unknown as Record<string, unknown>)[key] = value
    }
  }
  return settings
}

export function saveLocalUserSettings(patch: Partial<LocalUserSettings>): LocalUserSettings {
  const next = { ...loadLocalUserSettings(), ...patch }
  writeJson(storageKeys.userSettings, next)
  return next
}
