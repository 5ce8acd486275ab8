import { sql, type Kysely } from 'kysely'

/**
 * A cheap "has anything been written?" stamp: the rows this connection changed so far plus SQLite's
 * data_version (writes by other connections). The server writes through one connection, so any write
 * anywhere moves the stamp; reading it costs one trivial statement.
 */
export async function changeStamp<DB>(db: Kysely<DB>): Promise<string> {
  const r = await sql<{
    c: number
    v: number
  }>`SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v`.execute(db)
  const row = r.rows[0]
  return row ? `${row.c}:${row.v}` : ''
}

/**
 * A stamp that moves only when the content of one library changes (items, authors, series: migration 0005's
 * triggers) or another connection writes. Progress, sessions and settings writes leave it alone.
 */
export async function contentStamp<DB>(db: Kysely<DB>, libraryId: string): Promise<string> {
  const r = await sql<{
    c: number | null
    v: number
  }>`SELECT (SELECT version FROM library_content_versions WHERE library_id = ${libraryId}) AS c,
    (SELECT data_version FROM pragma_data_version) AS v`.execute(db)
  const row = r.rows[0]
  return row ? `${libraryId}:${row.c ?? 0}:${row.v}` : ''
}

/**
 * Values computed from the database, reused until the next write (see changeStamp). Bounded in size. A value
 * still being computed is shared: concurrent requests for it (a library's filter data at 100,000 items takes
 * seconds) wait for the one computation instead of each starting their own. A failed computation is not kept.
 */
export class StampedCache<V> {
  private readonly entries = new Map<string, { stamp: string; value: Promise<V> }>()
  private readonly max: number
  constructor(max = 500) {
    this.max = max
  }

  get(stamp: string, key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key)
    if (hit && hit.stamp === stamp) return hit.value
    const value = compute()
    this.entries.delete(key)
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { stamp, value })
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }
}
