import {
  librarySettingKeys,
  type Library,
  type LibraryJson,
  type LibrarySettings,
} from '@shelfcast/contracts'

/**
 * A library as answered and sent in events, in Audiobookshelf's shape: only its media type's settings
 * (a podcast library carries no book settings, a book library no podcast search region) and no
 * `lastScanVersion` before the first scan. The stored settings stay whole for the server's own rules.
 */
export function libraryJson(library: Library): LibraryJson {
  const { settings, lastScanVersion, ...rest } = library
  const picked: Partial<LibrarySettings> = {}
  for (const key of librarySettingKeys[library.mediaType]) Object.assign(picked, { [key]: settings[key] })
  return { ...rest, settings: picked, ...(lastScanVersion === null ? {} : { lastScanVersion }) }
}
