import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'
import { FILTER_COLUMNS_INDEX } from './0006-item-filter-columns.ts'

const plan = (sqlite: BetterSqlite3.Database, query: string) =>
  (sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as { detail: string }[])
    .map((r) => r.detail)
    .join(' | ')

describe('migration 0006', () => {
  it('lets a column filter be tested per item from the narrow index, not the item row', () => {
    const sqlite = new BetterSqlite3(':memory:')
    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 6),
      ),
    ).toContain(6)
    const query = `SELECT li.id FROM library_items li WHERE li.library_id = 'l'
      AND EXISTS (SELECT 1 FROM library_items fc INDEXED BY ${FILTER_COLUMNS_INDEX} WHERE fc.id = li.id AND fc.num_tracks > 1)
      ORDER BY li.duration, li.id LIMIT 50`
    expect(plan(sqlite, query)).toMatch(
      /COVERING INDEX library_items_duration.*COVERING INDEX library_items_filter_columns \(id=\? AND num_tracks>\?\)/,
    )
  })
})
