import type { Migration } from '../migrate.ts'

/** When a library's last full scan finished (ms since the epoch; null until one has), for Library.lastScan. */
export const migration0007: Migration = {
  version: 7,
  name: 'library-last-scan',
  up(sqlite) {
    sqlite.exec('ALTER TABLE libraries ADD COLUMN last_scan INTEGER')
  },
}
