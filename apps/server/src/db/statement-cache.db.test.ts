import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { statementCachingDatabase } from './statement-cache.ts'

describe('statementCachingDatabase', () => {
  const open: BetterSqlite3.Database[] = []
  const fresh = () => {
    const sqlite = new BetterSqlite3(':memory:')
    open.push(sqlite)
    sqlite.exec('CREATE TABLE t (n INTEGER)')
    sqlite.exec('INSERT INTO t VALUES (1), (2), (3)')
    return sqlite
  }
  afterEach(() => {
    for (const s of open.splice(0)) if (s.open) s.close()
  })

  it('prepares a SQL text once and reuses the statement', () => {
    const db = statementCachingDatabase(fresh())
    const a = db.prepare('SELECT n FROM t WHERE n > ?')
    expect(db.prepare('SELECT n FROM t WHERE n > ?')).toBe(a)
    expect(db.prepare('SELECT n FROM t WHERE n < ?')).not.toBe(a)
  })

  it('prepares afresh while the cached statement is still being iterated', () => {
    const db = statementCachingDatabase(fresh())
    const text = 'SELECT n FROM t ORDER BY n'
    const first = db.prepare(text) as unknown as BetterSqlite3.Statement
    const rows: unknown[] = []
    for (const row of first.iterate()) {
      const inner = db.prepare(text)
      expect(inner).not.toBe(first)
      rows.push([row, inner.all([]).length])
    }
    expect(rows).toEqual([
      [{ n: 1 }, 3],
      [{ n: 2 }, 3],
      [{ n: 3 }, 3],
    ])
    expect(db.prepare(text)).toBe(first)
  })

  it('keeps at most the given number of statements, dropping the oldest', () => {
    const db = statementCachingDatabase(fresh(), 2)
    const a = db.prepare('SELECT 1')
    db.prepare('SELECT 2')
    db.prepare('SELECT 3')
    expect(db.prepare('SELECT 1')).not.toBe(a)
  })

  it('runs Kysely reads and writes through the cached statements', async () => {
    const k = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: statementCachingDatabase(fresh()) }),
    })
    for (let i = 0; i < 3; i++)
      await k
        .insertInto('t')
        .values({ n: 10 + i })
        .execute()
    const q = () => k.selectFrom('t').select('n').where('n', '>=', 10).orderBy('n').execute()
    expect(await q()).toEqual([{ n: 10 }, { n: 11 }, { n: 12 }])
    expect(await q()).toEqual([{ n: 10 }, { n: 11 }, { n: 12 }])
    expect((await sql<{ c: number }>`SELECT count(*) AS c FROM t`.execute(k)).rows[0]?.c).toBe(6)
    await k.destroy()
  })
})
