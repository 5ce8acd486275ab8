import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migration0001 } from './0001-initial.ts'
import { migration0002 } from './0002-library-items.ts'

function freshDb() {
  const sqlite = new BetterSqlite3(':memory:')
  sqlite.pragma('foreign_keys = ON')
  migrate(sqlite, [migration0001])
  return sqlite
}

describe('migration 0002', () => {
  it('upgrades a version-1 database that already holds a library', () => {
    const sqlite = freshDb()
    sqlite.exec(`INSERT INTO libraries VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0);
      INSERT INTO library_folders VALUES ('f', 'lib', '/books', 0);`)
    expect(migrate(sqlite, [migration0001, migration0002])).toEqual([2])
    sqlite
      .prepare(
        "INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at, title) VALUES ('i', 'lib', 'f', 'book', 'm', '/books/a', 'a', 0, 0, 'A')",
      )
      .run()
    sqlite.prepare("INSERT INTO items_fts (item_id, library_id, title) VALUES ('i', 'lib', 'Ã Tale')").run()
    // Search folds accents.
    expect(sqlite.prepare("SELECT item_id FROM items_fts WHERE items_fts MATCH 'tale'").all()).toEqual([
      { item_id: 'i' },
    ])
    expect(sqlite.prepare("SELECT item_id FROM items_fts WHERE items_fts MATCH 'a*'").all()).toEqual([
      { item_id: 'i' },
    ])
  })

  it('deletes an item’s rows with its library', () => {
    const sqlite = freshDb()
    migrate(sqlite, [migration0001, migration0002])
    sqlite.exec(`INSERT INTO libraries VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0);
      INSERT INTO library_folders VALUES ('f', 'lib', '/books', 0);
      INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at) VALUES ('i', 'lib', 'f', 'book', 'm', '/books/a', 'a', 0, 0);
      INSERT INTO item_facets VALUES ('i', 'lib', 'genre', 'Fantasy');
      DELETE FROM libraries WHERE id = 'lib';`)
    expect(sqlite.prepare('SELECT COUNT(*) AS n FROM item_facets').get()).toEqual({ n: 0 })
  })
})
