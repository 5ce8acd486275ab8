import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0018', () => {
  it('adds feeds with unique slugs and one feed per entity, gone with their item, collection, series or owner', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 18),
    )
    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 18),
      ),
    ).toEqual([18])
    sqlite.exec(`
      INSERT INTO libraries (id, name, media_type, display_order, icon, provider, settings, created_at, updated_at)
        VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 1, 1);
      INSERT INTO users (id, username, username_key, type, password_hash, is_active, permissions, libraries_accessible, item_tags_selected, created_at, updated_at)
        VALUES ('u', 'u', 'u', 'admin', NULL, 1, '{}', '[]', '[]', 1, 1), ('v', 'v', 'v', 'admin', NULL, 1, '{}', '[]', '[]', 1, 1);
      INSERT INTO collections (id, library_id, name, description, created_at, updated_at) VALUES ('c1', 'lib', 'C', NULL, 1, 1);
      INSERT INTO series (id, library_id, name, name_ignore_prefix, description, added_at, updated_at) VALUES ('s1', 'lib', 'S', 'S', NULL, 1, 1);
    `)
    const insert = sqlite.prepare(
      `INSERT INTO feeds (id, slug, user_id, entity_type, entity_id, server_address, meta, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'https://x', '{}', 1, 1)`,
    )
    insert.run('f1', 'one', 'u', 'collection', 'c1')
    insert.run('f2', 'two', 'u', 'series', 's1')
    insert.run('f3', 'three', 'v', 'item', 'i1')
    expect(() => insert.run('f4', 'one', 'u', 'item', 'i2')).toThrow(/UNIQUE/)
    expect(() => insert.run('f5', 'five', 'u', 'collection', 'c1')).toThrow(/UNIQUE/)
    expect(() => insert.run('f6', 'six', 'u', 'shelf', 'x')).toThrow(/CHECK/)

    const ids = () =>
      (sqlite.prepare('SELECT id FROM feeds ORDER BY id').all() as { id: string }[]).map((r) => r.id)
    sqlite.exec(`DELETE FROM collections WHERE id = 'c1'`)
    expect(ids()).toEqual(['f2', 'f3'])
    sqlite.exec(`DELETE FROM series WHERE id = 's1'`)
    expect(ids()).toEqual(['f3'])
    sqlite.exec(`DELETE FROM users WHERE id = 'v'`)
    expect(ids()).toEqual([])
  })
})
