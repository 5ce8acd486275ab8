import type { Migration } from '../migrate.ts'

/**
 * Indexes for browsing 100,000 items without reading item rows (which carry kilobytes of JSON):
 * - every sort index ends with the item id, so a page is chosen from index entries alone and a filter
 *   given as a set of item ids is tested without touching the table;
 * - join and facet indexes end with the item id, so filter sets come straight out of an index;
 * - column filters (publisher, language, tracks, ebook, explicit) and the "missing"/"issues"/"abridged"
 *   filters get (partial) indexes that yield item ids.
 */
const SORT_INDEXES: [name: string, key: string][] = [
  ['library_items_title', 'title_ignore_prefix COLLATE NOCASE'],
  ['library_items_title_full', 'title COLLATE NOCASE'],
  ['library_items_author', 'author_name COLLATE NOCASE'],
  ['library_items_author_lf', 'author_name_lf COLLATE NOCASE'],
  ['library_items_added', 'added_at'],
  ['library_items_year', 'published_year'],
  ['library_items_duration', 'duration'],
  ['library_items_size', 'size'],
  ['library_items_mtime', 'mtime_ms'],
  ['library_items_birthtime', 'birthtime_ms'],
]

/** Partial indexes behind the `missing.<field>` filters; the listing repeats these conditions verbatim. */
export const MISSING_COLUMNS = {
  isbn: 'isbn',
  asin: 'asin',
  subtitle: 'subtitle',
  description: 'description',
  cover: 'cover_path',
} as const
export const missingCondition = (column: string) => `(${column} IS NULL OR ${column} = '')`
export const ISSUES_CONDITION = '(is_missing = 1 OR is_invalid = 1)'
export const SUPPLEMENTARY_EBOOK_CONDITION = `instr(library_files, '"isSupplementary":true') > 0`

export const migration0004: Migration = {
  version: 4,
  name: 'listing-indexes',
  up(sqlite) {
    for (const [name, key] of SORT_INDEXES) {
      sqlite.exec(
        `DROP INDEX IF EXISTS ${name}; CREATE INDEX ${name} ON library_items (library_id, ${key}, id);`,
      )
    }
    sqlite.exec(`
      CREATE INDEX library_items_library_id ON library_items (library_id, id);
      CREATE INDEX library_items_num_tracks ON library_items (library_id, num_tracks, id);
      CREATE INDEX library_items_explicit ON library_items (library_id, explicit, id);
      CREATE INDEX library_items_publisher ON library_items (library_id, publisher, id);
      CREATE INDEX library_items_language ON library_items (library_id, language, id);
      CREATE INDEX library_items_ebook ON library_items (library_id, ebook_format, id);
      DROP INDEX IF EXISTS library_items_issues;
      CREATE INDEX library_items_issues ON library_items (library_id, id, is_missing, is_invalid) WHERE ${ISSUES_CONDITION};
      CREATE INDEX library_items_abridged ON library_items (library_id, id, abridged) WHERE abridged = 1;
      CREATE INDEX library_items_supplementary ON library_items (library_id, id) WHERE ${SUPPLEMENTARY_EBOOK_CONDITION};

      DROP INDEX IF EXISTS item_facets_value;
      CREATE INDEX item_facets_value ON item_facets (library_id, kind, value, item_id);
      DROP INDEX IF EXISTS item_authors_author;
      CREATE INDEX item_authors_author ON item_authors (author_id, item_id);
      DROP INDEX IF EXISTS item_series_series;
      CREATE INDEX item_series_series ON item_series (series_id, sequence_sort, item_id);

      CREATE INDEX authors_added ON authors (library_id, added_at);
      CREATE INDEX series_added ON series (library_id, added_at);
    `)
    // The column is part of each partial index so the condition is checked without reading the row.
    for (const [field, column] of Object.entries(MISSING_COLUMNS)) {
      sqlite.exec(
        `CREATE INDEX library_items_missing_${field} ON library_items (library_id, id, ${column}) WHERE ${missingCondition(column)}`,
      )
    }
  },
}
