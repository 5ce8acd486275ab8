import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'
import { USERNAME_KEY_INDEX } from './0012-username-key.ts'

const addUser = (sqlite: BetterSqlite3.Database, id: string, username: string, createdAt: number) =>
  sqlite
    .prepare(
      `INSERT INTO users (id, username, type, permissions, created_at, updated_at) VALUES (?, ?, 'user', '{}', ?, ?)`,
    )
    .run(id, username, createdAt, createdAt)

describe('migration 0012', () => {
  it('keys existing names, keeps names that already shared a key (the younger ranked after), and refuses the key to any new name', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 12),
    )
    // The ASCII-only NOCASE index let these three (NFD the last) share a key before 0012.
    addUser(sqlite, 'young', '\u00e9LODIE', 2)
    addUser(sqlite, 'old', '\u00c9lodie', 1)
    addUser(sqlite, 'youngest', 'E\u0301lodie', 3)
    addUser(sqlite, 'bob', 'Bob', 1)
    expect(migrate(sqlite, migrations)).toContain(12)

    expect(sqlite.prepare('SELECT id, username_key, username_key_rank FROM users ORDER BY id').all()).toEqual(
      [
        { id: 'bob', username_key: 'bob', username_key_rank: 0 },
        { id: 'old', username_key: '\u00e9lodie', username_key_rank: 0 },
        { id: 'young', username_key: '\u00e9lodie', username_key_rank: 1 },
        { id: 'youngest', username_key: '\u00e9lodie', username_key_rank: 2 },
      ],
    )
    const insert = sqlite.prepare(
      `INSERT INTO users (id, username, username_key, type, permissions, created_at, updated_at) VALUES (?, ?, ?, 'user', '{}', 4, 4)`,
    )
    expect(() => insert.run('new', '\u00e9lodie', '\u00e9lodie')).toThrow(/UNIQUE constraint failed/)
    expect(() => insert.run('new', 'BOB ', 'bob')).toThrow(/UNIQUE constraint failed/)
    expect(
      (
        sqlite.prepare(`EXPLAIN QUERY PLAN SELECT * FROM users WHERE username_key = ?`).all('bob') as {
          detail: string
        }[]
      )
        .map((r) => r.detail)
        .join(),
    ).toContain(`INDEX ${USERNAME_KEY_INDEX}`)
  })
})
