import type { Migration } from '../migrate.ts'

/** Accounts, login sessions, refresh tokens, API keys, settings and libraries. */
export const migration0001: Migration = {
  version: 1,
  name: 'initial',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL COLLATE NOCASE UNIQUE,
        email TEXT,
        password_hash TEXT,
        type TEXT NOT NULL CHECK (type IN ('root', 'admin', 'user', 'guest')),
        is_active INTEGER NOT NULL DEFAULT 1,
        is_locked INTEGER NOT NULL DEFAULT 0,
        permissions TEXT NOT NULL,
        libraries_accessible TEXT NOT NULL DEFAULT '[]',
        item_tags_selected TEXT NOT NULL DEFAULT '[]',
        series_hide_from_continue_listening TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        last_seen INTEGER
      );
      -- At most one root account.
      CREATE UNIQUE INDEX users_single_root ON users (type) WHERE type = 'root';

      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        ip TEXT,
        user_agent TEXT
      );
      CREATE INDEX sessions_user ON sessions (user_id);

      CREATE TABLE refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        replaced_at INTEGER,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_by_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
        is_active INTEGER NOT NULL DEFAULT 1,
        expires_at INTEGER,
        last_used_at INTEGER,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE libraries (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        media_type TEXT NOT NULL CHECK (media_type IN ('book', 'podcast')),
        display_order INTEGER NOT NULL,
        icon TEXT NOT NULL,
        provider TEXT NOT NULL,
        settings TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE library_folders (
        id TEXT PRIMARY KEY,
        library_id TEXT NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
        full_path TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX library_folders_library ON library_folders (library_id);
    `)
  },
}
