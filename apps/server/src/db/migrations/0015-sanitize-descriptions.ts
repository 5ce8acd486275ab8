import { sanitizeDescription } from '../../html/sanitize-description.ts'
import type { Migration } from '../migrate.ts'

/** The columns Audiobookshelf's apps draw as HTML: item (book and podcast) and episode descriptions. */
const TABLES = ['library_items', 'podcast_episodes'] as const
const PAGE = 500

/**
 * Descriptions stored before they were sanitised at ingestion (raw feed HTML, OPF and metadata.json text)
 * go through the same sanitiser, so rows the scanner skips as unchanged do not keep serving scripts. Only
 * descriptions holding a '<' can change (the sanitiser keeps any other text as it is); they are read a page
 * at a time by rowid, so a large library never sits in memory at once.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'sanitize-descriptions',
  up(sqlite) {
    sanitizeStoredDescriptions(sqlite, TABLES)
  },
}

/** Rewrites the `description` column of these tables through the sanitiser, a page of rows at a time. */
export function sanitizeStoredDescriptions(
  sqlite: Parameters<Migration['up']>[0],
  tables: readonly string[],
) {
  for (const table of tables) {
    const page = sqlite.prepare(
      `SELECT rowid AS row, description FROM ${table} WHERE rowid > ? AND instr(description, '<') > 0 ORDER BY rowid LIMIT ${PAGE}`,
    )
    const set = sqlite.prepare(`UPDATE ${table} SET description = ? WHERE rowid = ?`)
    let after = 0
    for (;;) {
      const rows = page.all(after) as { row: number; description: string }[]
      for (const r of rows) {
        const clean = sanitizeDescription(r.description)
        if (clean !== r.description) set.run(clean, r.row)
      }
      const last = rows.at(-1)
      if (!last || rows.length < PAGE) break
      after = last.row
    }
  }
}
