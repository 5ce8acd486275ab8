import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0014', () => {
  it('adds the last scan version to existing libraries as unknown', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 14),
    )
    sqlite.exec(`INSERT INTO libraries (id, name, media_type, display_order, icon, provider, settings, created_at, updated_at, last_scan)
      VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 0, 0, 5)`)
    expect(migrate(sqlite, migrations)).toContain(14)
    expect(sqlite.prepare('SELECT last_scan, last_scan_version FROM libraries').all()).toEqual([
      { last_scan: 5, last_scan_version: null },
    ])
  })
})
