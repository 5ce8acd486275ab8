import type { SelectedMediaItem } from '@/lib/item-selection.ts'
import type { AnyItem } from './item-view.ts'

/** Audio tracks of an item in any form (the full form has only its audio files; 0 when unknown). */
export function itemTrackCount(item: AnyItem): number {
  if (item.mediaType === 'podcast') return 0
  const media = item.media
  if ('numTracks' in media) return media.numTracks
  return media.audioFiles.filter((f) => !f.exclude && !f.error).length
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
