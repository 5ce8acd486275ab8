import type { SelectedMediaItem } from '@/lib/item-selection.ts'
import type { AnyItem } from './item-view.ts'

/** Audio tracks of an item in any form (the full form has only its audio files; 0 when unknown). */
export function itemTrackCount(item: { media: unknown }): number {
  const media = item.media as {
    numTracks?: number
    tracks?: unknown[]
    audioFiles?: { exclude: boolean; error: string | null }[]
  }
  return (
    media.numTracks ??
    media.tracks?.length ??
    media.audioFiles?.filter((f) => !f.exclude && !f.error).length ??
    0
  )
}

/** What selection mode keeps of a card's item; a collapsed series (many books) is not selectable. */
export function selectionEntryOf(item: AnyItem): SelectedMediaItem | null {
  if ('collapsedSeries' in item && item.collapsedSeries) return null
  return {
    id: item.id,
    libraryId: item.libraryId,
    mediaType: item.mediaType,
    playable: itemTrackCount(item) > 0,
  }
}
