import type BetterSqlite3 from 'better-sqlite3'
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** The item facets a change works on; each has a JSON column on the item and a column of the search row. */
export type MetaKind = 'tag' | 'genre' | 'narrator'
const COLUMN: Record<MetaKind, 'tags' | 'genres' | 'narrators'> = {
  tag: 'tags',
  genre: 'genres',
  narrator: 'narrators',
}

/** An item holding a value: its id, library and the list of its values of that kind as saved. */
export interface Holder {
  id: string
  libraryId: string
  values: string[]
}

/** One item's list of values before and after (de-duplicated): only the facets that differ are rewritten. */
export interface ValuesChange {
  id: string
  libraryId: string
  before: readonly string[]
  values: string[]
}

function parseList(json: string | null): string[] {
  try {
    const v: unknown = JSON.parse(json ?? '[]')
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/**
 * Tags, genres and narrators across items in SQL. Reads go through the caller's visibility (`visible`, a
 * condition on `li`); the write is one better-sqlite3 transaction for every item (rows, facets and search
 * rows), so 20,000 items commit at once or not at all.
 */
export class MetaValuesRepository {
  private readonly db: Kysely<Database>
  private readonly sqlite: BetterSqlite3.Database
  constructor(deps: { db: Kysely<Database>; sqlite: BetterSqlite3.Database }) {
    this.db = deps.db
    this.sqlite = deps.sqlite
  }

  /** Each value of `kind` with how many visible items of the libraries hold it. */
  async counts(kind: MetaKind, libraryIds: readonly string[], visible: RawBuilder<SqlBool>) {
    if (libraryIds.length === 0) return new Map<string, number>()
    const rows = (
      await sql<{ value: string; n: number }>`SELECT f.value AS value, count(*) AS n FROM item_facets f
        JOIN library_items li ON li.id = f.item_id
        WHERE f.library_id IN (${sql.join(libraryIds)}) AND f.kind = ${kind} AND ${visible}
        GROUP BY f.value`.execute(this.db)
    ).rows
    return new Map(rows.map((r) => [r.value, Number(r.n)]))
  }

  /** The visible items of the libraries holding exactly `value`, with their current lists. */
  async holders(
    kind: MetaKind,
    value: string,
    libraryIds: readonly string[],
    visible: RawBuilder<SqlBool>,
  ): Promise<Holder[]> {
    if (libraryIds.length === 0) return []
    const column = sql.ref(`li.${COLUMN[kind]}`)
    const rows = (
      await sql<{ id: string; library_id: string; list: string | null }>`SELECT li.id AS id,
          li.library_id AS library_id, ${column} AS list
        FROM item_facets f JOIN library_items li ON li.id = f.item_id
        WHERE f.library_id IN (${sql.join(libraryIds)}) AND f.kind = ${kind} AND f.value = ${value}
          AND ${visible}`.execute(this.db)
    ).rows
    return rows.map((r) => ({ id: r.id, libraryId: r.library_id, values: parseList(r.list) }))
  }

  /**
   * The spelling under which `value` already exists on a visible item of the libraries, ignoring case
   * (the exact spelling first), other than `except`; null when it does not exist.
   */
  async existingSpelling(
    kind: MetaKind,
    value: string,
    except: string,
    libraryIds: readonly string[],
    visible: RawBuilder<SqlBool>,
  ): Promise<string | null> {
    if (libraryIds.length === 0) return null
    const row = (
      await sql<{ value: string }>`SELECT f.value AS value FROM item_facets f
        JOIN library_items li ON li.id = f.item_id
        WHERE f.library_id IN (${sql.join(libraryIds)}) AND f.kind = ${kind}
          AND f.value = ${value} COLLATE NOCASE AND f.value != ${except} AND ${visible}
        ORDER BY f.value = ${value} DESC LIMIT 1`.execute(this.db)
    ).rows[0]
    return row?.value ?? null
  }

  /** Writes every item's new list in one transaction: the JSON column, facets and search row. */
  apply(kind: MetaKind, changes: readonly ValuesChange[], now: number): void {
    if (changes.length === 0) return
    const column = COLUMN[kind]
    const updateRow = this.sqlite.prepare(
      kind === 'narrator'
        ? 'UPDATE library_items SET narrators = ?, narrator_name = ?, updated_at = ? WHERE id = ?'
        : `UPDATE library_items SET ${column} = ?, updated_at = ? WHERE id = ?`,
    )
    const removeFacet = this.sqlite.prepare(
      'DELETE FROM item_facets WHERE item_id = ? AND kind = ? AND value = ?',
    )
    const addFacet = this.sqlite.prepare(
      'INSERT OR IGNORE INTO item_facets (item_id, library_id, kind, value) VALUES (?, ?, ?, ?)',
    )
    const updateSearch = this.sqlite.prepare(
      `UPDATE items_fts SET ${column} = ? WHERE rowid = (SELECT rowid FROM library_items WHERE id = ?)`,
    )
    this.sqlite.transaction(() => {
      for (const c of changes) {
        const json = JSON.stringify(c.values)
        if (kind === 'narrator') updateRow.run(json, c.values.join(', '), now, c.id)
        else updateRow.run(json, now, c.id)
        const after = new Set(c.values)
        const before = new Set(c.before)
        for (const v of before) if (!after.has(v)) removeFacet.run(c.id, kind, v)
        for (const v of after) if (!before.has(v)) addFacet.run(c.id, c.libraryId, kind, v)
        updateSearch.run(c.values.join(' '), c.id)
      }
    })()
  }
}
