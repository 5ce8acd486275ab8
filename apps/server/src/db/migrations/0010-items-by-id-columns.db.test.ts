import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'
import { ITEMS_BY_ID_INDEX } from './0010-items-by-id-columns.ts'

const plan = (sqlite: BetterSqlite3.Database, query: string) =>
  (sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as { detail: string }[])
    .map((r) => r.detail)
    .join(' | ')

describe('migration 0010', () => {
  it('sorts a small filter set by keys read from the by-id index (as the listing forces it), not from item rows', () => {
    const sqlite = new BetterSqlite3(':memory:')
    expect(migrate(sqlite, migrations)).toContain(10)
    const drive = `SELECT li.id FROM library_items li INDEXED BY ${ITEMS_BY_ID_INDEX} WHERE +li.library_id = 'l'
      AND li.id IN (SELECT item_id FROM item_facets WHERE library_id = 'l' AND kind = 'genre' AND value = 'x')
      ORDER BY li.title_ignore_prefix COLLATE NOCASE, li.id LIMIT 50`
    expect(plan(sqlite, drive)).toContain(`COVERING INDEX ${ITEMS_BY_ID_INDEX}`)
    const test = `SELECT li.id FROM library_items li WHERE li.library_id = 'l'
      AND EXISTS (SELECT 1 FROM library_items fc INDEXED BY ${ITEMS_BY_ID_INDEX} WHERE fc.id = li.id AND fc.num_tracks > 1)
      ORDER BY li.duration, li.id LIMIT 50`
    expect(plan(sqlite, test)).toMatch(
      new RegExp(`COVERING INDEX library_items_duration.*COVERING INDEX ${ITEMS_BY_ID_INDEX}`),
    )
  })
})
