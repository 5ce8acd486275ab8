import { usePlayerStore, withPlayer, type QueueItem } from '@/features/player/index.ts'
import { useApiClient } from '@/lib/api/index.ts'

/**
 * Plays an episode from a given second (the episode view's time stamps): the episode already loaded
 * seeks there and plays on; any other starts a session at that time.
 */
export function usePlayEpisodeAt(target: {
  libraryItemId: string
  episodeId: string
  queueItem?: QueueItem
}): (seconds: number) => void {
  const api = useApiClient()
  return (seconds) =>
    withPlayer(api, (controller) => {
      const player = usePlayerStore.getState()
      const current =
        player.session !== null &&
        player.libraryItemId === target.libraryItemId &&
        player.episodeId === target.episodeId
      if (current) {
        controller.seek(seconds)
        if (player.state === 'PAUSED' || player.state === 'LOADED') controller.playPause()
        return
      }
      void controller.play({
        libraryItemId: target.libraryItemId,
        episodeId: target.episodeId,
        queueItem: target.queueItem,
        startTime: seconds,
      })
    })
}
