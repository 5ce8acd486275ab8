import { z } from 'zod'

/** Audiobookshelf's backup extension, so files move between the two servers' folders without renaming. */
export const BACKUP_EXTENSION = '.audiobookshelf'
/** The online copy of the database inside the archive. */
export const DATABASE_ENTRY = 'shelfcast.sqlite'
/** Which server and schema made the archive. */
export const DETAILS_ENTRY = 'details.json'
/** Archive folder -> metadata folder: the items' and authors' stored images (and item metadata files). */
export const IMAGE_FOLDERS = { 'metadata-items': 'items', 'metadata-authors': 'authors' } as const
export type ImageFolderEntry = keyof typeof IMAGE_FOLDERS

/** Names that only Audiobookshelf's backups carry. */
export const AUDIOBOOKSHELF_ENTRIES = new Set(['absdatabase.sqlite', 'details'])

export const BackupDetails = z.object({
  app: z.literal('shelfcast'),
  serverVersion: z.string().max(50),
  schemaVersion: z.number().int().min(1),
  createdAt: z.number().int().min(0),
})
export type BackupDetails = z.infer<typeof BackupDetails>

/** A backup's id: its file name without the extension (also what the routes take). */
export const backupIdPattern = /^[\w.-]{1,200}$/

/** A sortable id from the creation time: 2026-11-27T041500 (UTC; Audiobookshelf uses the same shape). */
export function backupIdFor(ms: number): string {
  const iso = new Date(ms).toISOString()
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`
}
