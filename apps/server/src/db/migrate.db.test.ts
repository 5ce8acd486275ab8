import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate, MigrationError, type Migration } from './migrate.ts'
import { migrations } from './migrations/index.ts'

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-mig-')), 'db.sqlite')

describe('migrate', () => {
  it('applies every migration once and is idempotent', () => {
    const sqlite = new BetterSqlite3(tmpFile())
    expect(migrate(sqlite).length).toBe(migrations.length)
    expect(migrate(sqlite)).toEqual([])
  })

  it('leaves the database untouched when a migration fails', () => {
    const file = tmpFile()
    const sqlite = new BetterSqlite3(file)
    migrate(sqlite)
    sqlite.prepare("INSERT INTO settings (key, value) VALUES ('k', 'v')").run()
    const broken: Migration[] = [
      ...migrations,
      { version: 900, name: 'adds-a-table', up: (s) => s.exec('CREATE TABLE extra (x INTEGER)') },
      { version: 901, name: 'fails', up: (s) => s.exec('THIS IS NOT SQL') },
    ]
    expect(() => migrate(sqlite, broken)).toThrow()
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").all()
    expect(tables).toEqual([])
    expect(sqlite.prepare('SELECT MAX(version) AS v FROM migrations').get()).toEqual({
      v: Math.max(...migrations.map((m) => m.version)),
    })
    expect(sqlite.prepare("SELECT value FROM settings WHERE key = 'k'").get()).toEqual({ value: 'v' })
  })

  it('refuses a database from a newer version', () => {
    const sqlite = new BetterSqlite3(':memory:')
    migrate(sqlite)
    sqlite.prepare("INSERT INTO migrations VALUES (999, 'future', 0)").run()
    expect(() => migrate(sqlite)).toThrow(MigrationError)
  })
})
