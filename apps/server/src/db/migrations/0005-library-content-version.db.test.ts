import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'
import { migration0001 } from './0001-initial.ts'
import { migration0002 } from './0002-library-items.ts'
import { migration0005 } from './0005-library-content-version.ts'

const version = (sqlite: BetterSqlite3.Database, lib = 'lib') =>
  (
    sqlite.prepare('SELECT version FROM library_content_versions WHERE library_id = ?').get(lib) as
      { version: number } | undefined
  )?.version ?? 0

describe('migration 0005', () => {
  it('upgrades a database holding items; later changes of items, authors and series move the version', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(sqlite, [migration0001, migration0002])
    sqlite.exec(`INSERT INTO libraries VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0);
      INSERT INTO library_folders VALUES ('f', 'lib', '/books', 0);
      INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at)
        VALUES ('i', 'lib', 'f', 'book', 'm', '/books/a', 'a', 0, 0);`)
    expect(migrate(sqlite, [migration0001, migration0002, migration0005])).toEqual([5])
    expect(sqlite.prepare('SELECT count(*) AS n FROM library_items').get()).toEqual({ n: 1 })
    expect(version(sqlite)).toBe(0)
    const steps = [
      "UPDATE library_items SET title = 'T' WHERE id = 'i'",
      "INSERT INTO authors VALUES ('a', 'lib', 'A', 'A', NULL, NULL, NULL, 0, 0)",
      "UPDATE authors SET name = 'B' WHERE id = 'a'",
      "INSERT INTO series VALUES ('s', 'lib', 'S', 'S', NULL, 0, 0)",
      "DELETE FROM series WHERE id = 's'",
      "INSERT INTO library_items (id, library_id, folder_id, media_type, media_id, path, rel_path, added_at, updated_at) VALUES ('j', 'lib', 'f', 'book', 'n', '/books/b', 'b', 0, 0)",
      "DELETE FROM library_items WHERE id = 'j'",
    ]
    let last = version(sqlite)
    for (const step of steps) {
      sqlite.exec(step)
      expect([step, version(sqlite) > last]).toEqual([step, true])
      last = version(sqlite)
    }
    // Items removed by a cascade count too; progress writes do not.
    sqlite.exec(
      "INSERT INTO users (id, username, type, permissions, libraries_accessible, item_tags_selected, series_hide_from_continue_listening, created_at, updated_at) VALUES ('u', 'u', 'root', '{}', '[]', '[]', '[]', 0, 0)",
    )
    sqlite.exec(
      "INSERT INTO media_progress (id, user_id, library_item_id, last_update, started_at) VALUES ('p', 'u', 'i', 0, 0)",
    )
    sqlite.exec("UPDATE media_progress SET progress = 0.5 WHERE id = 'p'")
    expect(version(sqlite)).toBe(last)
    sqlite.exec("DELETE FROM library_folders WHERE id = 'f'")
    expect(version(sqlite)).toBeGreaterThan(last)
  })

  it('is in the migration list', () => {
    expect(migrations.map((m) => m.version)).toContain(5)
  })
})
