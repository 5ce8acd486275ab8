import type { Migration } from '../migrate.ts'

/**
 * The server version that made a library's last full scan (Library.lastScanVersion, as in Audiobookshelf).
 * Libraries scanned before it say null until their next scan.
 */
export const migration0014: Migration = {
  version: 14,
  name: 'library-last-scan-version',
  up(sqlite) {
    sqlite.exec('ALTER TABLE libraries ADD COLUMN last_scan_version TEXT')
  },
}
