import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0008', () => {
  it('keeps entries in order and drops them with their item or library', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 8),
    )
    sqlite.exec(`INSERT INTO libraries VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0, NULL);
      INSERT INTO library_folders VALUES ('f', 'lib', '/books', 0);
      INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at, title)
        VALUES ('a', 'lib', 'f', 'book', 'ma', '/books/a', 'a', 0, 0, 'A'), ('b', 'lib', 'f', 'book', 'mb', '/books/b', 'b', 0, 0, 'B');`)
    expect(migrate(sqlite, migrations)).toContain(8)
    sqlite.exec(`INSERT INTO collections VALUES ('c', 'lib', 'C', NULL, 0, 0);
      INSERT INTO collection_books VALUES ('c', 'b', 0), ('c', 'a', 1);`)
    expect(
      sqlite
        .prepare("SELECT item_id FROM collection_books WHERE collection_id = 'c' ORDER BY position")
        .all(),
    ).toEqual([{ item_id: 'b' }, { item_id: 'a' }])
    sqlite.exec("DELETE FROM library_items WHERE id = 'b'")
    expect(sqlite.prepare('SELECT item_id FROM collection_books').all()).toEqual([{ item_id: 'a' }])
    sqlite.exec("DELETE FROM libraries WHERE id = 'lib'")
    expect(sqlite.prepare('SELECT count(*) AS n FROM collections').get()).toEqual({ n: 0 })
  })
})
