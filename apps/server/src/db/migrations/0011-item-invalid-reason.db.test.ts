import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0011', () => {
  it('adds an empty invalid reason to existing items', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 11),
    )
    expect(migrate(sqlite, migrations)).toContain(11)
    const columns = sqlite.prepare('PRAGMA table_info(library_items)').all() as {
      name: string
      dflt_value: unknown
    }[]
    expect(columns.find((c) => c.name === 'invalid_reason')).toMatchObject({ dflt_value: null })
  })
})
