import type BetterSqlite3 from 'better-sqlite3'
import type { FeedRow } from './feeds.repository.ts'

const COLUMNS = [
  'id',
  'slug',
  'user_id',
  'entity_type',
  'entity_id',
  'server_address',
  'meta',
  'created_at',
  'updated_at',
] as const

/**
 * Hears every feed row that goes, however it goes: a close, its item, collection or series deleted (the
 * migration's triggers), its owner deleted (foreign key). A TEMP trigger on this connection hands the old row
 * to `onClosed` after the statement, so rss_feed_closed has one source for all of them.
 */
export function watchFeedClosures(sqlite: BetterSqlite3.Database, onClosed: (rows: FeedRow[]) => void) {
  let pending: FeedRow[] = []
  let scheduled = false
  const flush = () => {
    scheduled = false
    const rows = pending
    pending = []
    if (rows.length) onClosed(rows)
  }
  sqlite.function(
    'shelfcast_feed_closed',
    { deterministic: false, varargs: true },
    (...values: unknown[]) => {
      const row = Object.fromEntries(COLUMNS.map((c, i) => [c, values[i]])) as unknown as FeedRow
      pending.push(row)
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
      return null
    },
  )
  sqlite.exec(
    `CREATE TEMP TRIGGER IF NOT EXISTS shelfcast_feed_closed AFTER DELETE ON main.feeds BEGIN
       SELECT shelfcast_feed_closed(${COLUMNS.map((c) => `OLD.${c}`).join(', ')});
     END`,
  )
  /** Sends what went so far at once (a close answers after its event). */
  return { flush }
}
