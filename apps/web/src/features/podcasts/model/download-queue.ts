import type { EpisodeDownload, EpisodeDownloadQueue } from '@shelfcast/contracts'

/** The per-download socket events (spec §7) that reshape a library's cached queue. */
export type DownloadEventKind = 'queued' | 'started' | 'progress' | 'finished'

const without = (list: readonly EpisodeDownload[], id: string) => list.filter((d) => d.id !== id)

/** Replaces the entry with the same id in place (rows do not jump), or appends it. */
function upsert(list: readonly EpisodeDownload[], download: EpisodeDownload): EpisodeDownload[] {
  const index = list.findIndex((d) => d.id === download.id)
  if (index === -1) return [...list, download]
  const next = list.slice()
  next[index] = download
  return next
}

function withCurrent(currentDownloads: EpisodeDownload[], queue: EpisodeDownload[]): EpisodeDownloadQueue {
  return { currentDownload: currentDownloads[0] ?? null, currentDownloads, queue }
}

/**
 * The queue after one event: queued joins the waiting list, started and progress move or update the
 * entry among the running ones, finished (done, failed or cancelled) leaves both lists.
 */
export function applyDownloadEvent(
  queue: EpisodeDownloadQueue,
  kind: DownloadEventKind,
  download: EpisodeDownload,
): EpisodeDownloadQueue {
  switch (kind) {
    case 'queued':
      if (queue.currentDownloads.some((d) => d.id === download.id)) return queue
      return withCurrent(queue.currentDownloads, upsert(queue.queue, download))
    case 'started':
    case 'progress':
      // A late progress event of a download already finished has nothing to update.
      if (kind === 'progress' && !queue.currentDownloads.some((d) => d.id === download.id)) return queue
      return withCurrent(upsert(queue.currentDownloads, download), without(queue.queue, download.id))
    case 'finished':
      return withCurrent(without(queue.currentDownloads, download.id), without(queue.queue, download.id))
  }
}

/** How many finished downloads the queue page remembers per library. */
export const FINISHED_KEPT = 20

/** Newest first, one entry per download, at most FINISHED_KEPT. */
export function rememberFinished(
  list: readonly EpisodeDownload[],
  download: EpisodeDownload,
): EpisodeDownload[] {
  return [download, ...without(list, download.id)].slice(0, FINISHED_KEPT)
}

export interface PodcastQueueGroup {
  libraryItemId: string
  podcastTitle: string | null
  downloads: EpisodeDownload[]
}

/** The waiting downloads grouped by podcast, in queue order (each podcast gets a Clear queue button). */
export function groupByPodcast(queue: readonly EpisodeDownload[]): PodcastQueueGroup[] {
  const groups = new Map<string, PodcastQueueGroup>()
  for (const download of queue) {
    let group = groups.get(download.libraryItemId)
    if (!group) {
      group = { libraryItemId: download.libraryItemId, podcastTitle: download.podcastTitle, downloads: [] }
      groups.set(download.libraryItemId, group)
    }
    group.downloads.push(download)
  }
  return [...groups.values()]
}
