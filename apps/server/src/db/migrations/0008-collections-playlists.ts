import type { Migration } from '../migrate.ts'

/**
 * Collections (shared with everyone who can open the library) and playlists (one user's, of books and
 * podcast episodes). Entries keep their order in `position` and go with their item; a playlist entry's
 * episode id is '' for a book. Episodes are not a foreign key (a podcast refresh replaces them), so reads
 * drop entries whose episode is gone.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'collections-playlists',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE collections (
        id TEXT PRIMARY KEY,
        library_id TEXT NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        description TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX collections_library ON collections (library_id, name COLLATE NOCASE);

      CREATE TABLE collection_books (
        collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        PRIMARY KEY (collection_id, item_id)
      ) WITHOUT ROWID;
      CREATE INDEX collection_books_order ON collection_books (collection_id, position);
      CREATE INDEX collection_books_item ON collection_books (item_id);

      CREATE TABLE playlists (
        id TEXT PRIMARY KEY,
        library_id TEXT NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        description TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX playlists_user ON playlists (user_id, library_id, name COLLATE NOCASE);

      CREATE TABLE playlist_items (
        playlist_id TEXT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
        item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        episode_id TEXT NOT NULL DEFAULT '',
        position INTEGER NOT NULL,
        PRIMARY KEY (playlist_id, item_id, episode_id)
      ) WITHOUT ROWID;
      CREATE INDEX playlist_items_order ON playlist_items (playlist_id, position);
      CREATE INDEX playlist_items_item ON playlist_items (item_id);
    `)
  },
}
