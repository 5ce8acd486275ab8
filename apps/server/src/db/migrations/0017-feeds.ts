import type { Migration } from '../migrate.ts'

/**
 * RSS feeds out: one open feed per item, collection or series, found by its unique slug. `meta` is the
 * channel's editable metadata plus the title and description it was opened with (a closed feed's event still
 * names it). The feed goes with its owner (foreign key) and with its entity (the triggers: the entity is one
 * of three tables, so no foreign key can say it); modules/feeds hears every deletion and sends rss_feed_closed.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'feeds',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE feeds (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        entity_type TEXT NOT NULL CHECK (entity_type IN ('item', 'collection', 'series')),
        entity_id TEXT NOT NULL,
        server_address TEXT NOT NULL,
        meta TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (entity_type, entity_id)
      );
      CREATE INDEX feeds_entity ON feeds (entity_id);

      CREATE TRIGGER feeds_close_with_item AFTER DELETE ON library_items BEGIN
        DELETE FROM feeds WHERE entity_type = 'item' AND entity_id = OLD.id;
      END;
      CREATE TRIGGER feeds_close_with_collection AFTER DELETE ON collections BEGIN
        DELETE FROM feeds WHERE entity_type = 'collection' AND entity_id = OLD.id;
      END;
      CREATE TRIGGER feeds_close_with_series AFTER DELETE ON series BEGIN
        DELETE FROM feeds WHERE entity_type = 'series' AND entity_id = OLD.id;
      END;
    `)
  },
}
