import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type BetterSqlite3 from 'better-sqlite3'
import yazl from 'yazl'
import { DATABASE_ENTRY, DETAILS_ENTRY, IMAGE_FOLDERS, type BackupDetails } from './backup-format.ts'

const PAGES_PER_STEP = 256

export class BackupTooLargeError extends Error {}

/** Every regular file under a folder (symlinks are not followed: a backup holds what the server wrote). */
async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true })
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
}

/** Passes bytes through and fails once more than `max` have gone by (0 = no limit). */
function byteCap(max: number, onTooMany: () => Error) {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (max > 0 && seen > max) done(onTooMany())
      else done(null, chunk)
    },
  })
}

export interface WriteBackupOptions {
  sqlite: BetterSqlite3.Database
  folder: string
  id: string
  fileName: string
  metadataPath: string
  details: BackupDetails
  /** Bytes; 0 = unlimited. */
  maxBytes: number
  /** The share of the database copied so far (0..1), after each step. */
  onProgress?: (fraction: number) => void
}

/**
 * Writes one backup archive: SQLite's online backup of the live database (pages copied between steps, so the
 * server keeps answering; never a file copy of the WAL database) into a hidden staging file, zipped with the
 * metadata images under a hidden temp name, flushed and renamed last. A crash leaves only hidden files that
 * the list ignores and the next start removes. Answers the archive's size.
 */
export async function writeBackup(o: WriteBackupOptions): Promise<number> {
  await fs.promises.mkdir(o.folder, { recursive: true })
  const stagedDb = path.join(o.folder, `.${o.id}.sqlite.tmp`)
  const tempZip = path.join(o.folder, `.${o.fileName}.tmp`)
  try {
    // Pages are copied a step at a time with the event loop free between steps (requests keep being answered);
    // a step of 256 pages (1 MiB) keeps each pause short while a large database still copies in few steps.
    await o.sqlite.backup(stagedDb, {
      progress: ({ totalPages, remainingPages }) => {
        if (totalPages > 0) o.onProgress?.((totalPages - remainingPages) / totalPages)
        return PAGES_PER_STEP
      },
    })
    const zip = new yazl.ZipFile()
    // The details first: the list reads only the first entry.
    zip.addBuffer(Buffer.from(JSON.stringify(o.details)), DETAILS_ENTRY)
    zip.addFile(stagedDb, DATABASE_ENTRY)
    for (const [entryRoot, folder] of Object.entries(IMAGE_FOLDERS)) {
      const root = path.join(o.metadataPath, folder)
      for (const file of await filesUnder(root)) {
        const rel = path.relative(root, file).split(path.sep).join('/')
        zip.addFile(file, `${entryRoot}/${rel}`, { compress: !/\.(jpe?g|png|webp|gif)$/i.test(file) })
      }
    }
    zip.end()
    const out = fs.createWriteStream(tempZip, { flags: 'wx' })
    await pipeline(
      zip.outputStream,
      byteCap(o.maxBytes, () => new BackupTooLargeError('The backup is larger than the maximum backup size')),
      out,
    )
    const handle = await fs.promises.open(tempZip, 'r')
    await handle.sync().finally(() => handle.close())
    await fs.promises.rename(tempZip, path.join(o.folder, o.fileName))
    return (await fs.promises.stat(path.join(o.folder, o.fileName))).size
  } finally {
    await fs.promises.rm(stagedDb, { force: true })
    await fs.promises.rm(`${stagedDb}-wal`, { force: true })
    await fs.promises.rm(`${stagedDb}-shm`, { force: true })
    await fs.promises.rm(tempZip, { force: true })
  }
}
