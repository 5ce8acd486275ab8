import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import { storedMetadataPath } from '../../scanner/stored-metadata.ts'

/**
 * Writes an item's metadata.json where the next scan reads it: in the item's folder when the server
 * stores metadata with items or the folder already has one (it would win over a stored copy), else in
 * the server's metadata folder. Written to a temporary name and renamed, so a scan never reads half a file.
 */
export async function writeItemMetadataJson(opts: {
  item: { id: string; path: string; isFile: boolean }
  metadataPath: string
  storeWithItem: boolean
  json: unknown
  log: Logger
}): Promise<string> {
  const inFolder = path.join(opts.item.path, 'metadata.json')
  const stored = storedMetadataPath(opts.metadataPath, opts.item.id)
  const folderHasOne = !opts.item.isFile && (await fs.stat(inFolder).catch(() => null))?.isFile() === true
  const text = `${JSON.stringify(opts.json, null, 2)}\n`
  if (!opts.item.isFile && (opts.storeWithItem || folderHasOne)) {
    try {
      await atomicWrite(inFolder, text)
      await fs.rm(stored, { force: true })
      return inFolder
    } catch (err) {
      // A read-only library folder: keep the edit in the metadata folder instead of losing it.
      opts.log.warn(
        { err, file: inFolder },
        'metadata.json could not be written with the item; stored in the metadata folder',
      )
    }
  }
  await fs.mkdir(path.dirname(stored), { recursive: true })
  await atomicWrite(stored, text)
  return stored
}

async function atomicWrite(file: string, text: string) {
  const tmp = `${file}.${crypto.randomUUID()}.tmp`
  try {
    await fs.writeFile(tmp, text, { mode: 0o644 })
    await fs.rename(tmp, file)
  } catch (err) {
    await fs.rm(tmp, { force: true })
    throw err
  }
}
