import type { EreaderDevice, User } from '@shelfcast/contracts'
import { ereaderAvailabilityOptions } from '@shelfcast/contracts/client'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Modal, SelectField, TextField } from '@/components/ui/index.ts'
import { toast } from '@/lib/toast-store.ts'
import {
  availabilityLabelKeys,
  ereaderDeviceDraft,
  isDuplicateDeviceName,
  toEreaderDevice,
  validateEreaderDevice,
  type EreaderDeviceDraft,
} from '../model/ereader-device-form.ts'

export interface EreaderDeviceModalProps {
  /** The device edited, or null to add one. */
  device: EreaderDevice | null
  /** Every device the list holds, for the duplicate-name check. */
  devices: readonly EreaderDevice[]
  /** Admins choose who may use the device (users for "specific users"); a user's own device is theirs alone. */
  users?: readonly User[]
  processing: boolean
  onSubmit: (device: EreaderDevice) => void
  onClose: () => void
}

/** Adds or edits an ereader device: name, email and (admins) who may use it. Mounted fresh on every opening. */
export function EreaderDeviceModal({
  device,
  devices,
  users,
  processing,
  onSubmit,
  onClose,
}: EreaderDeviceModalProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<EreaderDeviceDraft>(() => ereaderDeviceDraft(device ?? undefined))
  const [submitted, setSubmitted] = useState(false)
  const usersId = useId()
  const errors = submitted ? validateEreaderDevice(draft) : {}
  const formId = `${usersId}-form`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(validateEreaderDevice(draft)).length > 0) return
    if (isDuplicateDeviceName(draft.name, devices, device?.name ?? null)) {
      toast.error(t('ToastEreaderDeviceDuplicate'))
      return
    }
    onSubmit(toEreaderDevice(draft))
  }

  const toggleUser = (id: string, on: boolean) =>
    setDraft((d) => ({ ...d, users: on ? [...d.users, id] : d.users.filter((u) => u !== id) }))

  return (
    <Modal
      open
      onClose={onClose}
      title={device ? t('HeaderUpdateEreaderDevice') : t('HeaderAddEreaderDevice')}
      closeLabel={t('ButtonClose')}
      persistent
      processing={processing}
      testId="ereader-device-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={processing}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form={formId} loading={processing}>
            {device ? t('ButtonSave') : t('ButtonAdd')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t('LabelName')}
          value={draft.name}
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
          error={errors.name ? t(errors.name) : null}
          maxLength={100}
          autoComplete="off"
          data-autofocus
        />
        <TextField
          label={t('LabelEmail')}
          type="email"
          value={draft.email}
          onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
          error={errors.email ? t(errors.email) : null}
          hint={t('MessageEreaderEmailHint')}
          maxLength={254}
          autoComplete="off"
          inputMode="email"
        />
        {users && (
          <>
            <SelectField
              label={t('LabelDeviceIsAvailableTo')}
              value={draft.availabilityOption}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  availabilityOption:
                    ereaderAvailabilityOptions.find((o) => o === e.target.value) ?? d.availabilityOption,
                }))
              }
              options={ereaderAvailabilityOptions.map((value) => ({
                value,
                label: t(availabilityLabelKeys[value]),
              }))}
            />
            {draft.availabilityOption === 'specificUsers' && (
              <fieldset aria-describedby={errors.users ? `${usersId}-error` : undefined}>
                <legend className="mb-2 text-sm font-medium">{t('LabelUsers')}</legend>
                <div className="flex max-h-48 flex-col gap-2 overflow-y-auto">
                  {users.map((u) => (
                    <Checkbox
                      key={u.id}
                      checked={draft.users.includes(u.id)}
                      onChange={(on) => toggleUser(u.id, on)}
                      label={u.username}
                    />
                  ))}
                </div>
                {errors.users && (
                  <p id={`${usersId}-error`} className="mt-1 text-xs text-error">
                    {t(errors.users)}
                  </p>
                )}
              </fieldset>
            )}
          </>
        )}
      </form>
    </Modal>
  )
}
