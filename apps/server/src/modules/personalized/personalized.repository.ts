import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { contentStamp, StampedCache } from '../../db/stamped-cache.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'

/** A progress row joined to its visible item (book: episodeId ''). */
export interface ProgressHit {
  itemId: string
  episodeId: string
  lastUpdate: number
}

/** The shelves made of the user's progress rows. */
export type ProgressShelf =
  | 'continue-listening'
  | 'continue-reading'
  | 'listen-again'
  | 'read-again'
  | 'episodes-listening'
  | 'episodes-again'

const progressShelves: Record<
  ProgressShelf,
  { where: RawBuilder<SqlBool>; order: 'last_update' | 'finished_at' }
> = {
  'continue-listening': {
    where: sql<SqlBool>`mp.episode_id = '' AND mp.is_finished = 0 AND mp.hide_from_continue_listening = 0 AND mp."current_time" > 0`,
    order: 'last_update',
  },
  'continue-reading': {
    where: sql<SqlBool>`mp.episode_id = '' AND mp.is_finished = 0 AND mp.hide_from_continue_listening = 0 AND mp.ebook_progress > 0 AND +li.ebook_format IS NOT NULL`,
    order: 'last_update',
  },
  'listen-again': {
    where: sql<SqlBool>`mp.episode_id = '' AND mp.is_finished = 1 AND +li.num_tracks > 0`,
    order: 'finished_at',
  },
  'read-again': {
    where: sql<SqlBool>`mp.episode_id = '' AND mp.is_finished = 1 AND +li.ebook_format IS NOT NULL AND (+li.num_tracks = 0 OR mp.ebook_progress IS NOT NULL)`,
    order: 'finished_at',
  },
  'episodes-listening': {
    where: sql<SqlBool>`mp.episode_id != '' AND mp.is_finished = 0 AND mp.hide_from_continue_listening = 0 AND mp."current_time" > 0`,
    order: 'last_update',
  },
  'episodes-again': { where: sql<SqlBool>`mp.episode_id != '' AND mp.is_finished = 1`, order: 'finished_at' },
}

/**
 * SQL of the home shelves; every query starts from an index (the user's progress, added_at, published_at).
 * Conditions on the items reached from there are written `+col` so SQLite looks items up by id instead of
 * scanning one of their indexes for each progress row.
 */
export class PersonalizedRepository {
  private readonly db: Kysely<Database>
  /** Library-wide counts (shelf totals), kept until the library's content changes. */
  private readonly counts = new StampedCache<number>(200)
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  private async cachedCount(
    libraryId: string,
    key: string,
    query: RawBuilder<{ n: number }>,
  ): Promise<number> {
    return this.counts.get(await contentStamp(this.db, libraryId), key, async () =>
      Number((await query.execute(this.db)).rows[0]?.n ?? 0),
    )
  }

  /** The user's progress rows of a shelf on visible items of the library, most recent first, with a total. */
  async progress(user: UserRecord, libraryId: string, which: ProgressShelf, limit: number) {
    const { where, order } = progressShelves[which]
    const from = sql`FROM media_progress mp CROSS JOIN library_items li ON li.id = mp.library_item_id
      WHERE mp.user_id = ${user.id} AND +li.library_id = ${libraryId} AND ${where} AND ${itemVisibility(user, 'li', { probeOnly: true })}`
    const rows = await sql<{ itemId: string; episodeId: string; lastUpdate: number }>`
      SELECT li.id AS itemId, mp.episode_id AS episodeId, mp.last_update AS lastUpdate ${from}
      ORDER BY ${sql.ref(`mp.${order}`)} DESC LIMIT ${limit}`.execute(this.db)
    const total = Number(
      (await sql<{ n: number }>`SELECT count(*) AS n ${from}`.execute(this.db)).rows[0]?.n ?? 0,
    )
    return { rows: rows.rows, total }
  }

  /**
   * Continue series: series where the user finished a book and has none in progress, with the next book
   * (first by sequence that is neither finished nor started; only after the last finished one if asked).
   */
  async continueSeries(
    user: UserRecord,
    libraryId: string,
    opts: { onlyLater: boolean; hidden: readonly string[] },
  ) {
    const started = sql`SELECT 1 FROM media_progress p WHERE p.user_id = ${user.id} AND p.library_item_id = li.id AND p.episode_id = ''`
    const later = opts.onlyLater
      ? sql`AND (x.sequence_sort IS NULL OR f.maxseq IS NULL OR x.sequence_sort > f.maxseq)`
      : sql``
    const hidden = opts.hidden.length ? sql`AND f.sid NOT IN (${sql.join([...opts.hidden])})` : sql``
    const rows = await sql<{ sid: string; name: string; lu: number; next: string | null }>`
      WITH f AS (
        SELECT x.series_id AS sid, max(mp.last_update) AS lu, max(x.sequence_sort) AS maxseq
        FROM media_progress mp CROSS JOIN item_series x ON x.item_id = mp.library_item_id CROSS JOIN series s ON s.id = x.series_id
        WHERE mp.user_id = ${user.id} AND mp.episode_id = '' AND mp.is_finished = 1 AND +s.library_id = ${libraryId}
        GROUP BY x.series_id
      )
      SELECT f.sid AS sid, (SELECT s.name FROM series s WHERE s.id = f.sid) AS name, f.lu AS lu, (
        SELECT li.id FROM item_series x CROSS JOIN library_items li ON li.id = x.item_id
        WHERE x.series_id = f.sid AND ${itemVisibility(user, 'li', { probeOnly: true })} AND NOT EXISTS (${started}) ${later}
        ORDER BY x.sequence_sort IS NULL, x.sequence_sort, li.id LIMIT 1
      ) AS next
      FROM f
      WHERE NOT EXISTS (
        SELECT 1 FROM item_series x CROSS JOIN media_progress p ON p.library_item_id = x.item_id AND p.user_id = ${user.id} AND p.episode_id = ''
        WHERE x.series_id = f.sid AND p.is_finished = 0 AND (p."current_time" > 0 OR p.ebook_progress > 0)
      ) ${hidden}
      ORDER BY f.lu DESC`.execute(this.db)
    return rows.rows.filter(
      (r): r is { sid: string; name: string; lu: number; next: string } => r.next !== null,
    )
  }

