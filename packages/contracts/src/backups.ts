import { z } from 'zod'

/** One backup archive in the backup folder (Audiobookshelf's backup JSON, plus the schema version it holds). */
export const Backup = z.object({
  /** The file name without `.audiobookshelf`. */
  id: z.string(),
  /** The folder's name relative to the backup folder (always `backups` here, as Audiobookshelf states it). */
  key: z.string(),
  filename: z.string(),
  fullPath: z.string(),
  backupDirPath: z.string(),
  fileSize: z.number(),
  createdAt: z.number(),
  serverVersion: z.string(),
  /** The newest migration the archived database had; a newer one than ours cannot be restored. */
  schemaVersion: z.number().int(),
})
export type Backup = z.infer<typeof Backup>

export const BackupsResponse = z.object({
  backups: z.array(Backup),
  backupLocation: z.string(),
  backupPathEnvSet: z.boolean(),
})
export type BackupsResponse = z.infer<typeof BackupsResponse>

export const UpdateBackupPathRequest = z.object({
  path: z.string().trim().min(1, 'Backup location path cannot be empty').max(1000),
})
export type UpdateBackupPathRequest = z.infer<typeof UpdateBackupPathRequest>
