import crypto from 'node:crypto'
import type { WalkedFile } from './walk.ts'

/**
 * Bumped when the scanner reads files differently, so every item is read again once after an upgrade
 * instead of keeping what an older scanner made of it.
 */
// 2: ebooks get a structural check and implausible tag values are dropped (issues flagged with a reason).
export const SCANNER_VERSION = 2

/**
 * The item's fingerprint: every file's relative path, inode, size and mtime, plus what else decides the
 * scan's result (scanner version, the library settings and sorting prefixes in `settingsKey`).
 * Equal fingerprints mean the item can be skipped without reading a tag.
 */
export function itemFingerprint(files: readonly WalkedFile[], settingsKey: string): string {
  const h = crypto.createHash('sha1')
  h.update(`v${SCANNER_VERSION}\0${settingsKey}\0`)
  const sorted = [...files].sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0))
  for (const f of sorted) h.update(`${f.relPath}\0${f.ino}\0${f.size}\0${f.mtimeMs}\n`)
  return h.digest('base64url')
}
