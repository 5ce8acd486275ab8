import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0017', () => {
  it('adds shares (one per slug, gone with their book) whose writes move the library content version', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 17),
    )
    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 17),
      ),
    ).toEqual([17])
    sqlite.exec(`
      INSERT INTO libraries (id, name, media_type, display_order, icon, provider, settings, created_at, updated_at)
        VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 1, 1);
      INSERT INTO library_folders (id, library_id, full_path, created_at) VALUES ('f', 'lib', '/books', 1);
      INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at)
        VALUES ('book', 'lib', 'f', 'book', 'm', '/books/a', 'a', 1, 1);
    `)
    const version = () =>
      (
        sqlite.prepare(`SELECT version FROM library_content_versions WHERE library_id = 'lib'`).get() as {
          version: number
        }
      ).version
    const before = version()
    const insert = sqlite.prepare(
      `INSERT INTO shares (id, slug, media_item_id, media_item_type, expires_at, created_at, updated_at) VALUES (?, ?, 'book', 'book', NULL, 1, 1)`,
    )
    insert.run('s1', 'slug')
    expect(version()).toBe(before + 1)
    expect(() => insert.run('s2', 'slug')).toThrow(/UNIQUE/)
    sqlite.exec(
      `INSERT INTO share_sessions (id_hash, share_id, "current_time", created_at, updated_at) VALUES ('h', 's1', 3, 1, 1)`,
    )
    sqlite.exec(`DELETE FROM library_items WHERE id = 'book'`)
    expect(sqlite.prepare('SELECT count(*) AS n FROM shares').get()).toEqual({ n: 0 })
    expect(sqlite.prepare('SELECT count(*) AS n FROM share_sessions').get()).toEqual({ n: 0 })
  })
})
