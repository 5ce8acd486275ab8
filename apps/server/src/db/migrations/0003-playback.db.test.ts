import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migration0001 } from './0001-initial.ts'
import { migration0002 } from './0002-library-items.ts'
import { migration0003 } from './0003-playback.ts'

function version2Db() {
  const sqlite = new BetterSqlite3(':memory:')
  sqlite.pragma('foreign_keys = ON')
  migrate(sqlite, [migration0001, migration0002])
  sqlite.exec(`INSERT INTO users (id, username, type, is_active, is_locked, permissions, libraries_accessible, item_tags_selected,
      series_hide_from_continue_listening, created_at, updated_at) VALUES ('u', 'u', 'user', 1, 0, '{}', '[]', '[]', '[]', 0, 0);
    INSERT INTO libraries VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0);
    INSERT INTO library_folders VALUES ('f', 'lib', '/books', 0);
    INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at)
      VALUES ('i', 'lib', 'f', 'book', 'm', '/books/a', 'a', 0, 0);
    INSERT INTO media_progress (id, user_id, library_item_id, current_time, last_update, started_at) VALUES ('p', 'u', 'i', 42, 1, 1);`)
  return sqlite
}

describe('migration 0003', () => {
  it('upgrades a version-2 database holding progress, keeping it', () => {
    const sqlite = version2Db()
    expect(migrate(sqlite, [migration0001, migration0002, migration0003])).toEqual([3])
    expect(sqlite.prepare('SELECT "current_time" FROM media_progress').get()).toEqual({ current_time: 42 })
    sqlite.exec(`INSERT INTO playback_sessions (id, user_id, library_id, library_item_id, media_type, play_method, date, day_of_week, started_at, updated_at)
      VALUES ('s', 'u', 'lib', 'i', 'book', 0, '2026-01-01', 4, 0, 0);
      INSERT INTO bookmarks VALUES ('u', 'i', 12.5, 'Here', 0);`)
    expect(() => sqlite.exec(`INSERT INTO bookmarks VALUES ('u', 'i', 12.5, 'Twice', 0)`)).toThrow(/UNIQUE/)
  })

  it('keeps session history when the item goes, drops bookmarks with it, and both with the user', () => {
    const sqlite = version2Db()
    migrate(sqlite, [migration0001, migration0002, migration0003])
    sqlite.exec(`INSERT INTO playback_sessions (id, user_id, library_id, library_item_id, media_type, play_method, date, day_of_week, started_at, updated_at)
      VALUES ('s', 'u', 'lib', 'i', 'book', 0, '2026-01-01', 4, 0, 0);
      INSERT INTO bookmarks VALUES ('u', 'i', 1, 'B', 0);
      DELETE FROM library_items WHERE id = 'i';`)
    expect(sqlite.prepare('SELECT COUNT(*) AS n FROM bookmarks').get()).toEqual({ n: 0 })
    expect(sqlite.prepare('SELECT COUNT(*) AS n FROM playback_sessions').get()).toEqual({ n: 1 })
    sqlite.exec(`DELETE FROM users WHERE id = 'u'`)
    expect(sqlite.prepare('SELECT COUNT(*) AS n FROM playback_sessions').get()).toEqual({ n: 0 })
  })
})
