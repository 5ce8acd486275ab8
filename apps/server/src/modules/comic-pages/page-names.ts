import { naturalCompare } from '../../scanner/file-types.ts'

/** The image types a comic page may be; anything else in an archive (metadata, text, thumbnails DBs) is left out. */
const pageTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
}

/** The content type of a page entry, or null when the name is not a page image. */
export function pageMimeType(name: string): string | null {
  const dot = name.lastIndexOf('.')
  if (dot < 0 || dot < name.lastIndexOf('/')) return null
  return pageTypes[name.slice(dot + 1).toLowerCase()] ?? null
}

/**
 * Whether an entry name may be a page: relative, no `..` segment, no backslash (a Windows separator that some
 * extractors turn into `..\`), no control characters, and nothing hidden (`.name`, `__MACOSX/` resource forks).
 * Pages are never written anywhere by name; unsafe names are left out so no client ever sees them either.
 */
export function isPageName(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return false
  // eslint-disable-next-line no-control-regex
  if (/[\\\x00-\x1f\x7f]/.test(name)) return false
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return false
  if (name.endsWith('/')) return false // a directory
  const segments = name.split('/')
  if (segments.some((s) => s === '..' || s === '.' || s.startsWith('.') || s === '__MACOSX')) return false
  return pageMimeType(name) !== null
}

/** Reading order: natural sort of the whole entry name, so `page2` comes before `page10`, folders in order. */
export function sortPageNames<T extends { name: string }>(pages: T[]): T[] {
  return pages.sort(
    (a, b) => naturalCompare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  )
}
