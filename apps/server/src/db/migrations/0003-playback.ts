import type { Migration } from '../migrate.ts'

/**
 * Playback: the listening-session history (one row per playback session, updated on every sync) and
 * bookmarks. Media progress already exists (0002). Sessions outlive their item (history and stats keep
 * the display title), so they do not cascade with library items; they go with their user.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'playback',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE playback_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        library_id TEXT NOT NULL,
        library_item_id TEXT NOT NULL,
        -- '' for a book
        episode_id TEXT NOT NULL DEFAULT '',
        media_type TEXT NOT NULL,
        display_title TEXT NOT NULL DEFAULT '',
        display_author TEXT NOT NULL DEFAULT '',
        cover_path TEXT,
        duration REAL NOT NULL DEFAULT 0,
        media_metadata TEXT NOT NULL DEFAULT '{}',
        chapters TEXT NOT NULL DEFAULT '[]',
        play_method INTEGER NOT NULL,
        media_player TEXT NOT NULL DEFAULT '',
        device_info TEXT NOT NULL DEFAULT '{}',
        time_listening REAL NOT NULL DEFAULT 0,
        start_time REAL NOT NULL DEFAULT 0,
        current_time REAL NOT NULL DEFAULT 0,
        -- YYYY-MM-DD and 0 (Sunday) .. 6 of the server's local day the session started
        date TEXT NOT NULL,
        day_of_week INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        closed_at INTEGER
      );
      CREATE INDEX playback_sessions_user_recent ON playback_sessions (user_id, updated_at);
      CREATE INDEX playback_sessions_recent ON playback_sessions (updated_at);
      CREATE INDEX playback_sessions_item ON playback_sessions (user_id, library_item_id, episode_id);

      CREATE TABLE bookmarks (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        library_item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        time REAL NOT NULL,
        title TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, library_item_id, time)
      );
      CREATE INDEX bookmarks_item ON bookmarks (library_item_id);
    `)
  },
}
