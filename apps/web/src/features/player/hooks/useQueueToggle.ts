import { useTranslation } from 'react-i18next'
import { isQueued, sameQueueItem, type QueueItem } from '../model/queue-rules.ts'
import { addToQueue, removeFromQueue, usePlayerStore } from '../player-store.ts'

export interface QueueToggle {
  queued: boolean
  /** 'Add to queue' or 'Remove from queue'. */
  label: string
  toggle: () => void
}

/**
 * The add/remove-from-queue action for an item or episode: offered only while something else is playing
 * (as ABS does: with nothing playing there is no queue to extend, and the playing entry is always queued).
 */
export function useQueueToggle(item: QueueItem): QueueToggle | null {
  const { t } = useTranslation()
  const offered = usePlayerStore(
    (s) =>
      s.libraryItemId !== null &&
      !sameQueueItem(item, { libraryItemId: s.libraryItemId, episodeId: s.episodeId }),
  )
  const queued = usePlayerStore((s) => isQueued(s.queue, item))
  if (!offered) return null
  return {
    queued,
    label: queued ? t('ButtonRemoveFromQueue') : t('ButtonQueueAddItem'),
    toggle: () => (queued ? removeFromQueue(item) : addToQueue(item)),
  }
}
