import type { Migration } from '../migrate.ts'

/**
 * Public share links of books, and the anonymous share sessions that keep a visitor's position. A share goes
 * with its book (cascade); `is_expired` is set by the shares module when `expires_at` passes, so the
 * `share-open` filter and cached lists need no clock. Writes to shares move the book's library content
 * version (migration 0005), so cached lists with include=share or the share-open filter are remade.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'shares',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE shares (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        media_item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        media_item_type TEXT NOT NULL CHECK (media_item_type = 'book'),
        user_id TEXT,
        expires_at INTEGER,
        is_expired INTEGER NOT NULL DEFAULT 0,
        is_downloadable INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX shares_item ON shares (media_item_id);
      CREATE INDEX shares_expiry ON shares (expires_at) WHERE expires_at IS NOT NULL AND is_expired = 0;

      -- id_hash: SHA-256 of the share_session_id cookie (the cookie is the only copy of the id)
      CREATE TABLE share_sessions (
        id_hash TEXT NOT NULL,
        share_id TEXT NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
        "current_time" REAL NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (id_hash, share_id)
      ) WITHOUT ROWID;
      CREATE INDEX share_sessions_share ON share_sessions (share_id);
    `)
    const bump = (ref: 'NEW' | 'OLD') =>
      `INSERT INTO library_content_versions (library_id, version)
         SELECT library_id, 1 FROM library_items WHERE id = ${ref}.media_item_id
         ON CONFLICT (library_id) DO UPDATE SET version = version + 1;`
    sqlite.exec(`
      CREATE TRIGGER shares_content_insert AFTER INSERT ON shares BEGIN ${bump('NEW')} END;
      CREATE TRIGGER shares_content_update AFTER UPDATE ON shares BEGIN ${bump('NEW')} END;
      CREATE TRIGGER shares_content_delete AFTER DELETE ON shares BEGIN ${bump('OLD')} END;
    `)
  },
}
