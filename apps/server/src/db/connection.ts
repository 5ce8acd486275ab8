import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './schema.ts'
import { migrate } from './migrate.ts'
import { statementCachingDatabase } from './statement-cache.ts'

export interface DatabaseHandle {
  db: Kysely<Database>
  sqlite: BetterSqlite3.Database
  close(): Promise<void>
}

export const databaseFileName = 'shelfcast.sqlite'

/** Opens (creating if needed) the SQLite database in WAL mode and applies pending migrations. */
export function openDatabase(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new BetterSqlite3(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // NORMAL is durable in WAL mode against process crashes; only an OS crash may lose the last commits.
  sqlite.pragma('synchronous = NORMAL')
  try {
    migrate(sqlite)
  } catch (err) {
    sqlite.close()
    throw err
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statementCachingDatabase(sqlite) }) })
  return {
    db,
    sqlite,
    async close() {
      await db.destroy()
    },
  }
}
