import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** Distinct values of an indexed column, by one index seek per value (a "skip scan"), not a full scan. */
function distinctValues(table: 'item_facets' | 'library_items', column: string, where: RawBuilder<SqlBool>) {
  const col = sql.ref(column)
  return sql<{ v: string }>`
    WITH RECURSIVE d(v) AS (
      SELECT min(${col}) FROM ${sql.table(table)} WHERE ${where} AND ${col} IS NOT NULL AND ${col} != ''
      UNION ALL
      SELECT (SELECT min(${col}) FROM ${sql.table(table)} WHERE ${where} AND ${col} > d.v) FROM d WHERE d.v IS NOT NULL
    )
    SELECT v FROM d WHERE v IS NOT NULL`
}

/**
 * Filter data in SQL. Unrestricted readers get values straight from indexes; readers who see part of a
 * library (tags, explicit) get values of the items they may see only, through `visible` (a condition on `li`).
 */
export class FilterDataRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  private async column(q: RawBuilder<{ v: string }>): Promise<string[]> {
    return (await q.execute(this.db)).rows.map((r) => r.v)
  }

  async authors(libraryId: string, visible: RawBuilder<SqlBool> | null) {
    const has = visible
      ? sql`EXISTS (SELECT 1 FROM item_authors ia JOIN library_items li ON li.id = ia.item_id WHERE ia.author_id = a.id AND ${visible})`
      : sql`EXISTS (SELECT 1 FROM item_authors ia WHERE ia.author_id = a.id)`
    return (
      await sql<{
        id: string
        name: string
      }>`SELECT a.id AS id, a.name AS name FROM authors a WHERE a.library_id = ${libraryId} AND ${has}
        ORDER BY a.name COLLATE NOCASE`.execute(this.db)
    ).rows
  }

  async series(libraryId: string, visible: RawBuilder<SqlBool> | null) {
    const has = visible
      ? sql`EXISTS (SELECT 1 FROM item_series x JOIN library_items li ON li.id = x.item_id WHERE x.series_id = s.id AND ${visible})`
      : sql`EXISTS (SELECT 1 FROM item_series x WHERE x.series_id = s.id)`
    return (
      await sql<{
        id: string
        name: string
      }>`SELECT s.id AS id, s.name AS name FROM series s WHERE s.library_id = ${libraryId} AND ${has}
        ORDER BY s.name COLLATE NOCASE`.execute(this.db)
    ).rows
  }

  async facet(
    libraryId: string,
    kind: 'genre' | 'tag' | 'narrator',
    visible: RawBuilder<SqlBool> | null,
  ): Promise<string[]> {
    if (!visible)
      return this.column(
        distinctValues('item_facets', 'value', sql<SqlBool>`library_id = ${libraryId} AND kind = ${kind}`),
      )
    return this.column(sql<{
      v: string
    }>`SELECT DISTINCT f.value AS v FROM item_facets f JOIN library_items li ON li.id = f.item_id
      WHERE f.library_id = ${libraryId} AND f.kind = ${kind} AND ${visible} ORDER BY f.value`)
  }

  /** Distinct non-empty values of an item column (publisher, language, published_year). */
  async itemColumn(
    libraryId: string,
    column: 'publisher' | 'language' | 'published_year',
    visible: RawBuilder<SqlBool> | null,
  ): Promise<string[]> {
    if (!visible)
      return this.column(distinctValues('library_items', column, sql<SqlBool>`library_id = ${libraryId}`))
    const col = sql.ref(`li.${column}`)
    return this.column(sql<{ v: string }>`SELECT DISTINCT ${col} AS v FROM library_items li
      WHERE li.library_id = ${libraryId} AND ${col} IS NOT NULL AND ${col} != '' AND ${visible} ORDER BY v`)
  }

  async counts(
    libraryId: string,
    visible: RawBuilder<SqlBool> | null,
  ): Promise<{ items: number; issues: number }> {
    const vis = visible ?? sql<SqlBool>`1`
    const r = await sql<{ items: number; issues: number }>`SELECT
        (SELECT count(*) FROM library_items li WHERE li.library_id = ${libraryId} AND ${vis}) AS items,
        (SELECT count(*) FROM library_items li WHERE li.library_id = ${libraryId} AND (li.is_missing = 1 OR li.is_invalid = 1) AND ${vis}) AS issues`.execute(
      this.db,
    )
    return { items: Number(r.rows[0]?.items ?? 0), issues: Number(r.rows[0]?.issues ?? 0) }
  }
}
