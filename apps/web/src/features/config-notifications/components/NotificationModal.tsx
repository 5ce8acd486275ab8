import type { Notification, NotificationEvent } from '@shelfcast/contracts'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Modal, SelectField, TextAreaField, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useSaveNotification } from '../api.ts'
import {
  eventLabel,
  notificationDraft,
  toNotificationInput,
  validateNotification,
  withEvent,
  withLocalizedDefaults,
  type NotificationDraft,
} from '../model/notification-form.ts'

/** Creates or edits a notification: event, Apprise URLs, title and body templates. Mounted fresh each opening. */
export function NotificationModal({
  notification,
  events: serverEvents,
  onClose,
}: {
  notification: Notification | null
  events: readonly NotificationEvent[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const events = useMemo(() => serverEvents.map((e) => withLocalizedDefaults(e, t)), [serverEvents, t])
  const save = useSaveNotification()
  const [draft, setDraft] = useState<NotificationDraft>(() => notificationDraft(notification, events))
  const [submitted, setSubmitted] = useState(false)
  const errors = submitted ? validateNotification(draft) : {}
  const formId = `${useId()}-form`
  const event = events.find((e) => e.name === draft.eventName)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (Object.keys(validateNotification(draft)).length > 0) return
    save.mutate(
      { id: notification?.id ?? null, body: toNotificationInput(draft) },
      {
        onSuccess: () => {
          toast.success(t(notification ? 'ToastNotificationUpdated' : 'ToastNotificationCreated'))
          onClose()
        },
        onError: (error) =>
          toast.error(
            `${t(notification ? 'ToastFailedToUpdate' : 'ToastNotificationCreateFailed')}: ${errorMessage(error, t)}`,
          ),
      },
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={notification ? t('HeaderNotificationUpdate') : t('HeaderNotificationCreate')}
      closeLabel={t('ButtonClose')}
      persistent
      processing={save.isPending}
      testId="notification-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {notification ? t('ButtonSave') : t('ButtonAdd')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <SelectField
          label={t('LabelNotificationEvent')}
          value={draft.eventName}
          onChange={(e) => setDraft((d) => withEvent(d, e.target.value, events))}
          options={events.map((ev) => ({
            value: ev.name,
            label: eventLabel(ev.name, t),
          }))}
          data-autofocus
        />
        {event && <p className="-mt-3 text-xs text-muted">{event.description}</p>}
        <TextAreaField
          label={t('LabelNotificationAppriseUrls')}
          hint={errors.urls ? t(errors.urls) : t('MessageNotificationAppriseUrlsHelp')}
          value={draft.urls}
          onChange={(e) => setDraft((d) => ({ ...d, urls: e.target.value }))}
          aria-invalid={errors.urls ? true : undefined}
          rows={3}
          spellCheck={false}
          autoComplete="off"
        />
        <TextField
          label={t('LabelNotificationTitleTemplate')}
          value={draft.titleTemplate}
          onChange={(e) => setDraft((d) => ({ ...d, titleTemplate: e.target.value }))}
          error={errors.titleTemplate ? t(errors.titleTemplate) : null}
          autoComplete="off"
        />
        <TextAreaField
          label={t('LabelNotificationBodyTemplate')}
          hint={errors.bodyTemplate ? t(errors.bodyTemplate) : undefined}
          value={draft.bodyTemplate}
          onChange={(e) => setDraft((d) => ({ ...d, bodyTemplate: e.target.value }))}
          aria-invalid={errors.bodyTemplate ? true : undefined}
          rows={5}
        />
        {event && (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{t('LabelNotificationAvailableVariables')}</p>
            <ul className="flex flex-wrap gap-2" data-testid="notification-variables">
              {event.variables.map((v) => (
                <li key={v}>
                  <code className="rounded bg-surface-raised px-2 py-0.5 text-xs">{`{{${v}}}`}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </Modal>
  )
}
