import type { TFunction } from 'i18next'
import { formatNumber } from '@/lib/format.ts'

const countKeys = {
  Book: 'LabelBookCount',
  Podcast: 'LabelPodcastCount',
  Series: 'LabelSeriesCount',
  Author: 'LabelAuthorCount',
  Narrator: 'LabelNarratorCount',
  Item: 'LabelItemCount',
  Episode: 'LabelEpisodeCount',
  Collection: 'LabelCollectionCount',
  Playlist: 'LabelPlaylistCount',
} as const

export type CountNoun = keyof typeof countKeys

/** "1 book", "12,345 books": a count with its noun, the number formatted for the language. */
export function countText(t: TFunction, noun: CountNoun, count: number, locale?: string): string {
  return t(countKeys[noun], { count, formatted: formatNumber(count, locale) })
}
