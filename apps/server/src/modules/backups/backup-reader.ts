import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import BetterSqlite3 from 'better-sqlite3'
import yauzl from 'yauzl'
import { migrate } from '../../db/migrate.ts'
import { migrations } from '../../db/migrations/index.ts'
import {
  AUDIOBOOKSHELF_ENTRIES,
  BackupDetails,
  DATABASE_ENTRY,
  DETAILS_ENTRY,
  IMAGE_FOLDERS,
  type ImageFolderEntry,
} from './backup-format.ts'

/** The archive is not one this server can restore; the message says why (shown to the admin). */
export class InvalidBackupError extends Error {}

const MiB = 1024 * 1024
/** Bounds against zip bombs: the unpacked total may be this many times the archive, or this floor. */
const MAX_EXPANSION = 100
const MIN_UNPACKED_ALLOWANCE = 64 * MiB
const MAX_UNPACKED_BYTES = 50 * 1024 * MiB
const MAX_ENTRIES = 2_000_000
const MAX_DETAILS_BYTES = 64 * 1024

export const newestSchemaVersion = Math.max(...migrations.map((m) => m.version))

interface ArchiveEntry {
  name: string
  size: number
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (err, zip) => (err ? reject(new InvalidBackupError('The file is not a zip archive')) : resolve(zip)),
    )
  })
}

/** yauzl's own refusals (it checks names too) in the words of ours. */
function asInvalid(err: Error): InvalidBackupError {
  if (err instanceof InvalidBackupError) return err
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(err.message))
    return new InvalidBackupError('The archive has an entry outside its folder')
  return new InvalidBackupError(`Damaged archive: ${err.message}`)
}

/** Walks the central directory, calling `visit` for each entry in turn (awaited before the next). */
function eachEntry(zip: yauzl.ZipFile, visit: (entry: yauzl.Entry) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('error', (err: Error) => reject(asInvalid(err)))
    zip.on('end', () => resolve())
    zip.on('entry', (entry: yauzl.Entry) => {
      visit(entry).then(
        () => zip.readEntry(),
        (err: unknown) => reject(err),
      )
    })
    zip.readEntry()
  })
}

/** Where an entry may go: the database, the details, or a file under one of the image folders. */
function classify(
  name: string,
): 'database' | 'details' | 'directory' | { root: ImageFolderEntry; rel: string } {
  if (AUDIOBOOKSHELF_ENTRIES.has(name))
    throw new InvalidBackupError('This is an Audiobookshelf backup; Shelfcast cannot restore it')
  const segments = name.split('/')
  if (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-z]:/i.test(name) ||
    segments.some((s) => s === '..' || s === '.')
  )
    throw new InvalidBackupError('The archive has an entry outside its folder')
  if (name === DATABASE_ENTRY) return 'database'
  if (name === DETAILS_ENTRY) return 'details'
  const [root, ...rest] = segments
  if (root && Object.hasOwn(IMAGE_FOLDERS, root)) {
    const rel = rest.join('/')
    if (rel === '' || name.endsWith('/')) return 'directory'
    return { root: root as ImageFolderEntry, rel }
  }
  throw new InvalidBackupError('The archive holds files a Shelfcast backup does not have')
}

/** Fails once a stream gives more bytes than its entry declared (yauzl checks too; this bounds the disk). */
function atMost(max: number) {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (seen > max) done(new InvalidBackupError('An archive entry is larger than it says'))
      else done(null, chunk)
    },
  })
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err ? reject(new InvalidBackupError(`Damaged archive: ${err.message}`)) : resolve(stream),
    ),
  )
}

/** Checks names and sizes of every entry before anything is written. */
async function listEntries(file: string): Promise<ArchiveEntry[]> {
  const archiveBytes = (await fs.promises.stat(file)).size
  const allowance = Math.min(
    MAX_UNPACKED_BYTES,
    Math.max(MIN_UNPACKED_ALLOWANCE, archiveBytes * MAX_EXPANSION),
  )
  const zip = await openZip(file)
  const entries: ArchiveEntry[] = []
  let total = 0
  try {
    await eachEntry(zip, async (entry) => {
      classify(entry.fileName)
      total += entry.uncompressedSize
      if (total > allowance)
        throw new InvalidBackupError('The archive unpacks to more than it may (a zip bomb?)')
      if (entries.length >= MAX_ENTRIES) throw new InvalidBackupError('The archive has too many entries')
      entries.push({ name: entry.fileName, size: entry.uncompressedSize })
    })
  } finally {
    zip.close()
  }
  const names = new Set(entries.map((e) => e.name))
  if (!names.has(DATABASE_ENTRY) || !names.has(DETAILS_ENTRY))
    throw new InvalidBackupError('The archive is not a Shelfcast backup (no database or details)')
  return entries
}

export interface ExtractTarget {
  /** Where the database entry is written. */
  databaseFile: string
  /** The folder `items/` and `authors/` are written under. */
  imagesFolder: string
}

