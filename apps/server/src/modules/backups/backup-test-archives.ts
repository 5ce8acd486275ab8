import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import yazl from 'yazl'
import { migrate, type Migration } from '../../db/migrate.ts'
import { migrations } from '../../db/migrations/index.ts'
import { DATABASE_ENTRY, DETAILS_ENTRY } from './backup-format.ts'

/** Test archives: any entries, in order, as one zip buffer. */
export function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const e of entries) zip.addBuffer(e.data, e.name)
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

/** A compact database file (VACUUM INTO: no free pages) migrated to the given migrations, prepared by `fill`. */
export function databaseBytes(
  dir: string,
  fill: (sqlite: BetterSqlite3.Database) => void = () => undefined,
  list: readonly Migration[] = migrations,
): Buffer {
  const live = path.join(dir, `db-${Math.random().toString(36).slice(2)}.sqlite`)
  const sqlite = new BetterSqlite3(live)
  migrate(sqlite, list)
  fill(sqlite)
  const out = `${live}.compact`
  sqlite.prepare('VACUUM INTO ?').run(out)
  sqlite.close()
  return fs.readFileSync(out)
}

export const detailsBytes = (schemaVersion: number, createdAt = Date.UTC(2026, 0, 2)) =>
  Buffer.from(JSON.stringify({ app: 'shelfcast', serverVersion: '0.1.0', schemaVersion, createdAt }))

/** A well-formed Shelfcast backup around the given database bytes. */
export const backupOf = (db: Buffer, schemaVersion: number, extra: { name: string; data: Buffer }[] = []) =>
  zipOf([
    { name: DETAILS_ENTRY, data: detailsBytes(schemaVersion) },
    { name: DATABASE_ENTRY, data: db },
    ...extra,
  ])

/** Renames an entry in a finished zip (same length), e.g. to a `../` name no zip writer would make. */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have one length')
  const out = Buffer.from(zip)
  const a = Buffer.from(from)
  const b = Buffer.from(to)
  for (let at = out.indexOf(a); at !== -1; at = out.indexOf(a, at + 1)) b.copy(out, at)
  return out
}
