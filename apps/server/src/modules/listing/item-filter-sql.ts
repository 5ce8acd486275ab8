import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { MISSING_COLUMNS } from '../../db/migrations/0004-listing-indexes.ts'
import { FILTER_COLUMNS } from '../../db/migrations/0006-item-filter-columns.ts'
import { ITEMS_BY_ID_INDEX } from '../../db/migrations/0010-items-by-id-columns.ts'
import type { ItemFilter, MissingField } from './listing-query.ts'

/**
 * A parsed item filter in two equivalent SQL forms, both read from indexes (migration 0004):
 * - `ids`: the set of item ids (column `item_id`, inside the library), to count it, or to read a small set first;
 * - `test(li)`: a per-item condition for a row reached through a sort index — a primary-key seek in a
 *   join table or a column test — used when the set is too big to be worth building.
 * `in` lists the set's items; `not-in` the library minus the set; `all` / `none` need no SQL.
 * Values are bound parameters.
 */
type Cond = RawBuilder<SqlBool>
export type FilterPlan =
  | { kind: 'all' }
  | { kind: 'none' }
  | {
      kind: 'in'
      ids: RawBuilder<unknown>
      test: (li: string) => Cond
      /** Column filters: the columns tested, and the condition on the row itself (for a sort on one of them). */
      columns?: readonly string[]
      onRow?: (li: string) => Cond
    }
  | { kind: 'not-in'; ids: RawBuilder<unknown>; test: (li: string) => Cond }

export interface FilterContext {
  libraryId: string
  userId: string
}

