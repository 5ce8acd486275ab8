import path from 'node:path'
import { supportedExtensions } from '@shelfcast/contracts'
import { contentTypeOf } from '../files/media-types.ts'

export type FileType = 'audio' | 'ebook' | 'image' | 'info' | 'text' | 'metadata' | 'unknown'

const typeByExt = new Map<string, FileType>()
for (const [type, exts] of Object.entries(supportedExtensions)) {
  for (const ext of exts) typeByExt.set(ext, type as FileType)
}

/** Lower-case extension without the dot ('' when none). */
export const extOf = (fileName: string) => path.extname(fileName).slice(1).toLowerCase()

/** The spec's file type of a name (spec §3 supported file types). */
export const fileTypeOf = (fileName: string): FileType => typeByExt.get(extOf(fileName)) ?? 'unknown'

/** Files that make a folder an item: audio, and for book libraries ebooks too. */
export const isMediaFile = (fileName: string, mediaType: 'book' | 'podcast') => {
  const t = fileTypeOf(fileName)
  return t === 'audio' || (mediaType === 'book' && t === 'ebook')
}

/** A track's `mimeType`, from the server's one content-type table. */
export const audioMimeType = (fileName: string) => contentTypeOf(fileName)

/** Natural order for file and folder names: "Part 2" before "Part 10", case-insensitive. */
export const naturalCompare = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare
