import type BetterSqlite3 from 'better-sqlite3'
import { migrations } from './migrations/index.ts'

export interface Migration {
  version: number
  name: string
  up(sqlite: BetterSqlite3.Database): void
}

export class MigrationError extends Error {}

/**
 * Applies every pending migration in one transaction: either the database reaches the newest
 * version or it is left exactly as it was.
 */
export function migrate(sqlite: BetterSqlite3.Database, list: readonly Migration[] = migrations): number[] {
  sqlite.exec(
    'CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  )
  const applied = new Set(
    (sqlite.prepare('SELECT version FROM migrations').all() as { version: number }[]).map((r) => r.version),
  )
  const newest = Math.max(0, ...list.map((m) => m.version))
  const newestApplied = Math.max(0, ...applied)
  if (newestApplied > newest) {
    throw new MigrationError(
      `The database was written by a newer Shelfcast (schema ${newestApplied}, this version knows ${newest}). Upgrade Shelfcast.`,
    )
  }
  const pending = [...list].sort((a, b) => a.version - b.version).filter((m) => !applied.has(m.version))
  if (pending.length === 0) return []
  const insert = sqlite.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)')
  sqlite.transaction(() => {
    for (const m of pending) {
      m.up(sqlite)
      insert.run(m.version, m.name, Date.now())
    }
  })()
  return pending.map((m) => m.version)
}
