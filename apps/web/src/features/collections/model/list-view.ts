import type { Collection, Playlist, PodcastEpisode } from '@shelfcast/contracts'
import {
  bookQueueEntry,
  episodeQueueEntry,
  itemAuthor,
  itemDuration,
  itemTitle,
  itemTrackCount,
  type AnyItem,
} from '@/features/browse/index.ts'
import type { QueueItem } from '@/features/player/index.ts'
import type { ListEntryRef } from '@/lib/add-to-list-modal.ts'

export type ListKind = 'collection' | 'playlist'

/** One row of a collection (a book) or a playlist (a book or an episode), as the page lists it. */
export interface ListEntryView extends ListEntryRef {
  /** Unique within the list: the item id, plus the episode id for episodes. */
  key: string
  item: AnyItem | null
  episode: PodcastEpisode | null
  title: string | null
  /** Author of a book; the podcast's title for an episode. */
  subtitle: string | null
  duration: number
  /** Has audio to play. */
  playable: boolean
}

/** A collection or playlist, whichever it is, as the page and cards show it. */
export interface NamedListView {
  kind: ListKind
  id: string
  libraryId: string
  name: string
  description: string | null
  /** The playlist's owner; null for collections (shared by the library). */
  userId: string | null
  entries: ListEntryView[]
  /**
   * Only the first entries are here yet (a big list's first screen, before the whole list arrives):
   * `total` counts them all; nothing may be reordered, removed or played from a part.
   */
  partial: boolean
  total: number
}

export const entryKey = (ref: ListEntryRef): string =>
  ref.episodeId ? `${ref.libraryItemId}:${ref.episodeId}` : ref.libraryItemId

function bookEntry(item: AnyItem): ListEntryView {
  return {
    key: entryKey({ libraryItemId: item.id, episodeId: null }),
    libraryItemId: item.id,
    episodeId: null,
    item,
    episode: null,
    title: itemTitle(item),
    subtitle: itemAuthor(item),
    duration: itemDuration(item),
    playable: item.mediaType === 'book' && itemTrackCount(item) > 0 && !item.isMissing,
  }
}

function playlistEntry(entry: Playlist['items'][number]): ListEntryView {
  const item = entry.libraryItem ?? null
  const episode = entry.episode ?? null
  if (!episode) return item ? bookEntry(item) : missingEntry(entry.libraryItemId)
  return {
    key: entryKey({ libraryItemId: entry.libraryItemId, episodeId: episode.id }),
    libraryItemId: entry.libraryItemId,
    episodeId: episode.id,
    item,
    episode,
    title: episode.title,
    subtitle: item ? itemTitle(item) : null,
    duration: episode.duration,
    playable: episode.audioFile !== null || !!episode.audioTrack,
  }
}

/** An entry whose item the server did not send: listed so it can be removed, never played. */
function missingEntry(libraryItemId: string): ListEntryView {
  const ref = { libraryItemId, episodeId: null }
  return {
    ...ref,
    key: entryKey(ref),
    item: null,
    episode: null,
    title: null,
    subtitle: null,
    duration: 0,
    playable: false,
  }
}

export function collectionView(collection: Collection): NamedListView {
  return {
    kind: 'collection',
    id: collection.id,
    libraryId: collection.libraryId,
    name: collection.name,
    description: collection.description,
    userId: null,
    entries: collection.books.map(bookEntry),
    partial: collection.numBooks !== undefined && collection.numBooks > collection.books.length,
    total: Math.max(collection.numBooks ?? 0, collection.books.length),
  }
}

export function playlistView(playlist: Playlist): NamedListView {
  return {
    kind: 'playlist',
    id: playlist.id,
    libraryId: playlist.libraryId,
    name: playlist.name,
    description: playlist.description,
    userId: playlist.userId,
    entries: playlist.items.map(playlistEntry),
    partial: playlist.numItems !== undefined && playlist.numItems > playlist.items.length,
    total: Math.max(playlist.numItems ?? 0, playlist.items.length),
  }
}

export function totalDuration(entries: readonly ListEntryView[]): number {
  return entries.reduce((sum, entry) => sum + (entry.duration > 0 ? entry.duration : 0), 0)
}

/** The queue "Play all" sets: every playable entry, in list order. */
export function playAllQueue(entries: readonly ListEntryView[], noTitle: string): QueueItem[] {
  return entries.flatMap((entry) => {
    if (!entry.playable || !entry.item) return []
    if (!entry.episode) return [bookQueueEntry(entry.item, entry.title ?? noTitle)]
    const podcast = {
      title: itemTitle(entry.item) ?? noTitle,
      libraryId: entry.item.libraryId,
      coverPath: entry.item.media.coverPath,
    }
    return [episodeQueueEntry(entry.episode, podcast, null)]
  })
}

/** The items whose covers a list's fan shows: its first two (spec: a collection cover shows two books). */
export function fanItems(list: NamedListView): AnyItem[] {
  const seen = new Set<string>()
  const items: AnyItem[] = []
  for (const entry of list.entries) {
    if (!entry.item || seen.has(entry.item.id)) continue
    seen.add(entry.item.id)
    items.push(entry.item)
    if (items.length === 2) break
  }
  return items
}
