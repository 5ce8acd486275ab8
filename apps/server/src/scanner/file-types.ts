import path from 'node:path'
import { supportedExtensions } from '@shelfcast/contracts'

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

const mimeByExt: Record<string, string> = {
  mp3: 'audio/mpeg',
  mpeg: 'audio/mpeg',
  mpg: 'audio/mpeg',
  m4b: 'audio/mp4',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  opus: 'audio/ogg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wma: 'audio/x-ms-wma',
  aiff: 'audio/x-aiff',
  aif: 'audio/x-aiff',
  wav: 'audio/wav',
  webm: 'audio/webm',
  webma: 'audio/webm',
  mka: 'audio/x-matroska',
  awb: 'audio/amr-wb',
  caf: 'audio/x-caf',
}

export const audioMimeType = (fileName: string) => mimeByExt[extOf(fileName)] ?? 'application/octet-stream'

/** Natural order for file and folder names: "Part 2" before "Part 10", case-insensitive. */
export const naturalCompare = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare
