import type BetterSqlite3 from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/**
 * The connection as Kysely's SQLite dialect sees it, with each SQL text prepared once: Kysely prepares every
 * query anew, which was a tenth of a busy server's CPU. A statement still being iterated (a streamed query) is
 * busy and cannot run twice at once, so a busy one is prepared afresh. The cache is bounded (oldest out first):
 * `IN (?, ?, …)` lists make a new text per length.
 */
export function statementCachingDatabase(
  sqlite: BetterSqlite3.Database,
  maxStatements = 1000,
): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql)
      if (cached && !cached.busy) return cached
      const stmt = sqlite.prepare(sql)
      if (cached) return stmt
      if (statements.size >= maxStatements) statements.delete(statements.keys().next().value as string)
      statements.set(sql, stmt)
      return stmt
    },
  }
}
