import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migration0001 } from './0001-initial.ts'

describe('migration 0001', () => {
  it('creates the tables and allows only one root', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(sqlite, [migration0001])
    const tables = (
      sqlite.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]
    ).map((t) => t.name)
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'refresh_tokens',
        'api_keys',
        'settings',
        'libraries',
        'library_folders',
      ]),
    )
    const insert = sqlite.prepare(
      "INSERT INTO users (id, username, type, permissions, created_at, updated_at) VALUES (?, ?, 'root', '{}', 0, 0)",
    )
    insert.run('a', 'root1')
    expect(() => insert.run('b', 'root2')).toThrow(/UNIQUE/)
  })

  it('treats usernames case-insensitively', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(sqlite, [migration0001])
    const insert = sqlite.prepare(
      "INSERT INTO users (id, username, type, permissions, created_at, updated_at) VALUES (?, ?, 'user', '{}', 0, 0)",
    )
    insert.run('a', 'Alice')
    expect(() => insert.run('b', 'alice')).toThrow(/UNIQUE/)
  })
})
