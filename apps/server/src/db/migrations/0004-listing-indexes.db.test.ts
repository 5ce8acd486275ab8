import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migration0001 } from './0001-initial.ts'
import { migration0002 } from './0002-library-items.ts'
import { migration0004 } from './0004-listing-indexes.ts'

const plan = (sqlite: BetterSqlite3.Database, query: string) =>
  (sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as { detail: string }[])
    .map((r) => r.detail)
    .join(' | ')

describe('migration 0004', () => {
  it('upgrades a version-2 database (0003 is independent) holding items, keeping every row', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(sqlite, [migration0001, migration0002])
    sqlite.exec(`INSERT INTO libraries VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0);
      INSERT INTO library_folders VALUES ('f', 'lib', '/books', 0);
      INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at, title)
        VALUES ('i', 'lib', 'f', 'book', 'm', '/books/a', 'a', 0, 0, 'A');
      INSERT INTO item_facets VALUES ('i', 'lib', 'genre', 'Fantasy');`)
    expect(migrate(sqlite, [migration0001, migration0002, migration0004])).toEqual([4])
    expect(sqlite.prepare('SELECT count(*) AS n FROM library_items').get()).toEqual({ n: 1 })
    expect(
      sqlite
        .prepare(
          "SELECT item_id FROM item_facets WHERE library_id = 'lib' AND kind = 'genre' AND value = 'Fantasy'",
        )
        .all(),
    ).toEqual([{ item_id: 'i' }])
  })

  it('lets a sorted, filtered page be chosen from index entries alone', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(sqlite, [migration0001, migration0002, migration0004])
    expect(
      plan(
        sqlite,
        `SELECT li.id FROM library_items li WHERE li.library_id = 'l' AND li.id IN
          (SELECT item_id FROM item_facets WHERE library_id = 'l' AND kind = 'genre' AND value = 'x')
          ORDER BY li.title COLLATE NOCASE, li.id LIMIT 50`,
      ),
    ).toMatch(/COVERING INDEX library_items_title_full.*COVERING INDEX item_facets_value/)
    expect(
      plan(sqlite, `SELECT id FROM library_items WHERE library_id = 'l' AND (isbn IS NULL OR isbn = '')`),
    ).toMatch(/COVERING INDEX library_items_missing_isbn/)
    expect(
      plan(sqlite, `SELECT count(*) FROM library_items WHERE library_id = 'l' AND explicit = 0`),
    ).toMatch(/COVERING INDEX library_items_explicit/)
    expect(
      plan(
        sqlite,
        `SELECT id FROM library_items WHERE library_id = 'l' AND (is_missing = 1 OR is_invalid = 1)`,
      ),
    ).toMatch(/COVERING INDEX library_items_issues/)
  })
})
