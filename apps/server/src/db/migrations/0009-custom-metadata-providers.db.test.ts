import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0009', () => {
  it('adds the custom metadata providers table to an older database, which accepts only book and podcast providers', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 9),
    )
    expect(migrate(sqlite, migrations)).toContain(9)
    sqlite.exec(
      `INSERT INTO custom_metadata_providers VALUES ('p', 'Mine', 'https://meta.example', 'book', 'secret', 1, 1)`,
    )
    expect(sqlite.prepare('SELECT name, media_type FROM custom_metadata_providers').all()).toEqual([
      { name: 'Mine', media_type: 'book' },
    ])
    expect(() =>
      sqlite.exec(
        `INSERT INTO custom_metadata_providers VALUES ('q', 'X', 'https://x', 'music', NULL, 1, 1)`,
      ),
    ).toThrow(/CHECK/)
  })
})
