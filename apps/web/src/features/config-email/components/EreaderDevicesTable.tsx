import type { EreaderDevice, User } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt, DataTable, EmptyPanel, Icon, IconButton } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { availabilityLabelKeys, withDevice } from '../model/ereader-device-form.ts'
import { EreaderDeviceModal } from './EreaderDeviceModal.tsx'

export interface EreaderDevicesTableProps {
  /** The devices listed and edited. */
  devices: readonly EreaderDevice[]
  /** Every device name in use, for the duplicate check (a user's list is part of the server's). */
  allDevices?: readonly EreaderDevice[]
  /** Admins: who may use each device is shown and chosen. */
  users?: readonly User[]
  saving: boolean
  /** Saves the whole new list; rejects with the server's error. */
  save: (devices: EreaderDevice[]) => Promise<unknown>
  testId?: string
}

/** A list of ereader devices with add, edit and delete; each change saves the whole list. */
export function EreaderDevicesTable({
  devices,
  allDevices = devices,
  users,
  saving,
  save,
  testId,
}: EreaderDevicesTableProps) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<EreaderDevice | 'new' | null>(null)
  const [deleting, setDeleting] = useState<EreaderDevice | null>(null)

  const submit = (device: EreaderDevice) => {
    const previous = editing === 'new' ? null : (editing?.name ?? null)
    save(withDevice(devices, device, previous)).then(
      () => {
        toast.success(t(previous === null ? 'ToastEreaderDeviceAdded' : 'ToastEreaderDeviceUpdated'))
        setEditing(null)
      },
      (error: unknown) =>
        toast.error(
          `${t(previous === null ? 'ToastFailedToAddDevice' : 'ToastFailedToUpdate')}: ${errorMessage(error, t)}`,
        ),
    )
  }

  const confirmDelete = () => {
    if (!deleting) return
    save(devices.filter((d) => d.name !== deleting.name)).then(
      () => {
        toast.success(t('ToastEreaderDeviceRemoved'))
        setDeleting(null)
      },
      (error: unknown) => {
        toast.error(`${t('ToastFailedToRemove')}: ${errorMessage(error, t)}`)
        setDeleting(null)
      },
    )
  }

  const whoMay = (device: EreaderDevice) => {
    if (device.availabilityOption !== 'specificUsers')
      return t(availabilityLabelKeys[device.availabilityOption])
    const names = device.users.map((id) => users?.find((u) => u.id === id)?.username ?? id)
    return names.join(', ')
  }

  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      <div>
        <Button variant="secondary" onClick={() => setEditing('new')} data-testid="add-ereader-device">
          <Icon name="add" className="size-4" />
          {t('ButtonAddDevice')}
        </Button>
      </div>
      {devices.length === 0 ? (
        <EmptyPanel icon="book">{t('MessageNoDevices')}</EmptyPanel>
      ) : (
        <DataTable
          columns={[t('LabelName'), t('LabelEmail'), ...(users ? [t('LabelDeviceIsAvailableTo')] : [])]}
          actionsLabel={t('LabelActions')}
          minWidthClass={users ? 'min-w-[36rem]' : 'min-w-[24rem]'}
        >
          {devices.map((device) => (
            <tr key={device.name} data-testid="ereader-device-row">
              <td className="px-4 py-3 font-medium">{device.name}</td>
              <td dir="ltr" className="px-4 py-3 break-all">
                {device.email}
              </td>
              {users && <td className="px-4 py-3">{whoMay(device)}</td>}
              <td className="px-4 py-3 text-end whitespace-nowrap">
                <IconButton
                  icon="edit"
                  label={t('ButtonEditDevice', { name: device.name })}
                  title={t('ButtonEdit')}
                  onClick={() => setEditing(device)}
                />
                <IconButton
                  icon="trash"
                  tone="danger"
                  label={t('ButtonDeleteDevice', { name: device.name })}
                  title={t('ButtonDelete')}
                  onClick={() => setDeleting(device)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {editing && (
        <EreaderDeviceModal
          device={editing === 'new' ? null : editing}
          devices={allDevices}
          users={users}
          processing={saving}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      )}

      <ConfirmPrompt
        open={deleting !== null}
        title={t('HeaderRemoveEreaderDevice')}
        message={t('MessageConfirmRemoveEreaderDevice', { name: deleting?.name ?? '' })}
        yesLabel={t('ButtonDelete')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={saving}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}
