import fs from 'node:fs'
import path from 'node:path'
import { isInsideOrEqual } from '../../files/contained-path.ts'
import { MAX_FILENAME_BYTES, sanitizeFilename } from '../../files/sanitize-filename.ts'

/** Audio extensions an enclosure may keep; anything else is saved as mp3 (what nearly every feed serves). */
const AUDIO_EXTENSIONS = new Set([
  'mp3',
  'm4a',
  'm4b',
  'mp4',
  'aac',
  'ogg',
  'oga',
  'opus',
  'flac',
  'wav',
  'webm',
])

const EXTENSION_BY_TYPE: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/x-mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4b': 'm4b',
  'audio/aac': 'aac',
  'audio/x-aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
  'video/mp4': 'mp4',
}

/** Room left in a name for the extension and a " (123)" suffix. */
const SUFFIX_RESERVE = 8
/** Beyond this many same-named files something is wrong (a loop): the download fails instead. */
const MAX_SUFFIX = 1000

/** The file extension (no dot) for an enclosure: its declared type, else its URL's, else mp3. */
export function episodeExtension(type: string | null, url: string): string {
  const declared = type?.split(';')[0]?.trim().toLowerCase()
  const byType = declared ? EXTENSION_BY_TYPE[declared] : undefined
  if (byType) return byType
  let pathname: string
  try {
    pathname = new URL(url).pathname
  } catch {
    pathname = ''
  }
  const ext = path.extname(pathname).slice(1).toLowerCase()
  return AUDIO_EXTENSIONS.has(ext) ? ext : 'mp3'
}

/** The base name of an episode's file: its title made safe as one path segment ('Episode' when nothing is left). */
export function episodeFileStem(title: string, ext: string): string {
  return sanitizeFilename(title, MAX_FILENAME_BYTES - ext.length - 1 - SUFFIX_RESERVE) || 'Episode'
}

/**
 * A free path `<folder>/<stem>.<ext>` — or `<stem> (2).<ext>`, `(3)` … — that does not exist yet (nothing is
 * ever overwritten). Throws when the result would leave the folder.
 */
export function freeEpisodePath(folder: string, stem: string, ext: string): string {
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const name = n === 1 ? `${stem}.${ext}` : `${stem} (${n}).${ext}`
    const candidate = path.resolve(folder, name)
    if (path.dirname(candidate) !== folder || !isInsideOrEqual(candidate, folder)) {
      throw new Error('episode file name escapes the podcast folder')
    }
    if (!fs.existsSync(candidate)) return candidate
  }
  throw new Error('no free file name for the episode')
}
