import type { Migration } from '../migrate.ts'

/**
 * Items by media type: the podcast scheduler and podcast lists look podcasts up among the items, which at
 * 100,000 books was a scan of every row (0.6 s with the event loop blocked at each start).
 */
export const migration0013: Migration = {
  version: 13,
  name: 'items-by-media-type',
  up(sqlite) {
    sqlite.exec('CREATE INDEX library_items_media_type ON library_items (media_type)')
  },
}
