import type { LibraryItem, UpdateBookMediaRequest } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUpdateMedia, type PodcastMediaPatch } from '../api.ts'

/**
 * Saving a tab's changes through PATCH /api/items/:id/media: nothing changed sends nothing ('No updates
 * necessary'); the server's own comparison decides between 'Item updated' and no update; a refusal shows
 * the server's message. Resolves to the saved item, or null when nothing was saved.
 */
export function useMediaSave(itemId: string, onClose?: () => void) {
  const { t } = useTranslation()
  const update = useUpdateMedia(itemId)
  const save = async (
    body: UpdateBookMediaRequest | PodcastMediaPatch | null,
    close = false,
  ): Promise<LibraryItem | null> => {
    if (!body) {
      toast.info(t('ToastNoUpdatesNecessary'))
      if (close) onClose?.()
      return null
    }
    try {
      const answer = await update.mutateAsync(body)
      if (answer.updated) toast.success(t('ToastItemUpdated'))
      else toast.info(t('ToastNoUpdatesNecessary'))
      if (close) onClose?.()
      return answer.libraryItem
    } catch (error) {
      console.error('[item-edit] update failed', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
      return null
    }
  }
  return { save, pending: update.isPending, error: update.error, resetError: update.reset }
}