  /**
   * Series of the most recently added visible books, newest first: items are read along the added_at
   * index in batches until enough series are found (at most MAX_BATCHES batches).
   */
  async recentSeriesIds(
    user: UserRecord,
    libraryId: string,
    limit: number,
    minBooks: number,
  ): Promise<string[]> {
    const found: string[] = []
    const seen = new Set<string>()
    const batch = 250
    const MAX_BATCHES = 40
    for (let i = 0; i < MAX_BATCHES && found.length < limit; i++) {
      const ids = (
        await sql<{
          id: string
        }>`SELECT li.id AS id FROM library_items li WHERE li.library_id = ${libraryId} AND ${itemVisibility(user, 'li', { probeOnly: true })}
          ORDER BY li.added_at DESC, li.id DESC LIMIT ${batch} OFFSET ${i * batch}`.execute(this.db)
      ).rows.map((r) => r.id)
      if (ids.length === 0) break
      const rows = await sql<{ item: string; sid: string; n: number }>`
        SELECT x.item_id AS item, x.series_id AS sid, (SELECT count(*) FROM item_series y WHERE y.series_id = x.series_id) AS n
        FROM item_series x WHERE x.item_id IN (${sql.join(ids)})`.execute(this.db)
      const byItem = new Map<string, { sid: string; n: number }[]>()
      for (const r of rows.rows) byItem.set(r.item, [...(byItem.get(r.item) ?? []), r])
      for (const id of ids) {
        for (const r of byItem.get(id) ?? []) {
          if (seen.has(r.sid) || Number(r.n) < minBooks || found.length >= limit) continue
          seen.add(r.sid)
          found.push(r.sid)
        }
      }
      if (ids.length < batch) break
    }
    return found
  }

  async seriesCount(libraryId: string): Promise<number> {
    return this.cachedCount(
      libraryId,
      JSON.stringify(['series', libraryId]),
      sql<{
        n: number
      }>`SELECT count(*) AS n FROM series s WHERE s.library_id = ${libraryId} AND EXISTS (SELECT 1 FROM item_series x WHERE x.series_id = s.id)`,
    )
  }

  /** Newest authors with a visible book. */
  async newestAuthorIds(
    user: UserRecord,
    libraryId: string,
    limit: number,
  ): Promise<{ ids: string[]; total: number }> {
    const has = restrictsItemsWithinLibrary(user)
      ? sql<SqlBool>`EXISTS (SELECT 1 FROM item_authors ia CROSS JOIN library_items li ON li.id = ia.item_id WHERE ia.author_id = a.id AND ${itemVisibility(user, 'li', { probeOnly: true })})`
      : sql<SqlBool>`EXISTS (SELECT 1 FROM item_authors ia WHERE ia.author_id = a.id)`
    const rows = await sql<{
      id: string
    }>`SELECT a.id AS id FROM authors a WHERE a.library_id = ${libraryId} AND ${has} ORDER BY a.added_at DESC, a.id DESC LIMIT ${limit}`.execute(
      this.db,
    )
    const key = JSON.stringify([
      'authors',
      libraryId,
      restrictsItemsWithinLibrary(user) ? [user.permissions, user.itemTagsSelected] : null,
    ])
    const total = await this.cachedCount(
      libraryId,
      key,
      sql<{ n: number }>`SELECT count(*) AS n FROM authors a WHERE a.library_id = ${libraryId} AND ${has}`,
    )
    return { ids: rows.rows.map((r) => r.id), total }
  }

  /** Newest episodes of visible podcasts of the library. */
  async newestEpisodes(user: UserRecord, libraryId: string, limit: number) {
    const from = sql`FROM podcast_episodes pe CROSS JOIN library_items li ON li.id = pe.library_item_id WHERE +li.library_id = ${libraryId} AND ${itemVisibility(user, 'li', { probeOnly: true })}`
    const rows = await sql<{
      itemId: string
      episodeId: string
    }>`SELECT li.id AS itemId, pe.id AS episodeId ${from}
      ORDER BY pe.published_at IS NULL, pe.published_at DESC, pe.added_at DESC LIMIT ${limit}`.execute(
      this.db,
    )
    const total = Number(
      (await sql<{ n: number }>`SELECT count(*) AS n ${from}`.execute(this.db)).rows[0]?.n ?? 0,
    )
    return { rows: rows.rows, total }
  }
}
