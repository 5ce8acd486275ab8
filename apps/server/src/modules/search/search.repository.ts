import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'

/**
 * Search in SQL over the items_fts index (its rowid is the item's rowid). The MATCH expression comes from
 * search-text.ts and is bound as a parameter; visibility is applied to every hit.
 */
export class SearchRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /**
   * Visible items of the library matching `match`: best first (title weighs most) when `ranked`, else in
   * index order. Hits are taken from the FTS index alone first (no row reads), then checked against the
   * library and the access rule; when too few survive, more hits are read (up to everything).
   */
  async items(user: UserRecord, libraryId: string, match: string, limit: number, ranked: boolean): Promise<string[]> {
    const order = ranked ? sql`ORDER BY bm25(items_fts, 0, 0, 10, 3, 6, 3, 5, 1.5, 1.5, 8)` : sql``
    for (let cap = Math.max(limit * 4, 100); ; cap *= 8) {
      const hits = (await sql<{ rid: number }>`SELECT rowid AS rid FROM items_fts WHERE items_fts MATCH ${match} ${order} LIMIT ${cap}`.execute(this.db)).rows
      if (hits.length === 0) return []
      const rank = new Map(hits.map((h, i) => [h.rid, i]))
      const visible = (
        await sql<{ id: string; rid: number }>`SELECT li.id AS id, li.rowid AS rid FROM library_items li
          WHERE li.rowid IN (${sql.join(hits.map((h) => h.rid))}) AND +li.library_id = ${libraryId} AND ${itemVisibility(user, 'li', { probeOnly: true })}`.execute(this.db)
      ).rows
      if (visible.length >= limit || hits.length < cap) {
        return visible
          .sort((a, b) => (rank.get(a.rid) ?? 0) - (rank.get(b.rid) ?? 0))
          .slice(0, limit)
          .map((v) => v.id)
      }
    }
  }

  /** Authors of these items. */
  async authorIds(itemIds: readonly string[]): Promise<{ id: string; name: string }[]> {
    if (itemIds.length === 0) return []
    return (
      await sql<{ id: string; name: string }>`SELECT DISTINCT a.id AS id, a.name AS name FROM item_authors ia JOIN authors a ON a.id = ia.author_id
        WHERE ia.item_id IN (${sql.join([...itemIds])})`.execute(this.db)
    ).rows
  }

  /** Series of these items. */
  async seriesIds(itemIds: readonly string[]): Promise<{ id: string; name: string }[]> {
    if (itemIds.length === 0) return []
    return (
      await sql<{ id: string; name: string }>`SELECT DISTINCT s.id AS id, s.name AS name FROM item_series x JOIN series s ON s.id = x.series_id
        WHERE x.item_id IN (${sql.join([...itemIds])})`.execute(this.db)
    ).rows
  }

  /** Facet values of these items. */
  async facetValues(kind: 'genre' | 'tag' | 'narrator', itemIds: readonly string[]): Promise<string[]> {
    if (itemIds.length === 0) return []
    return (
      await sql<{ v: string }>`SELECT DISTINCT value AS v FROM item_facets WHERE item_id IN (${sql.join([...itemIds])}) AND kind = ${kind}`.execute(this.db)
    ).rows.map((r) => r.v)
  }

  /** How many items the user may see carry each value. */
  async facetCounts(user: UserRecord, libraryId: string, kind: 'genre' | 'tag' | 'narrator', values: readonly string[]): Promise<Map<string, number>> {
    if (values.length === 0) return new Map()
    const r = restrictsItemsWithinLibrary(user)
      ? await sql<{ v: string; n: number }>`SELECT f.value AS v, count(*) AS n FROM item_facets f JOIN library_items li ON li.id = f.item_id
          WHERE f.library_id = ${libraryId} AND f.kind = ${kind} AND f.value IN (${sql.join([...values])}) AND ${itemVisibility(user, 'li')} GROUP BY f.value`.execute(this.db)
      : await sql<{ v: string; n: number }>`SELECT value AS v, count(*) AS n FROM item_facets
          WHERE library_id = ${libraryId} AND kind = ${kind} AND value IN (${sql.join([...values])}) GROUP BY value`.execute(this.db)
    return new Map(r.rows.map((x) => [x.v, Number(x.n)]))
  }

  /** Episodes of visible podcasts whose title holds every token (case-insensitive for ASCII). */
  async episodes(user: UserRecord, libraryId: string, tokens: readonly string[], limit: number): Promise<{ itemId: string; episodeId: string; title: string }[]> {
    if (tokens.length === 0) return []
    const like = tokens.map((t) => sql`pe.title LIKE ${`%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`)
    return (
      await sql<{ itemId: string; episodeId: string; title: string }>`
        SELECT li.id AS itemId, pe.id AS episodeId, pe.title AS title FROM podcast_episodes pe JOIN library_items li ON li.id = pe.library_item_id
        WHERE li.library_id = ${libraryId} AND ${itemVisibility(user, 'li')} AND ${sql.join(like, sql` AND `)}
        ORDER BY pe.published_at DESC LIMIT ${limit}`.execute(this.db)
    ).rows
  }
}
