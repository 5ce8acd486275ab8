import { isSendableEbookFormat } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { MenuRow, SubMenu } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useSendEbookToDevice } from '../api.ts'

/** Whether the item page offers Send to device: a sendable ebook and at least one device the user may use. */
export function useCanSendToDevice(ebookFormat: string | null | undefined): boolean {
  const hasDevices = useSessionStore((s) => s.ereaderDevices.length > 0)
  return hasDevices && isSendableEbookFormat(ebookFormat)
}

/**
 * "Send to device" in an item's actions menu: a submenu of the devices the user may use, for an EPUB, PDF,
 * MOBI or AZW3 ebook. Nothing shows without such an ebook or a device.
 */
export function SendToDeviceMenu({
  libraryItemId,
  ebookFormat,
}: {
  libraryItemId: string
  ebookFormat: string | null | undefined
}) {
  const { t } = useTranslation()
  const devices = useSessionStore((s) => s.ereaderDevices)
  const send = useSendEbookToDevice({
    sending: (name) => toast.info(t('ToastSendingEbook', { name }), { timeoutMs: null }),
    sent: (name, pending) => {
      toast.dismiss(pending)
      toast.success(t('ToastEbookSent', { name }))
    },
    // Spec §8: "Failed to send ebook to device", with the server's (SMTP server's) message.
    failed: (error, pending) => {
      toast.dismiss(pending)
      toast.error(`${t('ToastFailedToSendEbook')}: ${errorMessage(error, t)}`)
    },
  })
  const offered = useCanSendToDevice(ebookFormat)
  if (!offered) return null

  const sendTo = (deviceName: string) => send.mutate({ libraryItemId, deviceName })

  return (
    <SubMenu label={t('LabelSendEbookToDevice')} testId="menu-send-to-device">
      {devices.map((device) => (
        <MenuRow key={device.name} onClick={() => sendTo(device.name)} testId="menu-send-to-device-option">
          {device.name}
        </MenuRow>
      ))}
    </SubMenu>
  )
}
