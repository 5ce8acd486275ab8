import { useTranslation } from 'react-i18next'
import { usePlayerStore, withPlayer } from '@/features/player/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { playAllQueue, type ListEntryView } from '../model/list-view.ts'

/**
 * "Play all": the queue becomes the list's playable entries in order and the first plays (playing a
 * queued entry keeps the queue, so the rest follow with Auto Play). Null when nothing can play.
 */
export function usePlayAll(entries: readonly ListEntryView[]): (() => void) | null {
  const { t } = useTranslation()
  const api = useApiClient()
  const queue = playAllQueue(entries, t('LabelNoTitle'))
  const first = queue[0]
  if (!first) return null
  return () => {
    usePlayerStore.setState({ queue })
    withPlayer(api, (controller) => {
      void controller.play({
        libraryItemId: first.libraryItemId,
        episodeId: first.episodeId,
        queueItem: first,
      })
    })
  }
}
