import type { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import type { DownloadableItem } from '../library-items/items.service.ts'

/**
 * A zip of items, streamed as it is written: entries are stored, not compressed (audio and ebooks are
 * compressed already, and storing keeps a 2 GB download at disk speed); ZIP64 where sizes need it.
 * With `nest`, each item's entries sit in a folder named after it (several items in one zip).
 */
export function zipItems(items: readonly DownloadableItem[], nest: boolean): Readable {
  const zip = new ZipFile()
  const used = new Set<string>()
  for (const item of items) {
    const top = nest ? uniqueName(item.folderName, used) : ''
    for (const f of item.files) {
      zip.addFile(f.path, top ? `${top}/${f.name}` : f.name, { compress: false, mtime: new Date(f.mtimeMs) })
    }
  }
  zip.end()
  return zip.outputStream as Readable
}

/** Two items with the same folder name (in different folders) get "name (2)". */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name
  for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${name} (${i})`
  used.add(candidate.toLowerCase())
  return candidate
}
