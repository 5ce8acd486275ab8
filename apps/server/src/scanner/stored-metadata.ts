import fs from 'node:fs/promises'
import path from 'node:path'
import type { WalkedFile } from './walk.ts'

/** Where an item's edits are kept when they are not stored in its own folder: <metadata>/items/<id>/metadata.json. */
export const storedMetadataPath = (metadataPath: string, itemId: string) =>
  path.join(metadataPath, 'items', itemId, 'metadata.json')

/** The stored metadata.json of an item as a walked file, or null when there is none. */
export async function storedMetadataFile(metadataPath: string, itemId: string): Promise<WalkedFile | null> {
  const file = storedMetadataPath(metadataPath, itemId)
  const st = await fs.stat(file).catch(() => null)
  if (!st?.isFile()) return null
  return {
    path: file,
    name: 'metadata.json',
    relPath: 'metadata.json',
    ino: String(st.ino),
    size: st.size,
    mtimeMs: st.mtimeMs,
    ctimeMs: st.ctimeMs,
    birthtimeMs: st.birthtimeMs,
  }
}
