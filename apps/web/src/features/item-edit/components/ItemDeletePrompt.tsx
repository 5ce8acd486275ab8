import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ConfirmPrompt } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { closeDeleteItem, useItemEditModal } from '@/lib/item-edit-modal.ts'
import { readString, storageKeys, writeString } from '@/lib/storage.ts'
import { toast } from '@/lib/toast-store.ts'
import { useDeleteItem } from '../api.ts'

/**
 * "Delete item?" with an "Also delete files from disk" box whose last choice is remembered (spec §3);
 * mounted once by the main layout and opened through `openDeleteItem`. Goes back to the library after.
 */
export function ItemDeletePrompt() {
  const { t } = useTranslation()
  const request = useItemEditModal((s) => s.deleteRequest)
  const remove = useDeleteItem()
  const navigate = useNavigate()

  const confirm = async (hard: boolean) => {
    if (!request) return
    writeString(storageKeys.hardDeleteDefault, hard ? '1' : '0')
    try {
      await remove.mutateAsync({ id: request.id, libraryId: request.libraryId, hard })
      toast.success(t('ToastItemDeleted'))
      closeDeleteItem()
      void navigate(`/library/${encodeURIComponent(request.libraryId)}`)
    } catch (error) {
      console.error('[item-edit] delete failed', error)
      toast.error(`${t('ToastDeleteFailed')}: ${errorMessage(error, t)}`)
    }
  }

  return (
    <ConfirmPrompt
      open={request !== null}
      title={t('HeaderDeleteItem')}
      message={t('MessageConfirmDeleteItem', { title: request?.title ?? '' })}
      yesLabel={t('ButtonDelete')}
      noLabel={t('ButtonCancel')}
      closeLabel={t('ButtonClose')}
      yesVariant="danger"
      checkboxLabel={t('LabelDeleteFilesFromDisk')}
      checkboxDefault={readString(storageKeys.hardDeleteDefault) === '1'}
      processing={remove.isPending}
      onConfirm={(hard) => void confirm(hard)}
      onCancel={closeDeleteItem}
      testId="item-delete-prompt"
    />
  )
}
