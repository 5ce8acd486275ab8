import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { bookQueueEntry, browseKeys, itemKeys, itemTitle } from '@/features/browse/index.ts'
import { usePlayerStore, withPlayer } from '@/features/player/index.ts'
import { batchEmbedMetadata } from '@/features/tools/index.ts'
import { openAddToCollection } from '@/lib/add-to-list-modal.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import {
  clearItemSelection,
  deselectItems,
  setBatchEditItemIds,
  setProcessingBatch,
  useItemSelection,
  type SelectedMediaItem,
} from '@/lib/item-selection.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import {
  batchDeleteItems,
  batchDownloadUrl,
  batchQuickMatch,
  batchRescanItems,
  batchSetFinished,
  fetchBatchItems,
  type QuickMatchOptions,
} from '../api.ts'

/**
 * The selection bar's actions. Each runs with `processingBatch` set (the bar's buttons wait and a
 * spinner shows), ends with a toast, and clears the selection when it is done with it.
 */
export function useBatchActions(libraryId: string) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const selected = () => useItemSelection.getState().selectedMediaItems
  const idsOf = (items: readonly SelectedMediaItem[]) => items.map((s) => s.id)
  const failure = (fallback: string, error: unknown) => {
    console.error('[selection] batch action failed', error)
    toast.error(`${fallback}: ${errorMessage(error, t)}`)
  }

  /** Runs one batch call; a second one cannot start while it runs. */
  const run = async (work: () => Promise<void>) => {
    if (useItemSelection.getState().processingBatch) return
    setProcessingBatch(true)
    try {
      await work()
    } finally {
      setProcessingBatch(false)
    }
  }

  /** The selected books become the queue, in the order chosen, and the first plays. */
  const play = () =>
    run(async () => {
      try {
        const items = await fetchBatchItems(api, idsOf(selected()))
        const queue = items
          .filter(
            (item) => item.mediaType === 'book' && 'tracks' in item.media && item.media.tracks.length > 0,
          )
          .map((item) => bookQueueEntry(item, itemTitle(item) ?? t('LabelNoTitle')))
        const first = queue[0]
        if (!first) return
        usePlayerStore.setState({ queue })
        withPlayer(api, (controller) => {
          void controller.play({ libraryItemId: first.libraryItemId, queueItem: first })
        })
        setProcessingBatch(false)
        clearItemSelection()
      } catch (error) {
        failure(t('ToastFailedToGetItems'), error)
      }
    })

  const setFinished = (isFinished: boolean) =>
    run(async () => {
      try {
        const user = await batchSetFinished(api, idsOf(selected()), isFinished)
        useSessionStore.getState().setUser(user)
        void queryClient.invalidateQueries({ queryKey: browseKeys.personalized(libraryId) })
        toast.success(t(isFinished ? 'ToastBatchMarkedFinished' : 'ToastBatchMarkedNotFinished'))
        setProcessingBatch(false)
        clearItemSelection()
      } catch (error) {
        failure(t('ToastFailedToUpdate'), error)
      }
    })

  const addToCollection = () => openAddToCollection(libraryId, idsOf(selected()))

  const edit = () => {
    setBatchEditItemIds(idsOf(selected()))
    void navigate('/batch')
  }

  /** Resolves true when the items are gone (the prompt closes then). */
  const remove = async (hard: boolean): Promise<boolean> => {
    let done = false
    await run(async () => {
      const ids = idsOf(selected())
      try {
        await batchDeleteItems(api, ids, hard)
        for (const id of ids) queryClient.removeQueries({ queryKey: itemKeys.detail(id) })
        void queryClient.invalidateQueries({ queryKey: browseKeys.library(libraryId) })
        toast.success(t('ToastBatchDeleteSuccess', { count: ids.length }))
        deselectItems(ids)
        done = true
      } catch (error) {
        failure(t('ToastBatchDeleteFailed'), error)
      }
    })
    return done
  }

  const quickMatch = async (options: QuickMatchOptions): Promise<void> => {
    await run(async () => {
      const ids = idsOf(selected())
      try {
        await batchQuickMatch(api, ids, options)
        // The outcome arrives later by socket (batch_quickmatch_complete).
        toast.info(t('ToastBatchQuickMatchStarted', { count: ids.length }))
        setProcessingBatch(false)
        clearItemSelection()
      } catch (error) {
        failure(t('ToastBatchQuickMatchFailed'), error)
      }
    })
  }

  /** The items join the server's embed queue; each reports by socket (metadata_embed_queue_update, task events). */
  const quickEmbed = () =>
    run(async () => {
      const ids = idsOf(selected())
      try {
        const { numQueued } = await batchEmbedMetadata(api, ids)
        toast.info(t('ToastQuickEmbedQueued', { count: numQueued }))
        setProcessingBatch(false)
        clearItemSelection()
      } catch (error) {
        console.error('[selection] quick embed failed', error)
        // Spec §7: the server's text, else the fallback.
        toast.error(errorMessage(error, t, 'ToastQuickEmbedFailed'))
      }
    })

  const rescan = () =>
    run(async () => {
      const ids = idsOf(selected())
      try {
        await batchRescanItems(api, ids)
        toast.info(t('ToastBatchRescanStarted', { count: ids.length }))
        setProcessingBatch(false)
        clearItemSelection()
      } catch (error) {
        failure(t('ToastBatchRescanFailed'), error)
      }
    })

  /** The browser downloads the zip itself; the page stays. */
  const download = () => {
    const link = document.createElement('a')
    link.href = batchDownloadUrl(api, libraryId, idsOf(selected()))
    link.download = ''
    link.rel = 'noopener'
    document.body.appendChild(link)
    link.click()
    link.remove()
    clearItemSelection()
  }

  return { play, setFinished, addToCollection, edit, remove, quickMatch, quickEmbed, rescan, download }
}