/** Unpacks a checked archive into staging places; every write is confined to its target. */
async function extract(file: string, target: ExtractTarget): Promise<BackupDetails> {
  const zip = await openZip(file)
  let details: unknown = null
  try {
    await eachEntry(zip, async (entry) => {
      const kind = classify(entry.fileName)
      if (kind === 'directory') return
      if (kind === 'details') {
        if (entry.uncompressedSize > MAX_DETAILS_BYTES)
          throw new InvalidBackupError('The backup details are too large')
        const chunks: Buffer[] = []
        const capped = atMost(MAX_DETAILS_BYTES)
        capped.on('data', (c: Buffer) => chunks.push(c))
        await pipeline(await entryStream(zip, entry), capped)
        try {
          details = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          throw new InvalidBackupError('The backup details are not readable')
        }
        return
      }
      let dest: string
      if (kind === 'database') dest = target.databaseFile
      else {
        const root = path.join(target.imagesFolder, IMAGE_FOLDERS[kind.root])
        dest = path.resolve(root, ...kind.rel.split('/'))
        const rel = path.relative(root, dest)
        if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel))
          throw new InvalidBackupError('The archive has an entry outside its folder')
      }
      await fs.promises.mkdir(path.dirname(dest), { recursive: true })
      await pipeline(
        await entryStream(zip, entry),
        atMost(entry.uncompressedSize),
        fs.createWriteStream(dest, { flags: 'wx' }),
      )
    })
  } catch (err) {
    if (err instanceof InvalidBackupError) throw err
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new InvalidBackupError('The archive has the same entry twice')
    throw new InvalidBackupError(`Damaged archive: ${(err as Error).message}`)
  } finally {
    zip.close()
  }
  const parsed = BackupDetails.safeParse(details)
  if (!parsed.success) throw new InvalidBackupError('The archive is not a Shelfcast backup (unknown details)')
  return parsed.data
}

/**
 * Opens a staged database copy: a SQLite file, `integrity_check` ok, a Shelfcast schema no newer than ours;
 * then migrates it forward and leaves it in rollback-journal mode (one self-contained file to rename).
 * Answers the schema version it had.
 */
export function checkAndMigrateDatabase(file: string): number {
  let sqlite: BetterSqlite3.Database
  try {
    sqlite = new BetterSqlite3(file, { fileMustExist: true })
  } catch {
    throw new InvalidBackupError('The backup database cannot be opened')
  }
  try {
    let ok: boolean
    try {
      const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[]
      ok = rows.length === 1 && rows[0]?.integrity_check === 'ok'
    } catch {
      ok = false
    }
    if (!ok) throw new InvalidBackupError('The backup database is damaged (integrity check failed)')
    let schemaVersion: number
    try {
      const row = sqlite.prepare('SELECT max(version) AS v FROM migrations').get() as { v: number | null }
      schemaVersion = row.v ?? 0
    } catch {
      throw new InvalidBackupError('The archive is not a Shelfcast backup (no schema version)')
    }
    if (schemaVersion < 1)
      throw new InvalidBackupError('The archive is not a Shelfcast backup (no schema version)')
    if (schemaVersion > newestSchemaVersion)
      throw new InvalidBackupError(
        `The backup was made by a newer Shelfcast (schema ${schemaVersion}, this version knows ${newestSchemaVersion})`,
      )
    try {
      migrate(sqlite)
    } catch (err) {
      throw new InvalidBackupError(`The backup database could not be migrated: ${(err as Error).message}`)
    }
    sqlite.pragma('journal_mode = DELETE')
    return schemaVersion
  } finally {
    sqlite.close()
  }
}

/**
 * Validates an archive end to end in staging places: names and sizes first, then unpacked with every entry
 * confined, then the database checked and migrated. Throws InvalidBackupError; the caller removes staging.
 */
export async function stageBackup(
  file: string,
  target: ExtractTarget,
): Promise<{ details: BackupDetails; schemaVersion: number }> {
  await listEntries(file)
  const details = await extract(file, target)
  const schemaVersion = checkAndMigrateDatabase(target.databaseFile)
  return { details, schemaVersion }
}

/** Reads the details of an archive (its first entry, so a list never walks big archives); null if unreadable. */
export async function readDetails(file: string): Promise<BackupDetails | null> {
  let zip: yauzl.ZipFile
  try {
    zip = await openZip(file)
  } catch {
    return null
  }
  try {
    const first = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      zip.once('error', reject)
      zip.once('end', () => resolve(null))
      zip.once('entry', (entry: yauzl.Entry) => resolve(entry))
      zip.readEntry()
    })
    if (!first || first.fileName !== DETAILS_ENTRY || first.uncompressedSize > MAX_DETAILS_BYTES) return null
    const chunks: Buffer[] = []
    const capped = atMost(MAX_DETAILS_BYTES)
    capped.on('data', (c: Buffer) => chunks.push(c))
    await pipeline(await entryStream(zip, first), capped)
    const parsed = BackupDetails.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  } finally {
    zip.close()
  }
}
