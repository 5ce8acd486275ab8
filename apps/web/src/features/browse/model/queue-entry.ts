import type { PodcastEpisode } from '@shelfcast/contracts'
import type { QueueItem } from '@/features/player/index.ts'
import { itemAuthor, itemCoverPath, itemDuration, type AnyItem } from './item-view.ts'

/** A book as the player queue lists it: its title, the author under it, its duration and cover. */
export function bookQueueEntry(item: AnyItem, title: string): QueueItem {
  const duration = itemDuration(item)
  return {
    libraryItemId: item.id,
    episodeId: null,
    title,
    subtitle: itemAuthor(item),
    caption: null,
    duration: duration > 0 ? duration : null,
    coverPath: itemCoverPath(item),
    libraryId: item.libraryId,
  }
}

/** An episode as the queue lists it: its title, the podcast under it, the publication date as caption. */
export function episodeQueueEntry(
  episode: PodcastEpisode,
  podcast: { title: string; libraryId: string; coverPath: string | null },
  caption: string | null,
): QueueItem {
  return {
    libraryItemId: episode.libraryItemId,
    episodeId: episode.id,
    title: episode.title,
    subtitle: podcast.title,
    caption,
    duration: episode.duration > 0 ? episode.duration : null,
    coverPath: podcast.coverPath,
    libraryId: podcast.libraryId,
  }
}
