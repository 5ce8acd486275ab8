import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { contentStamp, StampedCache } from '../../db/stamped-cache.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'

/**
 * Search in SQL over the items_fts index (its rowid is the item's rowid). The MATCH expression comes from
 * search-text.ts and is bound as a parameter; visibility is applied to every hit.
 */
export class SearchRepository {
  private readonly db: Kysely<Database>
  private readonly rowidCache = new StampedCache<{ rowids: Set<number>; share: number }>(20)
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** Rowids of a library's items and the share of the search index they make up (kept until content changes). */
  private async libraryRowids(libraryId: string): Promise<{ rowids: Set<number>; share: number }> {
    return this.rowidCache.get(await contentStamp(this.db, libraryId), libraryId, async () => {
      const rows = (
        await sql<{
          rid: number
        }>`SELECT rowid AS rid FROM library_items WHERE library_id = ${libraryId}`.execute(this.db)
      ).rows
      const all = Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM library_items`.execute(this.db)).rows[0]?.n ?? 0,
      )
      return { rowids: new Set(rows.map((r) => r.rid)), share: all ? rows.length / all : 1 }
    })
  }

  /**
   * Visible items of the library matching `match`: best first (title weighs most) when `ranked`, else in
   * index order. The FTS index holds every library: for a library that is most of it, hits are ranked over
   * the whole index and then checked against the library; for a smaller one, the hits of its own items are
   * found first and only those ranked. Rows are read for the final candidates only.
   */
  async items(
    user: UserRecord,
    libraryId: string,
    match: string,
    limit: number,
    ranked: boolean,
  ): Promise<string[]> {
    const bm25 = sql`bm25(items_fts, 0, 0, 10, 3, 6, 3, 5, 1.5, 1.5, 8)`
    const lib = await this.libraryRowids(libraryId)
    if (lib.share < 0.5) {
      // Scores of every hit come out of the index in one pass; only the library's own are kept and sorted.
      const score = ranked ? bm25 : sql`0`
      const all = (
        await sql<{
          rid: number
          s: number
        }>`SELECT rowid AS rid, ${score} AS s FROM items_fts WHERE items_fts MATCH ${match}`.execute(this.db)
      ).rows
      const mine = all.filter((r) => lib.rowids.has(r.rid))
      if (ranked) mine.sort((a, b) => a.s - b.s)
      return this.visibleInOrder(user, libraryId, mine.slice(0, limit * 4), limit)
    }
    const order = ranked ? sql`ORDER BY ${bm25}` : sql``
    for (let cap = Math.max(ranked ? limit * 4 : limit, 50); ; cap *= 8) {
      const hits = (
        await sql<{
          rid: number
        }>`SELECT rowid AS rid FROM items_fts WHERE items_fts MATCH ${match} ${order} LIMIT ${cap}`.execute(
          this.db,
        )
      ).rows
      if (hits.length === 0) return []
      const found = await this.visibleInOrder(user, libraryId, hits, limit)
      if (found.length >= limit || hits.length < cap) return found
    }
  }

  /** The hits (in their order) whose items are in the library and visible to the user. */
  private async visibleInOrder(
    user: UserRecord,
    libraryId: string,
    hits: readonly { rid: number }[],
    limit: number,
  ): Promise<string[]> {
    if (hits.length === 0) return []
    const rank = new Map(hits.map((h, i) => [h.rid, i]))
    const rowids = sql.join(hits.map((h) => h.rid))
    // The search row knows its item and library: item rows are read only when the access rule needs them.
    const visible = restrictsItemsWithinLibrary(user)
      ? (
          await sql<{ id: string; rid: number }>`SELECT li.id AS id, li.rowid AS rid FROM library_items li
            WHERE li.rowid IN (${rowids}) AND +li.library_id = ${libraryId} AND ${itemVisibility(user, 'li', { probeOnly: true })}`.execute(
            this.db,
          )
        ).rows
      : (
          await sql<{
            id: string
            rid: number
          }>`SELECT item_id AS id, rowid AS rid FROM items_fts WHERE rowid IN (${rowids}) AND library_id = ${libraryId}`.execute(
            this.db,
          )
        ).rows
    return visible
      .sort((a, b) => (rank.get(a.rid) ?? 0) - (rank.get(b.rid) ?? 0))
      .slice(0, limit)
      .map((v) => v.id)
  }

  /** Whether more than `max` items of every library match (counting stops there: "a"* matches nearly all). */
  async matchesMoreThan(match: string, max: number): Promise<boolean> {
    const r = await sql<{
      n: number
    }>`SELECT count(*) AS n FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ${match} LIMIT ${max + 1})`.execute(
      this.db,
    )
    return Number(r.rows[0]?.n ?? 0) > max
  }

  /** Authors of these items. */
  async authorIds(itemIds: readonly string[]): Promise<{ id: string; name: string }[]> {
    if (itemIds.length === 0) return []
    return (
      await sql<{
        id: string
        name: string
      }>`SELECT DISTINCT a.id AS id, a.name AS name FROM item_authors ia JOIN authors a ON a.id = ia.author_id
        WHERE ia.item_id IN (${sql.join([...itemIds])})`.execute(this.db)
    ).rows
  }

  /** Series of these items. */
  async seriesIds(itemIds: readonly string[]): Promise<{ id: string; name: string }[]> {
    if (itemIds.length === 0) return []
    return (
      await sql<{
        id: string
        name: string
      }>`SELECT DISTINCT s.id AS id, s.name AS name FROM item_series x JOIN series s ON s.id = x.series_id
        WHERE x.item_id IN (${sql.join([...itemIds])})`.execute(this.db)
    ).rows
  }

  /** Facet values (genres, tags, narrators) of these items, by kind. */
  async facetValues(
    itemIds: readonly string[],
  ): Promise<{ kind: 'genre' | 'tag' | 'narrator'; value: string }[]> {
    if (itemIds.length === 0) return []
    return (
      await sql<{
        kind: 'genre' | 'tag' | 'narrator'
        value: string
      }>`SELECT DISTINCT kind, value FROM item_facets WHERE item_id IN (${sql.join([...itemIds])})`.execute(
        this.db,
      )
    ).rows
  }

  /** How many items the user may see carry each value. */
  async facetCounts(
    user: UserRecord,
    libraryId: string,
    kind: 'genre' | 'tag' | 'narrator',
    values: readonly string[],
  ): Promise<Map<string, number>> {
    if (values.length === 0) return new Map()
    const r = restrictsItemsWithinLibrary(user)
      ? await sql<{
          v: string
          n: number
        }>`SELECT f.value AS v, count(*) AS n FROM item_facets f JOIN library_items li ON li.id = f.item_id
          WHERE f.library_id = ${libraryId} AND f.kind = ${kind} AND f.value IN (${sql.join([...values])}) AND ${itemVisibility(user, 'li')} GROUP BY f.value`.execute(
          this.db,
        )
      : await sql<{ v: string; n: number }>`SELECT value AS v, count(*) AS n FROM item_facets
          WHERE library_id = ${libraryId} AND kind = ${kind} AND value IN (${sql.join([...values])}) GROUP BY value`.execute(
          this.db,
        )
    return new Map(r.rows.map((x) => [x.v, Number(x.n)]))
  }

  /** Episodes of visible podcasts whose title holds every token (case-insensitive for ASCII). */
  async episodes(
    user: UserRecord,
    libraryId: string,
    tokens: readonly string[],
    limit: number,
  ): Promise<{ itemId: string; episodeId: string; title: string }[]> {
    if (tokens.length === 0) return []
    const like = tokens.map(
      (t) => sql`pe.title LIKE ${`%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`,
    )
    return (
      await sql<{ itemId: string; episodeId: string; title: string }>`
        SELECT li.id AS itemId, pe.id AS episodeId, pe.title AS title FROM library_items li CROSS JOIN podcast_episodes pe ON pe.library_item_id = li.id
        WHERE li.library_id = ${libraryId} AND ${itemVisibility(user, 'li')} AND ${sql.join(like, sql` AND `)}
        ORDER BY pe.published_at DESC LIMIT ${limit}`.execute(this.db)
    ).rows
  }
}
