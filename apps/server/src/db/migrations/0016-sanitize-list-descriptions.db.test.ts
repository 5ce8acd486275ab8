import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { HOSTILE_DESCRIPTION, HOSTILE_DESCRIPTION_SANITISED } from '../../test-support/hostile-markup.ts'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0016', () => {
  it('rewrites stored collection, playlist and series descriptions through the sanitiser, leaving plain text alone', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 16),
    )
    sqlite.exec(`
      INSERT INTO libraries (id, name, media_type, display_order, icon, provider, settings, created_at, updated_at)
        VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 1, 1);
      INSERT INTO users (id, username, username_key, type, password_hash, is_active, permissions, libraries_accessible, item_tags_selected, created_at, updated_at)
        VALUES ('u', 'u', 'u', 'user', NULL, 1, '{}', '[]', '[]', 1, 1);
    `)
    sqlite
      .prepare(
        `INSERT INTO collections (id, library_id, name, description, created_at, updated_at) VALUES ('c1', 'lib', 'C', ?, 1, 1), ('c2', 'lib', 'D', ?, 1, 1)`,
      )
      .run(HOSTILE_DESCRIPTION, 'Tom & Jerry')
    sqlite
      .prepare(
        `INSERT INTO playlists (id, library_id, user_id, name, description, created_at, updated_at) VALUES ('p1', 'lib', 'u', 'P', ?, 1, 1)`,
      )
      .run(HOSTILE_DESCRIPTION)
    sqlite
      .prepare(
        `INSERT INTO series (id, library_id, name, name_ignore_prefix, description, added_at, updated_at) VALUES ('s1', 'lib', 'S', 'S', ?, 1, 1)`,
      )
      .run(HOSTILE_DESCRIPTION)

    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 16),
      ),
    ).toEqual([16])

    expect(sqlite.prepare('SELECT id, description FROM collections ORDER BY id').all()).toEqual([
      { id: 'c1', description: HOSTILE_DESCRIPTION_SANITISED },
      { id: 'c2', description: 'Tom & Jerry' },
    ])
    expect(sqlite.prepare('SELECT description FROM playlists').get()).toEqual({
      description: HOSTILE_DESCRIPTION_SANITISED,
    })
    expect(sqlite.prepare('SELECT description FROM series').get()).toEqual({
      description: HOSTILE_DESCRIPTION_SANITISED,
    })
  })
})
