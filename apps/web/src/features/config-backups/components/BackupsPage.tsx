import type { Backup, ServerSettings } from '@shelfcast/contracts'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  ConfirmPrompt,
  DataTable,
  EmptyPanel,
  Icon,
  IconButton,
  PageHeader,
  QueryView,
  TextField,
} from '@/components/ui/index.ts'
import { ScheduleEditor, type ScheduleLabelKeys } from '@/features/config-libraries/index.ts'
import { useUpdateServerSettings } from '@/features/settings/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { formatBytes } from '@/lib/format.ts'
import { dateLocale, useLanguage } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDateTime } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import {
  useApplyBackup,
  useBackupDownloadUrl,
  useBackups,
  useCreateBackup,
  useDeleteBackup,
  useUpdateBackupPath,
  useUploadBackup,
} from '../api.ts'
import {
  backupSettingsDraft,
  backupSettingsProblem,
  toBackupSettingsRequest,
  type BackupSettingsDraft,
} from '../model/backup-settings-form.ts'

const scheduleLabels: ScheduleLabelKeys = {
  enabled: 'LabelAutomaticBackups',
  enabledHelp: 'MessageAutomaticBackupsHelp',
  interval: 'LabelBackupInterval',
}

/** /config/backups: create, upload, download, restore and delete backups; their schedule, count, size, folder. */
export function BackupsPage() {
  const { t } = useTranslation()
  useLanguage()
  const settings = useSessionStore((s) => s.serverSettings)
  const token = useSessionStore((s) => s.accessToken)
  const query = useBackups()
  const create = useCreateBackup()
  const remove = useDeleteBackup()
  const upload = useUploadBackup()
  const apply = useApplyBackup()
  const downloadUrl = useBackupDownloadUrl()
  const fileInput = useRef<HTMLInputElement>(null)
  const [confirm, setConfirm] = useState<{ kind: 'restore' | 'delete'; backup: Backup } | null>(null)

  const when = (ms: number) => formatDateTime(ms, settings, dateLocale())

  const makeBackup = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success(t('ToastBackupCreated')),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastBackupCreateFailed')),
    })

  const sendFile = (file: File | undefined) => {
    if (!file) return
    upload.mutate(file, {
      onSuccess: () => toast.success(t('ToastBackupUploaded')),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastBackupUploadFailed')),
      onSettled: () => {
        if (fileInput.current) fileInput.current.value = ''
      },
    })
  }

  const confirmed = () => {
    if (!confirm) return
    const { kind, backup } = confirm
    if (kind === 'delete')
      remove.mutate(backup.id, {
        onSuccess: () => toast.success(t('ToastBackupDeleted')),
        onError: (error) => toast.error(errorMessage(error, t, 'ToastBackupDeleteFailed')),
        onSettled: () => setConfirm(null),
      })
    else
      apply.mutate(backup.id, {
        // backup_applied reloads the page once the server is back on the restored database.
        onSuccess: () => toast.info(t('ToastBackupApplied'), { timeoutMs: 60_000 }),
        onError: (error) => toast.error(errorMessage(error, t, 'ToastBackupRestoreFailed')),
        onSettled: () => setConfirm(null),
      })
  }

  const backups = query.data?.backups ?? []
  const busy = create.isPending || upload.isPending

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeader title={t('HeaderBackups')} description={t('MessageBackupsHelp')} />
        {/* Below the header, not beside it: two buttons beside the text squeeze it on a phone. */}
        <div className="flex flex-wrap gap-2">
          <Button onClick={makeBackup} disabled={busy} data-testid="backup-create">
            <Icon name="add" className="size-4" />
            {t('ButtonCreateBackup')}
          </Button>
          <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={busy}>
            <Icon name="upload" className="size-4" />
            {t('ButtonUpload')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".audiobookshelf"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="backup-upload-input"
            onChange={(e) => sendFile(e.target.files?.[0])}
          />
        </div>
      </div>

      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        {backups.length === 0 ? (
          <EmptyPanel icon="database">{t('MessageNoBackups')}</EmptyPanel>
        ) : (
          <DataTable
            testId="backups-table"
            columns={[t('LabelDate')]}
            actionsLabel={t('LabelActions')}
            minWidthClass="min-w-0"
          >
            {backups.map((backup) => {
              const date = when(backup.createdAt)
              return (
                <tr key={backup.id} data-testid="backup-row">
                  <td className="px-4 py-3">
                    <time dateTime={new Date(backup.createdAt).toISOString()} className="block font-medium">
                      {date}
                    </time>
                    <span className="text-xs text-muted tabular-nums">{formatBytes(backup.fileSize)}</span>
                  </td>
                  <td className="px-2 py-3 sm:px-4">
                    <div className="flex justify-end gap-1">
                      <IconButton
                        icon="refresh"
                        label={`${t('ButtonRestore')} ${date}`}
                        title={t('ButtonRestore')}
                        onClick={() => setConfirm({ kind: 'restore', backup })}
                        data-testid="backup-restore"
                      />
                      <a
                        href={downloadUrl(backup.id, token)}
                        download={backup.filename}
                        aria-label={`${t('ButtonDownload')} ${date}`}
                        title={t('ButtonDownload')}
                        data-testid="backup-download"
                        className="inline-flex rounded-lg p-2 text-muted transition hover:bg-surface-raised hover:text-fg"
                      >
                        <Icon name="download" className="size-4.5" />
                      </a>
                      <IconButton
                        icon="trash"
                        tone="danger"
                        label={`${t('ButtonDelete')} ${date}`}
                        title={t('ButtonDelete')}
                        onClick={() => setConfirm({ kind: 'delete', backup })}
                        data-testid="backup-delete"
                      />
                    </div>
                  </td>
                </tr>
              )
            })}
          </DataTable>
        )}
      </QueryView>

      {settings && <BackupSettingsForm key={settingsKey(settings)} settings={settings} />}
      {query.data && (
        <BackupLocationForm
          key={query.data.backupLocation}
          location={query.data.backupLocation}
          fromEnv={query.data.backupPathEnvSet}
        />
      )}

      <ConfirmPrompt
        open={confirm !== null}
        title={confirm?.kind === 'restore' ? t('ButtonRestore') : t('ButtonDelete')}
        message={
          confirm
            ? t(confirm.kind === 'restore' ? 'MessageConfirmRestoreBackup' : 'MessageConfirmDeleteBackup', {
                date: when(confirm.backup.createdAt),
              })
            : ''
        }
        yesLabel={confirm?.kind === 'restore' ? t('ButtonRestore') : t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={apply.isPending || remove.isPending}
        onConfirm={confirmed}
        onCancel={() => setConfirm(null)}
        testId="backup-confirm"
      />
    </div>
  )
}

