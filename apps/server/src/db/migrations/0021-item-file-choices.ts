import type { Migration } from '../migrate.ts'

/**
 * What a user chose about an item's files, kept apart from the row a scan rebuilds: the track order (JSON
 * [{ino, exclude}]) and the primary ebook (an ino; '' for none; NULL lets the scanner choose). A rescan reads
 * them back, so the choices survive it; they go with the item.
 */
export const migration0021: Migration = {
  version: 21,
  name: 'item-file-choices',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE item_file_choices (
        item_id TEXT PRIMARY KEY REFERENCES library_items (id) ON DELETE CASCADE,
        track_order TEXT,
        primary_ebook TEXT
      );
    `)
  },
}
