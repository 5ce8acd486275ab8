import type { EpisodeDownload, EpisodeDownloadQueue } from '@shelfcast/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { itemKeys } from '@/features/browse/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { podcastKeys } from './api.ts'
import { recordFinishedDownload } from './finished-downloads.ts'
import { applyDownloadEvent, type DownloadEventKind } from './model/download-queue.ts'

function patchQueue(queryClient: QueryClient, kind: DownloadEventKind, download: EpisodeDownload) {
  if (!download?.id || !download.libraryId) return
  // Only a queue page that has loaded is patched; a later visit fetches it whole.
  queryClient.setQueryData<EpisodeDownloadQueue>(podcastKeys.downloadQueue(download.libraryId), (old) =>
    old ? applyDownloadEvent(old, kind, download) : old,
  )
}

/**
 * episode_download_* keep the download queue page live (spec §2): rows move from queued to running,
 * progress bars advance, finished ones leave for the page's finished list; a finished download also
 * refreshes its podcast (new episode) and the library's latest episodes.
 */
export function registerPodcastSocketHandlers(): () => void {
  const offs = [
    socketEvents.register('episode_download_queued', ({ queryClient }, download: EpisodeDownload) =>
      patchQueue(queryClient, 'queued', download),
    ),
    socketEvents.register('episode_download_started', ({ queryClient }, download: EpisodeDownload) =>
      patchQueue(queryClient, 'started', download),
    ),
    socketEvents.register('episode_download_progress', ({ queryClient }, download: EpisodeDownload) =>
      patchQueue(queryClient, 'progress', download),
    ),
    socketEvents.register('episode_download_finished', ({ queryClient }, download: EpisodeDownload) => {
      if (!download?.id || !download.libraryId) return
      patchQueue(queryClient, 'finished', download)
      recordFinishedDownload(download)
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(download.libraryItemId) })
      void queryClient.invalidateQueries({ queryKey: podcastKeys.recentEpisodes(download.libraryId) })
    }),
    socketEvents.register(
      'episode_download_queue_updated',
      ({ queryClient }, payload: { libraryId: string } & EpisodeDownloadQueue) => {
        if (!payload?.libraryId) return
        const { libraryId, currentDownload, currentDownloads, queue } = payload
        queryClient.setQueryData<EpisodeDownloadQueue>(podcastKeys.downloadQueue(libraryId), {
          currentDownload,
          currentDownloads,
          queue,
        })
      },
    ),
  ]
  return () => offs.forEach((off) => off())
}
