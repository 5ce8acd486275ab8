import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0021', () => {
  it('keeps file choices per item and drops them with the item', () => {
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.pragma('foreign_keys = ON')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 21),
    )
    expect(
      migrate(
        sqlite,
        migrations.filter((m) => m.version <= 21),
      ),
    ).toEqual([21])
    expect(() =>
      sqlite.prepare("INSERT INTO item_file_choices (item_id, track_order) VALUES ('nope', '[]')").run(),
    ).toThrow(/FOREIGN KEY/)
    const columns = sqlite.prepare("SELECT name FROM pragma_table_info('item_file_choices')").pluck().all()
    expect(columns).toEqual(['item_id', 'track_order', 'primary_ebook'])
  })
})
