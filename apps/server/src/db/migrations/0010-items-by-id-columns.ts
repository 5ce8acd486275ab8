import type { Migration } from '../migrate.ts'
import { FILTER_COLUMNS } from './0006-item-filter-columns.ts'

/**
 * Migration 0006's narrow index keyed by the item id, widened with every sort column: a small filter set
 * read first and then sorted ("drive", listing.repository.ts) gets each item's sort key from this index
 * instead of its row (a page of kilobytes of JSON per item), and filters are still tested from it.
 */
export const SORT_COLUMNS = [
  'title_ignore_prefix',
  'title',
  'author_name',
  'author_name_lf',
  'duration',
  'added_at',
  'size',
  'mtime_ms',
  'birthtime_ms',
] as const
export const ITEMS_BY_ID_INDEX = 'library_items_by_id'

export const migration0010: Migration = {
  version: 10,
  name: 'items-by-id-columns',
  up(sqlite) {
    sqlite.exec(`
      DROP INDEX IF EXISTS library_items_filter_columns;
      CREATE INDEX ${ITEMS_BY_ID_INDEX} ON library_items (id, library_id, ${[...FILTER_COLUMNS, ...SORT_COLUMNS].join(', ')});
    `)
  },
}
