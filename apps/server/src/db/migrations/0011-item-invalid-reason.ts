import type { Migration } from '../migrate.ts'

/**
 * Why the scanner flagged an item `is_invalid` (a damaged ebook, unreadable audio ...), shown by the client
 * beside the issue flag; null for items without an issue.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'item-invalid-reason',
  up(sqlite) {
    sqlite.exec('ALTER TABLE library_items ADD COLUMN invalid_reason TEXT')
  },
}
