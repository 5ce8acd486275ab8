import type { Migration } from '../migrate.ts'

/**
 * A version number per library that moves whenever its content changes (items, authors, series), kept by
 * triggers. Caches of derived data (filter data, counts, stats) check it instead of "any write", so the
 * progress syncs of listeners do not throw them away. Join rows (item_authors, item_series, item_facets) are
 * always written together with their item row, whose trigger covers them.
 */
const TABLES = ['library_items', 'authors', 'series'] as const

export const migration0005: Migration = {
  version: 5,
  name: 'library-content-version',
  up(sqlite) {
    sqlite.exec(
      `CREATE TABLE library_content_versions (library_id TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID`,
    )
    const bump = (ref: 'NEW' | 'OLD') =>
      `INSERT INTO library_content_versions (library_id, version) VALUES (${ref}.library_id, 1)
         ON CONFLICT (library_id) DO UPDATE SET version = version + 1;`
    for (const table of TABLES) {
      sqlite.exec(`
        CREATE TRIGGER ${table}_content_insert AFTER INSERT ON ${table} BEGIN ${bump('NEW')} END;
        CREATE TRIGGER ${table}_content_update AFTER UPDATE ON ${table} BEGIN ${bump('NEW')} END;
        CREATE TRIGGER ${table}_content_delete AFTER DELETE ON ${table} BEGIN ${bump('OLD')} END;
      `)
    }
  },
}