const settingsKey = (s: ServerSettings) =>
  JSON.stringify([s.backupSchedule, s.backupsToKeep, s.maxBackupSize])

function BackupSettingsForm({ settings }: { settings: ServerSettings }) {
  const { t } = useTranslation()
  const update = useUpdateServerSettings()
  const [draft, setDraft] = useState<BackupSettingsDraft>(() => backupSettingsDraft(settings))
  const [submitted, setSubmitted] = useState(false)
  const problem = submitted ? backupSettingsProblem(draft) : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const found = backupSettingsProblem(draft)
    if (found) return void toast.error(t(found))
    update.mutate(toBackupSettingsRequest(draft), {
      onSuccess: () => toast.success(t('ToastServerSettingsUpdateSuccess')),
      onError: (error) => toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`),
    })
  }

  return (
    <section
      aria-labelledby="backup-settings"
      className="rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="backup-settings" className="mb-4 text-lg font-semibold">
        {t('HeaderSchedule')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="backup-settings-form">
        <ScheduleEditor
          schedule={draft.schedule}
          onChange={(schedule) => setDraft((d) => ({ ...d, schedule }))}
          labelKeys={scheduleLabels}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('LabelBackupsToKeep')}
            value={draft.backupsToKeep}
            inputMode="numeric"
            onChange={(e) => setDraft((d) => ({ ...d, backupsToKeep: e.target.value }))}
            error={problem === 'ToastInvalidBackupsToKeep' ? t(problem) : null}
          />
          <TextField
            label={t('LabelMaxBackupSize')}
            value={draft.maxBackupSize}
            inputMode="decimal"
            onChange={(e) => setDraft((d) => ({ ...d, maxBackupSize: e.target.value }))}
            error={problem === 'ToastInvalidMaxBackupSize' ? t(problem) : null}
          />
        </div>
        <div>
          <Button type="submit" disabled={update.isPending}>
            {t('ButtonSave')}
          </Button>
        </div>
      </form>
    </section>
  )
}

/** The backup folder; read-only when the server's BACKUP_PATH sets it. */
function BackupLocationForm({ location, fromEnv }: { location: string; fromEnv: boolean }) {
  const { t } = useTranslation()
  const update = useUpdateBackupPath()
  const [value, setValue] = useState(location)
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!value.trim()) return setError(t('ToastBackupPathEmpty'))
    setError(null)
    update.mutate(value.trim(), {
      onSuccess: () => toast.success(t('ToastServerSettingsUpdateSuccess')),
      onError: (err) => setError(errorMessage(err, t)),
    })
  }

  return (
    <section
      aria-labelledby="backup-location"
      className="rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="backup-location" className="mb-4 text-lg font-semibold">
        {t('LabelBackupLocation')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <TextField
          label={t('LabelPath')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          hint={fromEnv ? t('LabelBackupPathEnvSetHelp') : undefined}
          readOnly={fromEnv}
          spellCheck={false}
          className="sm:flex-1"
        />
        {!fromEnv && (
          <Button type="submit" disabled={update.isPending || value === location} className="sm:mt-6">
            {t('ButtonSave')}
          </Button>
        )}
      </form>
    </section>
  )
}