const facetKind = { genres: 'genre', tags: 'tag', narrators: 'narrator' } as const
const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`)
type Col = (name: string) => RawBuilder<unknown>

export function filterPlan(f: ItemFilter | null, c: FilterContext): FilterPlan {
  if (!f) return { kind: 'all' }
  const lib = c.libraryId
  /**
   * A filter on columns of the item row. The per-item test seeks the item in the narrow by-id index
   * (migrations 0006, 0010) when it holds every column tested, else reads the row with the columns
   * written `+col`, so SQLite checks them on rows reached through the sort index instead of choosing
   * their index.
   */
  const column = (condition: (col: Col) => RawBuilder<unknown>): FilterPlan => {
    const used = new Set<string>()
    condition((name) => (used.add(name), sql``))
    const covered = [...used].every((name) => (FILTER_COLUMNS as readonly string[]).includes(name))
    return {
      kind: 'in',
      ids: sql`SELECT c.id AS item_id FROM library_items c WHERE c.library_id = ${lib} AND ${condition((name) => ref('c', name))}`,
      columns: [...used],
      onRow: (li) => sql<SqlBool>`${condition((name) => ref(li, name))}`,
      test: (li) =>
        covered
          ? sql<SqlBool>`EXISTS (SELECT 1 FROM library_items fc INDEXED BY ${sql.raw(ITEMS_BY_ID_INDEX)}
              WHERE fc.id = ${ref(li, 'id')} AND ${condition((name) => ref('fc', name))})`
          : sql<SqlBool>`${condition((name) => sql`+${ref(li, name)}`)}`,
    }
  }
  const progress = (condition: RawBuilder<unknown>, kind: 'in' | 'not-in'): FilterPlan => ({
    kind,
    // The user's few progress rows drive; the library check is an index seek.
    ids: sql`SELECT mp.library_item_id AS item_id FROM media_progress mp CROSS JOIN library_items lp ON lp.id = mp.library_item_id AND lp.library_id = ${lib}
        WHERE mp.user_id = ${c.userId} AND mp.episode_id = '' AND ${condition}`,
    test: (li) => {
      const exists = sql`EXISTS (SELECT 1 FROM media_progress mp WHERE mp.user_id = ${c.userId} AND mp.library_item_id = ${ref(li, 'id')} AND mp.episode_id = '' AND ${condition})`
      return kind === 'in' ? sql<SqlBool>`${exists}` : sql<SqlBool>`NOT ${exists}`
    },
  })
  switch (f.group) {
    case 'authors':
      return {
        kind: 'in',
        ids: sql`SELECT ia.item_id FROM item_authors ia JOIN authors a ON a.id = ia.author_id WHERE a.id = ${f.id} AND a.library_id = ${lib}`,
        test: (li) =>
          sql<SqlBool>`EXISTS (SELECT 1 FROM item_authors ia WHERE ia.item_id = ${ref(li, 'id')} AND ia.author_id = ${f.id})`,
      }
    case 'series':
      return {
        kind: 'in',
        ids: sql`SELECT x.item_id FROM item_series x JOIN series s ON s.id = x.series_id WHERE s.id = ${f.id} AND s.library_id = ${lib}`,
        test: (li) =>
          sql<SqlBool>`EXISTS (SELECT 1 FROM item_series x WHERE x.item_id = ${ref(li, 'id')} AND x.series_id = ${f.id})`,
      }
    case 'no-series':
      return notInJoin('item_series', lib)
    case 'genres':
    case 'tags':
    case 'narrators': {
      const kind = facetKind[f.group]
      return {
        kind: 'in',
        ids: sql`SELECT item_id FROM item_facets WHERE library_id = ${lib} AND kind = ${kind} AND value = ${f.value}`,
        test: (li) =>
          sql<SqlBool>`EXISTS (SELECT 1 FROM item_facets f WHERE f.item_id = ${ref(li, 'id')} AND f.kind = ${kind} AND f.value = ${f.value})`,
      }
    }
    case 'publishers':
      return column((c) => sql`${c('publisher')} = ${f.value}`)
    case 'languages':
      return column((c) => sql`${c('language')} = ${f.value}`)
    case 'publishedDecades':
      return column(
        (c) =>
          sql`${c('published_year')} >= ${String(f.decade)} AND ${c('published_year')} < ${String(f.decade + 10)}`,
      )
    case 'progress':
      switch (f.value) {
        case 'finished':
          return progress(sql`mp.is_finished = 1`, 'in')
        case 'in-progress':
          return progress(sql`mp.is_finished = 0 AND (mp."current_time" > 0 OR mp.ebook_progress > 0)`, 'in')
        case 'not-started':
          return progress(
            sql`(mp.is_finished = 1 OR mp."current_time" > 0 OR mp.ebook_progress > 0)`,
            'not-in',
          )
        case 'not-finished':
          return progress(sql`mp.is_finished = 1`, 'not-in')
      }
      break
    case 'missing':
      return missingPlan(f.field, lib, column)
    case 'ebooks':
      switch (f.value) {
        case 'ebook':
          return column((c) => sql`${c('ebook_format')} IS NOT NULL`)
        case 'no-ebook':
          return column((c) => sql`${c('ebook_format')} IS NULL`)
        case 'supplementary':
          // The partial index finds candidates by text; the JSON check confirms each.
          return column(
            (c) => sql`instr(${c('library_files')}, '"isSupplementary":true') > 0 AND EXISTS (
              SELECT 1 FROM json_each(${c('library_files')}) j WHERE json_extract(j.value, '$.isSupplementary') = 1)`,
          )
      }
      break
    case 'tracks':
      switch (f.value) {
        case 'none':
          return column((c) => sql`${c('num_tracks')} = 0`)
        case 'single':
          return column((c) => sql`${c('num_tracks')} = 1`)
        case 'multi':
          return column((c) => sql`${c('num_tracks')} > 1`)
      }
      break
    case 'issues':
      return column((c) => sql`(${c('is_missing')} = 1 OR ${c('is_invalid')} = 1)`)
    case 'abridged':
      return column((c) => sql`${c('abridged')} = 1`)
    case 'explicit':
      return column((c) => sql`${c('explicit')} = 1`)
    case 'feed-open':
      // Items with an open RSS feed of their own (feeds of collections and series do not count, as in Audiobookshelf).
      return {
        kind: 'in',
        ids: sql`SELECT f.entity_id AS item_id FROM feeds f JOIN library_items fl ON fl.id = f.entity_id AND fl.library_id = ${lib} WHERE f.entity_type = 'item'`,
        test: (li) =>
          sql<SqlBool>`EXISTS (SELECT 1 FROM feeds f WHERE f.entity_id = ${ref(li, 'id')} AND f.entity_type = 'item')`,
      }
    case 'share-open':
      // No item has an open share yet: the honest answer is the empty set.
      return { kind: 'none' }
  }
  return { kind: 'none' }
}

/** Items of the library with no row in a join table (no series, no authors). */
function notInJoin(table: 'item_series' | 'item_authors', lib: string): FilterPlan {
  const owner =
    table === 'item_series' ? sql`series o ON o.id = j.series_id` : sql`authors o ON o.id = j.author_id`
  return {
    kind: 'not-in',
    ids: sql`SELECT DISTINCT j.item_id FROM ${sql.table(table)} j JOIN ${owner} WHERE o.library_id = ${lib}`,
    test: (li) =>
      sql<SqlBool>`NOT EXISTS (SELECT 1 FROM ${sql.table(table)} j WHERE j.item_id = ${ref(li, 'id')})`,
  }
}

function missingPlan(
  field: MissingField,
  lib: string,
  column: (c: (col: Col) => RawBuilder<unknown>) => FilterPlan,
): FilterPlan {
  const blank = (name: string) => column((c) => sql`(${c(name)} IS NULL OR ${c(name)} = '')`)
  const noFacet = (kind: string): FilterPlan => ({
    kind: 'not-in',
    ids: sql`SELECT DISTINCT item_id FROM item_facets WHERE library_id = ${lib} AND kind = ${kind}`,
    test: (li) =>
      sql<SqlBool>`NOT EXISTS (SELECT 1 FROM item_facets f WHERE f.item_id = ${ref(li, 'id')} AND f.kind = ${kind})`,
  })
  switch (field) {
    case 'asin':
    case 'isbn':
    case 'subtitle':
    case 'description':
    case 'cover':
      return blank(MISSING_COLUMNS[field])
    case 'publisher':
    case 'language':
      return blank(field)
    case 'publishedYear':
      return blank('published_year')
    case 'authors':
      return notInJoin('item_authors', lib)
    case 'series':
      return notInJoin('item_series', lib)
    case 'genres':
      return noFacet('genre')
    case 'tags':
      return noFacet('tag')
    case 'narrators':
      return noFacet('narrator')
  }
}

/** How a list query uses a filter: read its set first, probe a built set, or test each candidate. */
export type FilterUse = 'drive' | 'probe' | 'test'

/** The plan as a condition on the items under `li`. */
export function planCondition(plan: FilterPlan, li: string, use: FilterUse): RawBuilder<SqlBool> {
  switch (plan.kind) {
    case 'all':
      return sql<SqlBool>`1`
    case 'none':
      return sql<SqlBool>`0`
    case 'in':
      if (use === 'test') return plan.test(li)
      // `+` keeps SQLite from driving the query from the set when it is only to be probed.
      return use === 'probe'
        ? sql<SqlBool>`+${ref(li, 'id')} IN (${plan.ids})`
        : sql<SqlBool>`${ref(li, 'id')} IN (${plan.ids})`
    case 'not-in':
      return use === 'test' ? plan.test(li) : sql<SqlBool>`${ref(li, 'id')} NOT IN (${plan.ids})`
  }
}
