import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../migrate.ts'
import { migrations } from './index.ts'

describe('migration 0013', () => {
  it('finds podcasts among the items through an index, not a scan', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(
      sqlite,
      migrations.filter((m) => m.version < 13),
    )
    const plan = () =>
      (
        sqlite
          .prepare(
            `EXPLAIN QUERY PLAN SELECT id, podcast FROM library_items WHERE media_type = ? AND json_extract(podcast, '$.autoDownloadEpisodes') = 1`,
          )
          .all('podcast') as { detail: string }[]
      )
        .map((r) => r.detail)
        .join(' | ')
    expect(plan()).toMatch(/^SCAN library_items/)
    expect(migrate(sqlite, migrations)).toContain(13)
    expect(plan()).toContain('USING INDEX library_items_media_type')
  })
})
