import type { EmailSettings } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, PageHeader, QueryView, TextField, Toggle } from '@/components/ui/index.ts'
import { useUsers } from '@/features/config-users/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import {
  useEmailSettings,
  useSendTestEmail,
  useUpdateEmailSettings,
  useUpdateEreaderDevices,
} from '../api.ts'
import {
  emailSettingsDraft,
  toEmailSettingsRequest,
  validateEmailSettings,
  type EmailSettingsDraft,
} from '../model/email-settings-form.ts'
import { EreaderDevicesTable } from './EreaderDevicesTable.tsx'

/** /config/email: the SMTP server, a test email, and the ereader devices ebooks are sent to (admins). */
export function EmailSettingsPage() {
  const { t } = useTranslation()
  const query = useEmailSettings()
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('HeaderEmailSettings')} description={t('MessageEmailSettingsHelp')} />
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        {query.data && <SmtpForm key={settingsKey(query.data)} settings={query.data} />}
        {query.data && <AllEreaderDevices devices={query.data.ereaderDevices} />}
      </QueryView>
    </div>
  )
}

/** The form starts over when the stored settings change (saved here or elsewhere). */
const settingsKey = (s: EmailSettings) =>
  JSON.stringify([
    s.host,
    s.port,
    s.secure,
    s.rejectUnauthorized,
    s.user,
    s.pass,
    s.fromAddress,
    s.testAddress,
  ])

export function SmtpForm({ settings }: { settings: EmailSettings }) {
  const { t } = useTranslation()
  const update = useUpdateEmailSettings()
  const sendTest = useSendTestEmail()
  const [draft, setDraft] = useState<EmailSettingsDraft>(() => emailSettingsDraft(settings))
  const [submitted, setSubmitted] = useState(false)
  const errors = submitted ? validateEmailSettings(draft) : {}
  const saved = emailSettingsDraft(settings)
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft)
  const field =
    <K extends keyof EmailSettingsDraft>(key: K) =>
    (value: EmailSettingsDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(validateEmailSettings(draft)).length > 0) return
    update.mutate(toEmailSettingsRequest(draft), {
      onSuccess: () => toast.success(t('ToastEmailSettingsSaved')),
      onError: (error) => toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`),
    })
  }

  const test = () =>
    sendTest.mutate(undefined, {
      onSuccess: () => toast.success(t('ToastTestEmailSent', { address: settings.testAddress ?? '' })),
      // Spec §8: "Failed to send test email", with what the SMTP server said.
      onError: (error) => toast.error(`${t('ToastFailedToSendTestEmail')}: ${errorMessage(error, t)}`),
    })

  return (
    <section
      aria-labelledby="smtp-heading"
      className="rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="smtp-heading" className="mb-4 text-lg font-semibold">
        {t('HeaderSmtpServer')}
      </h2>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 sm:grid-cols-[1fr_8rem]"
        data-testid="smtp-form"
      >
        <TextField
          label={t('LabelSmtpHost')}
          value={draft.host}
          onChange={(e) => field('host')(e.target.value)}
          error={errors.host ? t(errors.host) : null}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('LabelSmtpPort')}
          value={draft.port}
          onChange={(e) => field('port')(e.target.value)}
          error={errors.port ? t(errors.port) : null}
          inputMode="numeric"
        />
        <div className="flex flex-col gap-3 sm:col-span-2">
          <Toggle
            checked={draft.secure}
            onChange={field('secure')}
            label={t('LabelSmtpSecure')}
            description={t('MessageSmtpSecureHelp')}
            testId="smtp-secure"
          />
          <Toggle
            checked={draft.rejectUnauthorized}
            onChange={field('rejectUnauthorized')}
            label={t('LabelSmtpRejectUnauthorized')}
            description={t('MessageSmtpRejectUnauthorizedHelp')}
          />
        </div>
        <TextField
          label={t('LabelUsername')}
          value={draft.user}
          onChange={(e) => field('user')(e.target.value)}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextField
          label={t('LabelPassword')}
          type="password"
          value={draft.pass}
          onChange={(e) => field('pass')(e.target.value)}
          onFocus={(e) => e.currentTarget.select()}
          hint={settings.pass ? t('MessageSmtpPasswordKept') : undefined}
          autoComplete="new-password"
          className="sm:col-span-2"
        />
        <TextField
          label={t('LabelFromAddress')}
          type="email"
          value={draft.fromAddress}
          onChange={(e) => field('fromAddress')(e.target.value)}
          error={errors.fromAddress ? t(errors.fromAddress) : null}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextField
          label={t('LabelTestAddress')}
          type="email"
          value={draft.testAddress}
          onChange={(e) => field('testAddress')(e.target.value)}
          error={errors.testAddress ? t(errors.testAddress) : null}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" loading={update.isPending} disabled={!dirty} data-testid="smtp-save">
            {t('ButtonSave')}
          </Button>
          <Button
            variant="secondary"
            onClick={test}
            loading={sendTest.isPending}
            disabled={dirty || !settings.host || !settings.testAddress}
            data-testid="smtp-test"
          >
            {t('ButtonSendTestEmail')}
          </Button>
        </div>
      </form>
    </section>
  )
}

function AllEreaderDevices({ devices }: { devices: EmailSettings['ereaderDevices'] }) {
  const { t } = useTranslation()
  const users = useUsers()
  const update = useUpdateEreaderDevices()
  return (
    <section aria-labelledby="ereader-heading" className="flex flex-col gap-3">
      <h2 id="ereader-heading" className="text-lg font-semibold">
        {t('HeaderEreaderDevices')}
      </h2>
      <EreaderDevicesTable
        devices={devices}
        users={users.data ?? []}
        saving={update.isPending}
        save={(next) => update.mutateAsync(next)}
        testId="ereader-devices"
      />
    </section>
  )
}
