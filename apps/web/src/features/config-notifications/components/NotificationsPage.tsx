import type { Notification, NotificationEvent, NotificationSettings } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Badge,
  Button,
  ConfirmPrompt,
  EmptyPanel,
  Icon,
  IconButton,
  PageHeader,
  QueryView,
  TextField,
  Toggle,
} from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale } from '@/lib/i18n/index.ts'
import { formatRelativeTime } from '@/lib/relative-time.ts'
import { toast } from '@/lib/toast-store.ts'
import {
  useDeleteNotification,
  useNotifications,
  useTestNotification,
  useToggleNotification,
  useUpdateNotificationSettings,
} from '../api.ts'
import {
  eventLabel,
  settingsDraft,
  toSettingsRequest,
  validateSettings,
  type NotificationSettingsDraft,
} from '../model/notification-form.ts'
import { NotificationModal } from './NotificationModal.tsx'

/** /config/notifications: the Apprise API server, the queue limits and the notifications per event (admins). */
export function NotificationsPage() {
  const { t } = useTranslation()
  const query = useNotifications()
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('HeaderNotifications')} description={t('MessageNotificationsHelp')} />
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        {query.data && (
          <>
            <SettingsForm key={settingsKey(query.data.settings)} settings={query.data.settings} />
            <NotificationList settings={query.data.settings} events={query.data.data.events} />
          </>
        )}
      </QueryView>
    </div>
  )
}

const settingsKey = (s: NotificationSettings) =>
  JSON.stringify([s.appriseApiUrl, s.maxFailedAttempts, s.maxNotificationQueue])

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation()
  const update = useUpdateNotificationSettings()
  const [draft, setDraft] = useState<NotificationSettingsDraft>(() => settingsDraft(settings))
  const [submitted, setSubmitted] = useState(false)
  const errors = submitted ? validateSettings(draft) : {}
  const dirty = JSON.stringify(settingsDraft(settings)) !== JSON.stringify(draft)
  const field = (key: keyof NotificationSettingsDraft) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(validateSettings(draft)).length > 0) return
    update.mutate(toSettingsRequest(draft), {
      onSuccess: () => toast.success(t('ToastNotificationSettingsUpdated')),
      onError: (error) => toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`),
    })
  }

  return (
    <section
      aria-labelledby="apprise-heading"
      className="rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="apprise-heading" className="mb-4 text-lg font-semibold">
        {t('HeaderAppriseApi')}
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="apprise-form">
        <TextField
          label={t('LabelAppriseApiUrl')}
          value={draft.appriseApiUrl}
          onChange={(e) => field('appriseApiUrl')(e.target.value)}
          error={errors.appriseApiUrl ? t(errors.appriseApiUrl) : null}
          hint={t('MessageAppriseApiUrlHelp')}
          placeholder="http://apprise:8000"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          className="sm:col-span-2"
        />
        <TextField
          label={t('LabelMaxFailedAttempts')}
          value={draft.maxFailedAttempts}
          onChange={(e) => field('maxFailedAttempts')(e.target.value)}
          error={errors.maxFailedAttempts ? t(errors.maxFailedAttempts) : null}
          hint={t('MessageMaxFailedAttemptsHelp')}
          inputMode="numeric"
        />
        <TextField
          label={t('LabelMaxNotificationQueue')}
          value={draft.maxNotificationQueue}
          onChange={(e) => field('maxNotificationQueue')(e.target.value)}
          error={errors.maxNotificationQueue ? t(errors.maxNotificationQueue) : null}
          hint={t('MessageMaxNotificationQueueHelp')}
          inputMode="numeric"
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={update.isPending} disabled={!dirty} data-testid="apprise-save">
            {t('ButtonSave')}
          </Button>
        </div>
      </form>
    </section>
  )
}

function NotificationList({
  settings,
  events,
}: {
  settings: NotificationSettings
  events: readonly NotificationEvent[]
}) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<Notification | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Notification | null>(null)
  const remove = useDeleteNotification()
  const toggle = useToggleNotification()
  const test = useTestNotification()
  // One "now" per render is plenty for "5 minutes ago".
  const [now] = useState(() => Date.now())
  const labelOf = (name: string) => eventLabel(name, t)

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('ToastNotificationDeleted')),
      onError: (error) => toast.error(`${t('ToastFailedToRemove')}: ${errorMessage(error, t)}`),
      onSettled: () => setDeleting(null),
    })
  }

  const sendTest = (n: Notification) =>
    test.mutate(n.id, {
      onSuccess: () => toast.success(t('ToastNotificationTestSent')),
      onError: (error) => toast.error(`${t('ToastNotificationTestFailed')}: ${errorMessage(error, t)}`),
    })

  const setEnabled = (n: Notification, enabled: boolean) =>
    toggle.mutate(
      { id: n.id, enabled },
      { onError: (error) => toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`) },
    )

  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notifications-heading" className="text-lg font-semibold">
          {t('HeaderNotificationList')}
        </h2>
        <Button
          variant="secondary"
          onClick={() => setEditing('new')}
          disabled={!settings.appriseApiUrl}
          data-testid="add-notification"
        >
          <Icon name="add" className="size-4" />
          {t('ButtonCreateNotification')}
        </Button>
      </div>
      {!settings.appriseApiUrl && <p className="text-sm text-muted">{t('MessageAppriseApiUrlFirst')}</p>}
      {settings.notifications.length === 0 ? (
        <EmptyPanel icon="bell">{t('MessageNoNotifications')}</EmptyPanel>
      ) : (
        <ul className="flex flex-col gap-3">
          {settings.notifications.map((n) => (
            <li
              key={n.id}
              data-testid="notification-row"
              className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-medium">{labelOf(n.eventName)}</p>
                  <ul className="text-sm text-muted">
                    {n.urls.map((url) => (
                      <li key={url} dir="ltr" className="break-all">
                        {url}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="flex items-center gap-1">
                  <Button
                    variant="secondary"
                    onClick={() => sendTest(n)}
                    loading={test.isPending && test.variables === n.id}
                    data-testid="notification-test"
                  >
                    {t('ButtonTest')}
                  </Button>
                  <IconButton
                    icon="edit"
                    label={t('ButtonEditNotification', { event: labelOf(n.eventName) })}
                    title={t('ButtonEdit')}
                    onClick={() => setEditing(n)}
                  />
                  <IconButton
                    icon="trash"
                    tone="danger"
                    label={t('ButtonDeleteNotification', { event: labelOf(n.eventName) })}
                    title={t('ButtonDelete')}
                    onClick={() => setDeleting(n)}
                  />
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
                <Toggle
                  checked={n.enabled}
                  onChange={(on) => setEnabled(n, on)}
                  label={t('LabelEnabled')}
                  testId="notification-enabled"
                />
                <span>
                  {t('LabelLastFired')}:{' '}
                  {n.lastFiredAt
                    ? formatRelativeTime(n.lastFiredAt, Math.max(now, n.lastFiredAt), dateLocale())
                    : t('LabelNever')}
                </span>
                {n.lastAttemptFailed && <Badge tone="error">{t('LabelLastAttemptFailed')}</Badge>}
                {n.numConsecutiveFailedAttempts > 0 && (
                  <span>{t('LabelConsecutiveFailures', { count: n.numConsecutiveFailedAttempts })}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <NotificationModal
          notification={editing === 'new' ? null : editing}
          events={events}
          onClose={() => setEditing(null)}
        />
      )}

      <ConfirmPrompt
        open={deleting !== null}
        title={t('HeaderDeleteNotification')}
        message={t('MessageConfirmDeleteNotification')}
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
