import type { ServerSettings, UpdateServerSettingsRequest } from '@shelfcast/contracts'
import {
  scheduleToCron,
  validateSchedule,
  cronErrorKeys,
  parseCron,
  type Schedule,
} from '@/features/config-libraries/index.ts'

/** The Backups page's settings as the form edits them (numbers as typed). */
export interface BackupSettingsDraft {
  /** null: no automatic backups. */
  schedule: Schedule | null
  backupsToKeep: string
  maxBackupSize: string
}

export function backupSettingsDraft(
  s: Pick<ServerSettings, 'backupSchedule' | 'backupsToKeep' | 'maxBackupSize'>,
): BackupSettingsDraft {
  return {
    schedule: s.backupSchedule === false ? null : parseCron(s.backupSchedule),
    backupsToKeep: String(s.backupsToKeep),
    maxBackupSize: String(s.maxBackupSize),
  }
}

/** The locale key of the first problem (spec §5 messages), or null. */
export function backupSettingsProblem(d: BackupSettingsDraft): string | null {
  const keep = Number(d.backupsToKeep)
  if (d.backupsToKeep.trim() === '' || !Number.isInteger(keep) || keep < 1 || keep > 99)
    return 'ToastInvalidBackupsToKeep'
  const size = Number(d.maxBackupSize)
  if (d.maxBackupSize.trim() === '' || !Number.isFinite(size) || size < 0 || size > 1000)
    return 'ToastInvalidMaxBackupSize'
  const cron = d.schedule ? validateSchedule(d.schedule) : null
  return cron ? cronErrorKeys[cron] : null
}

export function toBackupSettingsRequest(
  d: BackupSettingsDraft,
): Pick<UpdateServerSettingsRequest, 'backupSchedule' | 'backupsToKeep' | 'maxBackupSize'> {
  return {
    backupSchedule: d.schedule ? scheduleToCron(d.schedule) : false,
    backupsToKeep: Number(d.backupsToKeep),
    maxBackupSize: Number(d.maxBackupSize),
  }
}
