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
/** Address space (not memory) for the database's read map; SQLite caps it just under 2 GiB in this build. */
export const MMAP_BYTES = 2 * 1024 ** 3

/** Opens (creating if needed) the SQLite database in WAL mode and applies pending migrations. */
export function openDatabase(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  // No busy wait: the lock below is held for the server's life, so waiting for it could only delay the error.
  const sqlite = new BetterSqlite3(file, { timeout: 0 })
  try {
    // The server is the database's only user: holding its lock for good spares every read transaction the
    // file lock calls of shared WAL mode (system calls, expensive in VMs), and a second server started on the
    // same CONFIG_PATH stops at once instead of sharing the file. Inspect the file with the server stopped.
    sqlite.pragma('locking_mode = EXCLUSIVE')
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('foreign_keys = ON')
    // NORMAL is durable in WAL mode against process crashes; only an OS crash may lose the last commits.
    sqlite.pragma('synchronous = NORMAL')
    // Reads through a memory map instead of a read() per page: list pages of a 100,000-item library read a few
    // hundred scattered pages each (~25 % less SQLite time under load). Writes still go through the WAL.
    sqlite.pragma(`mmap_size = ${MMAP_BYTES}`)
    migrate(sqlite)
  } catch (err) {
    sqlite.close()
    if (err instanceof BetterSqlite3.SqliteError && err.code === 'SQLITE_BUSY') {
      throw new Error(`The database ${file} is in use by another running server (database is locked)`, {
        cause: err,
      })
    }
    throw err
  }
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statementCachingDatabase(sqlite) }),
  })
  return {
    db,
    sqlite,
    async close() {
      await db.destroy()
      // Kysely closes the connection only if it ever ran a query through it.
      if (sqlite.open) sqlite.close()
    },
  }
}
