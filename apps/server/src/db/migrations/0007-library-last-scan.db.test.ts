import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0007', () => {
  it('adds lastScan to existing libraries as "never scanned"', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 7),
    )
    sqlite.exec(`INSERT INTO libraries VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0)`)
    expect(migrate(sqlite, migrations)).toContain(7)
    expect(sqlite.prepare('SELECT id, last_scan FROM libraries').all()).toEqual([
      { id: 'lib', last_scan: null },
    ])
  })
})
