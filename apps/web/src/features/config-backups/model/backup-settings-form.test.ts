import { describe, expect, it } from 'vitest'
import {
  backupSettingsDraft,
  backupSettingsProblem,
  toBackupSettingsRequest,
} from './backup-settings-form.ts'

const saved = { backupSchedule: '30 1 * * *' as const, backupsToKeep: 2, maxBackupSize: 1 }

describe('backup settings form', () => {
  it('round-trips the stored settings, false meaning no schedule', () => {
    expect(toBackupSettingsRequest(backupSettingsDraft(saved))).toEqual(saved)
    expect(toBackupSettingsRequest(backupSettingsDraft({ ...saved, backupSchedule: false }))).toEqual({
      ...saved,
      backupSchedule: false,
    })
  })

  it('names the spec messages for a bad count or size (0 GB means unlimited)', () => {
    const draft = backupSettingsDraft(saved)
    expect(backupSettingsProblem(draft)).toBeNull()
    expect(backupSettingsProblem({ ...draft, backupsToKeep: '0' })).toBe('ToastInvalidBackupsToKeep')
    expect(backupSettingsProblem({ ...draft, backupsToKeep: '1.5' })).toBe('ToastInvalidBackupsToKeep')
    expect(backupSettingsProblem({ ...draft, maxBackupSize: '-1' })).toBe('ToastInvalidMaxBackupSize')
    expect(backupSettingsProblem({ ...draft, maxBackupSize: '' })).toBe('ToastInvalidMaxBackupSize')
    expect(backupSettingsProblem({ ...draft, maxBackupSize: '0' })).toBeNull()
    expect(backupSettingsProblem({ ...draft, schedule: { kind: 'custom', expression: '* *' } })).toBe(
      'MessageCronFiveFields',
    )
  })
})
